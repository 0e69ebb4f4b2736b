// Adjustments, receivable and payable: list (applied: the adjustment report; pending: the unapplied one), add,
// apply (SPEC §7 operation: adjustments; SPEC §8 'Adjustment applied.').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentInputSchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentResultSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];
const billing = { page: 'invoices' };

export const adjustmentsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/operation/adjustments',
    {
      config: billing,
      schema: {
        tags,
        summary: 'Adjustments, newest first: Applied (by default) or Pending; receivable, payable or both',
        querystring: adjustmentListQuerySchema,
        response: { 200: adjustmentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listAdjustments(services, request.ctx, request.query),
  );
  app.post(
    '/api/operation/adjustments',
    {
      config: billing,
      schema: {
        tags,
        summary:
          "Add an adjustment, Pending: receivable (a credit on an invoice) or payable (to or from a clinician's next export)",
        body: adjustmentInputSchema,
        response: { 200: adjustmentResultSchema, ...errorResponses },
      },
    },
    async (request) => service.createAdjustment(services, request.ctx, request.body),
  );
  app.post(
    '/api/operation/adjustments/:id/apply',
    {
      config: billing,
      schema: {
        tags,
        summary: "Apply a pending adjustment (a receivable credit at most the invoice's balance)",
        params: idParamsSchema,
        response: { 200: adjustmentResultSchema, ...errorResponses },
      },
    },
    async (request) => service.applyAdjustment(services, request.ctx, request.params.id),
  );
};
