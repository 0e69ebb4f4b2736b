// Notes about a clinician under /api/admin/providers/:id/notes (the clinician detail `/provider`): staff with
// the providerDetail page read a page (newest first, 10 by default) and add one. The service loads the clinician
// through access.ts and refuses clinicians and organization users.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  providerNoteInputSchema,
  providerNoteListSchema,
  providerNoteSchema,
  providerNotesQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['clinicians'];
const config = { page: 'providerDetail' };
const NOTES = '/api/admin/providers/:id/notes';

export const providerNotesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    NOTES,
    {
      config,
      schema: {
        tags,
        summary: "A clinician's notes with their author and time, newest first, 10 a page (SPEC §9 comments)",
        params: idParamsSchema,
        querystring: providerNotesQuerySchema,
        response: { 200: providerNoteListSchema, ...errorResponses },
      },
    },
    async (request) => service.listNotes(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    NOTES,
    {
      config,
      schema: {
        tags,
        summary:
          'Add a note about a clinician: text required, trimmed, at most 2000 characters (400 naming text)',
        params: idParamsSchema,
        body: providerNoteInputSchema,
        response: { 201: providerNoteSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addNote(services, request.ctx, request.params.id, request.body)),
  );
};
