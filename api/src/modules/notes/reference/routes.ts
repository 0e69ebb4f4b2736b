// Note types and their definitions by version, ICD-10 code search, and the goal phrase library (templates).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  goalTemplateInputSchema,
  goalTemplateListSchema,
  goalTemplateSchema,
  goalTemplateUpdateSchema,
  icdCodeListSchema,
  icdQuerySchema,
  idParamsSchema,
  noteDefinitionParamsSchema,
  noteDefinitionSchema,
  noteTypeListSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { NOTES_PAGES } from '../note/routes';
import * as service from './service';

const tags = ['visit notes'];
const config = { page: NOTES_PAGES };

export const notesReferenceRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/notes/noteTypes',
    {
      config,
      schema: {
        tags,
        summary: 'The note types, each with its current definition version and every version there is',
        response: { 200: noteTypeListSchema, ...errorResponses },
      },
    },
    async () => service.listNoteTypes(services),
  );

  app.get(
    '/api/notes/noteTypes/:code/definitions/:version',
    {
      config,
      schema: {
        tags,
        summary: "One version of a note type's definition (404 naming version when there is none)",
        params: noteDefinitionParamsSchema,
        response: { 200: noteDefinitionSchema, ...errorResponses },
      },
    },
    async (request) => service.noteDefinition(request.params.code, request.params.version),
  );

  app.get(
    '/api/notes/icdCodes',
    {
      config,
      schema: {
        tags,
        summary: 'ICD-10 codes by code prefix (the dot optional) or by the words of their description',
        querystring: icdQuerySchema,
        response: { 200: icdCodeListSchema, ...errorResponses },
      },
    },
    async (request) => service.searchIcdCodes(services, request.query.q, request.query.limit),
  );

  app.get(
    '/api/notes/templates',
    {
      config,
      schema: {
        tags,
        summary: "The goal builder's phrase library",
        response: { 200: goalTemplateListSchema, ...errorResponses },
      },
    },
    async () => service.listGoalTemplates(services),
  );

  app.post(
    '/api/notes/templates',
    {
      config,
      schema: {
        tags,
        summary: 'Add a goal phrase (administrators)',
        body: goalTemplateInputSchema,
        response: { 201: goalTemplateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.createGoalTemplate(services, request.ctx, request.body);
    },
  );

  app.put(
    '/api/notes/templates/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a goal phrase (administrators; 409 when it changed since it was read)',
        params: idParamsSchema,
        body: goalTemplateUpdateSchema,
        response: { 200: goalTemplateSchema, ...errorResponses },
      },
    },
    async (request) => service.updateGoalTemplate(services, request.ctx, request.params.id, request.body),
  );
};
