// The notes list (and the reviewer's queue) and the approved notes of an episode or patient to print.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noteListSchema,
  notesForPrintQuerySchema,
  notesForPrintSchema,
  notesListQuerySchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { NOTES_PAGES } from '../note/routes';
import * as service from './service';

const tags = ['visit notes'];

export const notesListRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/notes/notes',
    {
      config: { page: NOTES_PAGES, patientRead: { kind: 'noteList' } },
      schema: {
        tags,
        summary:
          "Visits in the notes statuses with their note: by default from 60 days ago to today, the late ones first (a clinician's own, an organization's approved ones, all for reviewers)",
        querystring: notesListQuerySchema,
        response: { 200: noteListSchema, ...errorResponses },
      },
    },
    async (request) => service.listNotes(services, request.ctx, request.query),
  );

  app.get(
    '/api/notes/notesListForPrint',
    {
      config: { page: NOTES_PAGES, patientRead: { kind: 'notesPrint' } },
      schema: {
        tags,
        summary:
          'The approved notes of a service request or a patient in a date range, oldest first, with their definitions (at most 500)',
        querystring: notesForPrintQuerySchema,
        response: { 200: notesForPrintSchema, ...errorResponses },
      },
    },
    async (request) => service.notesForPrint(services, request.ctx, request.query),
  );
};
