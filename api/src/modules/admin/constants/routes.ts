import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { constantSchema, updateConstantRequestSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { listPublicConstants, updateConstant } from './service';

const tags = ['constants'];

export const constantsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/constants',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        tags,
        summary: 'Server-supplied constants (SPEC §9), with their defaults',
        response: { 200: z.array(constantSchema), ...errorResponses },
      },
    },
    async () => listPublicConstants(services),
  );
  app.put(
    '/api/admin/constants/:name',
    {
      config: { page: 'constants' },
      schema: {
        tags,
        summary: 'Change a constant (administrators)',
        params: z.object({ name: z.string().max(100) }),
        body: updateConstantRequestSchema,
        response: { 200: constantSchema, ...errorResponses },
      },
    },
    async (request) => updateConstant(services, request.ctx, request.params.name, request.body.value),
  );
};
