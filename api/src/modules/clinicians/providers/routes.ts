import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  PROVIDER_EXPORT_MAX_ROWS,
  providerExportQuerySchema,
  providerListQuerySchema,
  providerListResponseSchema,
  providerSkillsResponseSchema,
} from '@carelane/shared-domain';
import { contentDisposition } from '../../../lib/content-disposition';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['clinicians'];
// The clinician list's page key: administrators and the staffing roles (shared-domain privileges.ts).
const config = { page: 'providers' };

export const providersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/providers',
    {
      config,
      schema: {
        tags,
        summary: 'Clinicians matching the filters (default provider status 3, active), by name',
        querystring: providerListQuerySchema,
        response: { 200: providerListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listProviders(services, request.query),
  );

  app.get(
    '/api/admin/providers/export',
    {
      config,
      schema: {
        tags,
        summary: `The filtered clinician list as CSV (up to ${PROVIDER_EXPORT_MAX_ROWS} clinicians, in the list's order)`,
        produces: ['text/csv'],
        querystring: providerExportQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.exportProviders(services, request.query);
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .send(CSV_BOM + csv);
    },
  );

  app.get(
    '/api/admin/providers/skills',
    {
      config,
      schema: {
        tags,
        summary: "The skills clinicians hold, for the list's skills filter",
        response: { 200: providerSkillsResponseSchema, ...errorResponses },
      },
    },
    async () => service.listSkills(services),
  );
};
