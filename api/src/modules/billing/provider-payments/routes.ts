// Clinicians' pay and the NACHA files that pay it (SPEC §7 operation: payments; the issue's nachaFiles calls).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNachaFileSchema,
  idParamsSchema,
  nachaFileListSchema,
  nachaFileResultSchema,
  providerPaymentListSchema,
  providerPaymentsQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];
const staff = { page: 'providerPayments' };

export const providerPaymentsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/operation/providerPayments',
    {
      config: { page: ['providerPayments', 'myVisits'], patientRead: { kind: 'payList' } },
      schema: {
        tags,
        summary:
          "Clinicians' pay per approved visit by the rate engine, with its explanation: Ready For Export, then Exported (billing staff: all; a clinician: their own). By default Ready For Export, dates of service from 30 days ago to 30 days ahead",
        querystring: providerPaymentsQuerySchema,
        response: { 200: providerPaymentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listProviderPayments(services, request.ctx, request.query),
  );

  app.post(
    '/api/operation/nachaFiles',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Export the chosen Ready For Export payments: a PPD credit file, one entry per clinician (pay + adjustments − fines), validated, released and the payments marked Exported in one transaction',
        body: createNachaFileSchema,
        response: { 200: nachaFileResultSchema, ...errorResponses },
      },
    },
    async (request) => service.releaseNachaFile(services, request.ctx, request.body),
  );

  app.get(
    '/api/operation/nachaFiles',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The NACHA files released, newest first',
        response: { 200: nachaFileListSchema, ...errorResponses },
      },
    },
    async (request) => service.listNachaFiles(services, request.ctx),
  );

  app.get(
    '/api/operation/nachaFiles/:id',
    {
      // Pay staff only, checked by the service, so that a refused attempt is in the audit log too.
      config: {},
      schema: {
        tags,
        summary:
          'A NACHA file as released (text/plain, 94-character records), to pay staff; every download and refused attempt is in the audit log',
        produces: ['text/plain'],
        params: idParamsSchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await service.nachaFileText(services, request.ctx, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=us-ascii')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
