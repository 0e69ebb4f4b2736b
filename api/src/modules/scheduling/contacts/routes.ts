import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactDeleteQuerySchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
  contactUpdateSchema,
  idParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['contacts'];
/** Staff manage contacts; organization users read their own organization's to pick case managers. */
const readPages = { page: ['contacts', 'serviceRequestDetail'] };
const writePages = { page: 'contacts' };

export const contactsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/contacts',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Contacts, by name',
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listContacts(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/contacts/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One contact',
        params: idParamsSchema,
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) => service.getContact(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/contacts',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a contact',
        body: contactInputSchema,
        response: { 201: contactSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createContact(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/contacts/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a contact (send the version you read)',
        params: idParamsSchema,
        body: contactUpdateSchema,
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) => service.editContact(services, request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/contacts/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Delete a contact (send the version you read)',
        params: idParamsSchema,
        querystring: contactDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => service.deleteContact(services, request.ctx, request.params.id, request.query.version),
  );
};
