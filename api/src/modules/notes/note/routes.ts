// A visit's note (issue 12): read, save (autosave or manual), submit, approve, reject, re-open, the reviewer's
// acknowledgement of the EVV flags (decision 038), comments and the append-only revisions, under
// /api/notes/visits/:id/note. Each route parses, lets the service authorize, and
// makes one call into it.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  noteActionInputSchema,
  noteActionResultSchema,
  noteCommentInputSchema,
  noteCommentListSchema,
  noteCommentResultSchema,
  noteCommentsQuerySchema,
  noteDetailSchema,
  noteEvvAcknowledgeInputSchema,
  noteEvvAcknowledgeResultSchema,
  noteRejectInputSchema,
  noteRevisionDetailSchema,
  noteRevisionListSchema,
  noteRevisionParamsSchema,
  noteSaveInputSchema,
  noteSchema,
  staleNoteErrorSchema,
  visitIdParamsSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['visit notes'];
/** Staff, clinicians and organization users reach the notes area; the service narrows it (access.ts). */
export const NOTES_PAGES = ['providerVisits', 'myVisits', 'patientDetail'];
const read = { page: NOTES_PAGES, patientRead: { kind: 'noteDetail' as const } };
const write = { page: NOTES_PAGES };
/** A stale note's 409 carries the note as the server has it; other 409s are the plain error. */
const withStale = { ...errorResponses, 409: z.union([staleNoteErrorSchema, apiErrorSchema]) };
const actionAnswer = { 200: noteActionResultSchema, ...withStale };

/** Reading, saving and submitting a note, and its review. */
const noteWritingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/notes/visits/:id/note',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The visit (with its EVV records and their distance from the patient), its note or null, the definition and what the caller may do',
        params: visitIdParamsSchema,
        response: { 200: noteDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.noteDetail(services, request.ctx, request.params.id),
  );

  app.put(
    '/api/notes/visits/:id/note',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Save the note (the visit's clinician, while Notes Due, Overdue or Rejected): version + 1 and a revision; 409 with the current note when baseVersion is stale",
        params: visitIdParamsSchema,
        body: noteSaveInputSchema,
        response: { 200: noteSchema, ...withStale },
      },
    },
    async (request) => service.saveNote(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/notes/visits/:id/note/submit',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Submit the note for review (Notes In Review), or complete it (Notes Approved) when the service request has no notes workflow',
        params: visitIdParamsSchema,
        body: noteActionInputSchema,
        response: actionAnswer,
      },
    },
    async (request) => service.submitNote(services, request.ctx, request.params.id, request.body.version),
  );

  app.post(
    '/api/notes/visits/:id/note/approve',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Approve the note (reviewers): Notes In Review -> Notes Approved; 409 EVV_UNACKNOWLEDGED while an EVV flag of the visit is not acknowledged',
        params: visitIdParamsSchema,
        body: noteActionInputSchema,
        response: actionAnswer,
      },
    },
    async (request) => service.approveNote(services, request.ctx, request.params.id, request.body.version),
  );

  app.post(
    '/api/notes/visits/:id/note/evvFlags/acknowledge',
    {
      config: write,
      schema: {
        tags,
        summary:
          "Acknowledge the visit's EVV flags the reviewer was shown (reviewers, while Notes In Review): who and when are recorded; approving waits for every flag",
        params: visitIdParamsSchema,
        body: noteEvvAcknowledgeInputSchema,
        response: { 200: noteEvvAcknowledgeResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.acknowledgeEvvFlags(services, request.ctx, request.params.id, request.body.flagIds),
  );

  app.post(
    '/api/notes/visits/:id/note/reject',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Send the note back to the clinician with a reason (reviewers): Notes Rejected; the clinician is notified by email and SMS',
        params: visitIdParamsSchema,
        body: noteRejectInputSchema,
        response: actionAnswer,
      },
    },
    async (request) => service.rejectNote(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/notes/visits/:id/note/reopen',
    {
      config: write,
      schema: {
        tags,
        summary: 'Re-open the note for the clinician (reviewers): back to Notes Due',
        params: visitIdParamsSchema,
        body: noteActionInputSchema,
        response: actionAnswer,
      },
    },
    async (request) => service.reopenNote(services, request.ctx, request.params.id, request.body.version),
  );
};

/** A note's comments and revisions. */
const noteHistoryRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/notes/visits/:id/note/comments',
    {
      config: read,
      schema: {
        tags,
        summary: "The note's comments, newest first, 5 a page (reviewers and the visit's clinician)",
        params: visitIdParamsSchema,
        querystring: noteCommentsQuerySchema,
        response: { 200: noteCommentListSchema, ...errorResponses },
      },
    },
    async (request) => service.listComments(services, request.ctx, request.params.id, request.query),
  );

  app.post(
    '/api/notes/visits/:id/note/comments',
    {
      config: write,
      schema: {
        tags,
        summary: 'Comment on the note or one of its fields (reviewers)',
        params: visitIdParamsSchema,
        body: noteCommentInputSchema,
        response: { 201: noteCommentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return service.addComment(services, request.ctx, request.params.id, request.body);
    },
  );

  app.get(
    '/api/notes/visits/:id/note/revisions',
    {
      config: read,
      schema: {
        tags,
        summary: "Every acknowledged save of the note, newest first (reviewers and the visit's clinician)",
        params: visitIdParamsSchema,
        response: { 200: noteRevisionListSchema, ...errorResponses },
      },
    },
    async (request) => service.listRevisions(services, request.ctx, request.params.id),
  );

  app.get(
    '/api/notes/visits/:id/note/revisions/:version',
    {
      config: read,
      schema: {
        tags,
        summary: 'One revision of the note with its values',
        params: noteRevisionParamsSchema,
        response: { 200: noteRevisionDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.getRevision(services, request.ctx, request.params.id, request.params.version),
  );
};

export const noteRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, opts) => {
  await app.register(noteWritingRoutes, opts);
  await app.register(noteHistoryRoutes, opts);
};
