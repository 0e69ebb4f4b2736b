// Unbilled visits, creating invoices, the invoice list and an invoice with its lines and its PDF (SPEC §7:
// createInvoice under admin actions; invoices under operation; invoice files under the file server).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailInvoicesSchema,
  invoiceResultSchema,
  invoicesResultSchema,
  createInvoicesResultSchema,
  createInvoicesSchema,
  idParamsSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  unbilledVisitListSchema,
  unbilledVisitsQuerySchema,
} from '@carelane/shared-domain';
import { downloadResponseSchema, sendStoredFile } from '../../../lib/file-transfer';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { INVOICE_READER_PAGES } from '../access';
import * as service from './service';

const tags = ['billing'];
const billing = { page: 'unbilledVisits' };
const invoiceReaders = { page: INVOICE_READER_PAGES };

export const invoicesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/operation/unbilledVisits',
    {
      config: { ...billing, patientRead: { kind: 'billingVisitList' } },
      schema: {
        tags,
        summary:
          'Visits whose notes are approved and that no invoice holds, oldest first, each priced by the rate engine',
        querystring: unbilledVisitsQuerySchema,
        response: { 200: unbilledVisitListSchema, ...errorResponses },
      },
    },
    async (request) => service.listUnbilled(services, request.ctx, request.query),
  );

  app.post(
    '/api/admin/createInvoice',
    {
      config: billing,
      schema: {
        tags,
        summary:
          'One invoice per organization with unbilled visits of service in the period (all organizations, or those given), each in its own transaction, numbered without gaps',
        body: createInvoicesSchema,
        response: { 200: createInvoicesResultSchema, ...errorResponses },
      },
    },
    async (request) => service.createInvoices(services, request.ctx, request.body),
  );

  app.get(
    '/api/operation/invoices',
    {
      config: invoiceReaders,
      schema: {
        tags,
        summary:
          'Invoices by newest issue date (billing staff: all; an organization user: their own); by default every status, Unpaid, issued from 180 days ago to today',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errorResponses },
      },
    },
    async (request) => service.listInvoices(services, request.ctx, request.query),
  );

  app.get(
    '/api/operation/invoices/:id',
    {
      // The page is checked by the service after it noted the invoice's patients: a refusal names them too.
      config: { patientRead: { kind: 'invoiceDetail' } },
      schema: {
        tags,
        summary: 'An invoice with its lines (and each amount explained) and the payments applied to it',
        params: idParamsSchema,
        response: { 200: invoiceDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.getInvoice(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/emailInvoices',
    {
      config: { page: 'invoices' },
      schema: {
        tags,
        summary:
          "Email invoices (their PDF attached) to their organizations' addresses through the outbox, and mark them Sent",
        body: emailInvoicesSchema,
        response: { 200: invoicesResultSchema, ...errorResponses },
      },
    },
    async (request) => service.emailInvoices(services, request.ctx, request.body),
  );

  app.post(
    '/api/operation/invoices/:id/collection',
    {
      config: { page: 'invoices' },
      schema: {
        tags,
        summary: 'Send an overdue invoice with a balance to collection (once)',
        params: idParamsSchema,
        response: { 200: invoiceResultSchema, ...errorResponses },
      },
    },
    async (request) => service.sendToCollection(services, request.ctx, request.params.id),
  );

  app.get(
    '/api/fileserver/invoices/:id',
    {
      config: { patientRead: { kind: 'invoiceFile' } },
      schema: {
        tags,
        summary: 'The invoice PDF as issued',
        produces: ['application/pdf'],
        params: idParamsSchema,
        response: { 200: downloadResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await service.invoicePdfFile(services, request.ctx, request.params.id)),
  );
};
