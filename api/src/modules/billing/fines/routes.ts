// Fines of clinicians: list, add, contest, remove, uphold (SPEC §7 operation: fines; SPEC §8 'Fine contested.',
// 'Fine removed.').
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fineInputSchema,
  fineListQuerySchema,
  fineListSchema,
  fineNoteSchema,
  fineVisitListSchema,
  fineVisitsQuerySchema,
  fineResultSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];
const readers = { page: ['providerPayments', 'myVisits'] };
const staff = { page: 'providerPayments' };

export const finesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/operation/fines',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Fines, newest first (billing staff: all; a clinician: their own)',
        querystring: fineListQuerySchema,
        response: { 200: fineListSchema, ...errorResponses },
      },
    },
    async (request) => service.listFines(services, request.ctx, request.query),
  );
  app.get(
    '/api/operation/fines/visits',
    {
      config: { ...staff, patientRead: { kind: 'billingVisitList' } },
      schema: {
        tags,
        summary: "The clinician's visits a fine may be for (held by them, newest first)",
        querystring: fineVisitsQuerySchema,
        response: { 200: fineVisitListSchema, ...errorResponses },
      },
    },
    async (request) => service.fineableVisits(services, request.ctx, request.query.providerId),
  );
  app.post(
    '/api/operation/fines',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Fine a clinician; deducted from their next export while Active',
        body: fineInputSchema,
        response: { 200: fineResultSchema, ...errorResponses },
      },
    },
    async (request) => service.createFine(services, request.ctx, request.body),
  );
  app.post(
    '/api/operation/fines/:id/contest',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The fined clinician contests an Active fine (held, not deducted, until staff decide)',
        params: idParamsSchema,
        body: fineNoteSchema,
        response: { 200: fineResultSchema, ...errorResponses },
      },
    },
    async (request) => service.contestFine(services, request.ctx, request.params.id, request.body.note),
  );
  app.post(
    '/api/operation/fines/:id/remove',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Remove a fine not yet deducted (kept, with why)',
        params: idParamsSchema,
        body: fineNoteSchema,
        response: { 200: fineResultSchema, ...errorResponses },
      },
    },
    async (request) => service.removeFine(services, request.ctx, request.params.id, request.body.note),
  );
  app.post(
    '/api/operation/fines/:id/uphold',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Uphold a contested fine: Active again, deducted at the next export',
        params: idParamsSchema,
        response: { 200: fineResultSchema, ...errorResponses },
      },
    },
    async (request) => service.upholdFine(services, request.ctx, request.params.id),
  );
};
