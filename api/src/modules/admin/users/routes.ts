import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserRequestSchema,
  idParamsSchema,
  updatePrivilegesRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
} from '@carelane/shared-domain';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as usersService from './service';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const config = { page: ['users', 'userDetail'] };
  app.get(
    '/api/admin/users',
    {
      config,
      schema: {
        tags,
        summary: 'Users of the roles the caller manages',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses },
      },
    },
    async (request) => usersService.listUsers(services, request.ctx, request.query),
  );
  app.get(
    '/api/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One user',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => usersService.getUser(services, request.ctx, request.params.id),
  );
  app.post(
    '/api/admin/users',
    {
      config,
      schema: {
        tags,
        summary: 'Create a user of a role the caller manages',
        body: createUserRequestSchema,
        response: { 201: userSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await usersService.createUser(services, request.ctx, request.body)),
  );
  app.put(
    '/api/admin/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Edit a user (send the version you read)',
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => usersService.updateUser(services, request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/admin/users/:id/deactivate',
    {
      config,
      schema: {
        tags,
        summary: 'Deactivate a user: their sessions end',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => usersService.setUserStatus(services, request.ctx, request.params.id, 'INACTIVE'),
  );
  app.post(
    '/api/admin/users/:id/activate',
    {
      config,
      schema: {
        tags,
        summary: 'Activate a user again',
        params: idParamsSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => usersService.setUserStatus(services, request.ctx, request.params.id, 'ACTIVE'),
  );
  app.post(
    '/api/admin/users/:id/resetPassword',
    {
      config,
      schema: {
        tags,
        summary: 'Email the user a reset-password link',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: await usersService.sendPasswordReset(services, request.ctx, request.params.id),
    }),
  );
  app.put(
    '/api/admin/users/:id/privileges',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the user’s privilege overrides (administrators)',
        params: idParamsSchema,
        body: updatePrivilegesRequestSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => usersService.setUserPrivileges(services, request.ctx, request.params.id, request.body),
  );
};
