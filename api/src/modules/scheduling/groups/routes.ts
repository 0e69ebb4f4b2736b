import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupCandidateQuerySchema,
  groupCandidatesResponseSchema,
  groupDetailSchema,
  groupInputSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupUpdateSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['groups'];
/** The list is also read by the service request form (to send work to a group). */
const listPages = { page: ['groups', 'groupDetail', 'serviceRequestDetail'] };
const detailPages = { page: ['groups', 'groupDetail'] };
const writePages = { page: 'groupDetail' };

export const groupsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/groups',
    {
      config: listPages,
      schema: {
        tags,
        summary: 'Clinician groups, by name',
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listGroups(services, request.query),
  );

  app.get(
    '/api/admin/groups/memberCandidates',
    {
      config: detailPages,
      schema: {
        tags,
        summary: 'Clinicians whose name matches, to add to a group (at most 20)',
        querystring: groupCandidateQuerySchema,
        response: { 200: groupCandidatesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.memberCandidates(services, request.query.search),
  );

  app.get(
    '/api/admin/groups/:id',
    {
      config: detailPages,
      schema: {
        tags,
        summary: 'One group with its members',
        params: idParamsSchema,
        response: { 200: groupDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.getGroup(services, request.params.id),
  );

  app.post(
    '/api/admin/groups',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a group',
        body: groupInputSchema,
        response: { 201: groupDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/groups/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a group and its members (send the version you read)',
        params: idParamsSchema,
        body: groupUpdateSchema,
        response: { 200: groupDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.editGroup(services, request.ctx, request.params.id, request.body),
  );
};
