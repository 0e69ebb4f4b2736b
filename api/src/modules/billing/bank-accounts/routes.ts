// A clinician's bank account for ACH pay: read (masked) and saved (SPEC §7 operation).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountAnswerSchema,
  bankAccountInputSchema,
  bankAccountResultSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['billing'];
const pages = { page: ['providerPayments', 'myVisits'] };
const PATH = '/api/operation/providers/:id/bankAccount';

export const bankAccountRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    PATH,
    {
      config: pages,
      schema: {
        tags,
        summary:
          "A clinician's bank account, the account number masked (billing staff; a clinician their own)",
        params: idParamsSchema,
        response: { 200: bankAccountAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.getBankAccount(services, request.ctx, request.params.id),
  );

  app.put(
    PATH,
    {
      config: pages,
      schema: {
        tags,
        summary:
          "Save a clinician's bank account: a routing number with a valid check digit, an account number of 1-17 digits (sealed at rest)",
        params: idParamsSchema,
        body: bankAccountInputSchema,
        response: { 200: bankAccountResultSchema, ...errorResponses },
      },
    },
    async (request) => service.saveBankAccount(services, request.ctx, request.params.id, request.body),
  );
};
