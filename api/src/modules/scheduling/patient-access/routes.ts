import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  idParamsSchema,
  patientAccessListSchema,
  patientAccessQuerySchema,
} from '@carelane/shared-domain';
import { contentDisposition } from '../../../lib/content-disposition';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['patients'];
// The accounting of reads is audit data: the roles of the audit log page see it.
const config = { page: 'activityLogs' };
const exportQuerySchema = patientAccessQuerySchema.omit({ pageNumber: true, pageSize: true });

export const patientAccessRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/patients/:id/access',
    {
      config,
      schema: {
        tags,
        summary: 'Who has seen this patient: every read of their data, newest first (default last 30 days)',
        params: idParamsSchema,
        querystring: patientAccessQuerySchema,
        response: { 200: patientAccessListSchema, ...errorResponses },
      },
    },
    async (request) => service.listPatientAccess(services, request.params.id, request.query),
  );

  app.get(
    '/api/admin/patients/:id/access/export',
    {
      config,
      schema: {
        tags,
        summary: `Who has seen this patient, as CSV (up to ${service.ACCESS_EXPORT_MAX_ROWS} entries, newest first)`,
        produces: ['text/csv'],
        params: idParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.exportPatientAccess(
        services,
        request.ctx,
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .send(CSV_BOM + csv);
    },
  );
};
