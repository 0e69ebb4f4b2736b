// The billing reports (decision 030): AR health, unpaid visits, outpatient billing and rebates, for billing staff.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  arHealthQuerySchema,
  arHealthSchema,
  outpatientBillingQuerySchema,
  outpatientBillingSchema,
  rebateQuerySchema,
  rebateReportSchema,
  unpaidVisitListSchema,
  unpaidVisitsQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];

export const billingReportsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/operation/reports/arHealth',
    {
      config: { page: 'invoices' },
      schema: {
        tags,
        summary:
          'Receivables aging as of a day (default today): the balances of invoices issued by then, per organization and days past due',
        querystring: arHealthQuerySchema,
        response: { 200: arHealthSchema, ...errorResponses },
      },
    },
    async (request) => service.arHealth(services, request.ctx, request.query),
  );

  app.get(
    '/api/operation/reports/unpaidVisits',
    {
      config: { page: 'unpaidVisits', patientRead: { kind: 'billingVisitList' } },
      schema: {
        tags,
        summary: 'Billed visits whose invoice still has a balance, by due date',
        querystring: unpaidVisitsQuerySchema,
        response: { 200: unpaidVisitListSchema, ...errorResponses },
      },
    },
    async (request) => service.unpaidVisits(services, request.ctx, request.query),
  );

  app.get(
    '/api/operation/reports/outpatientBilling',
    {
      config: { page: 'invoices', patientRead: { kind: 'billingVisitList' } },
      schema: {
        tags,
        summary:
          'Approved therapy visits (PT, PTA, OT, OTA, ST/SLP) with their CPT code and 15-minute units (8-minute rule, at most 8)',
        querystring: outpatientBillingQuerySchema,
        response: { 200: outpatientBillingSchema, ...errorResponses },
      },
    },
    async (request) => service.outpatientBilling(services, request.ctx, request.query),
  );

  app.get(
    '/api/operation/reports/rebates',
    {
      config: { page: 'invoices' },
      schema: {
        tags,
        summary: 'Early-payment rebates per organization and month of receipt (decision 030)',
        querystring: rebateQuerySchema,
        response: { 200: rebateReportSchema, ...errorResponses },
      },
    },
    async (request) => service.rebates(services, request.ctx, request.query),
  );
};
