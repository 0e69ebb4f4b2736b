// Payments from organizations: record one, list them, apply one to invoices (SPEC §7 operation: payments).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyPaymentSchema,
  apiErrorSchema,
  createPaymentSchema,
  duplicatePaymentErrorSchema,
  idParamsSchema,
  idempotencyKeyHeadersSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentResultSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];
const billing = { page: 'invoices' };

export const paymentsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.post(
    '/api/operation/payments',
    {
      config: billing,
      schema: {
        tags,
        summary:
          'Record a payment received from an organization (check, ACH or card), not applied yet. One of the same organization, reference, amount and received date is refused (409 DUPLICATE_PAYMENT, naming it) unless allowDuplicate; a retry with the same Idempotency-Key answers the payment the first request recorded',
        headers: idempotencyKeyHeadersSchema,
        body: createPaymentSchema,
        response: {
          200: paymentResultSchema,
          ...errorResponses,
          409: duplicatePaymentErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) =>
      service.createPayment(services, request.ctx, request.body, request.headers['idempotency-key']),
  );

  app.get(
    '/api/operation/payments',
    {
      config: billing,
      schema: {
        tags,
        summary: 'Payments by newest received date, with what each has applied and has left',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listPayments(services, request.ctx, request.query),
  );

  app.post(
    '/api/operation/payments/:id/apply',
    {
      config: billing,
      schema: {
        tags,
        summary:
          "Apply a payment to invoices of its organization: each amount at most the invoice's balance, all at most what the payment has left",
        params: idParamsSchema,
        body: applyPaymentSchema,
        response: { 200: paymentResultSchema, ...errorResponses },
      },
    },
    async (request) => service.applyPayment(services, request.ctx, request.params.id, request.body),
  );
};
