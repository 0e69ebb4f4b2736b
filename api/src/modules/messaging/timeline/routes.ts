// The timeline's API (issue 27, decision 066): read a patient's, clinician's or organization's timeline, and add
// a call log, communication note or comment to it.
import {
  timelineNoteAnswerSchema,
  timelineNoteInputSchema,
  timelineQuerySchema,
  timelineSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['timeline'];
const page = 'timeline';

export const timelineRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/messaging/timeline',
    {
      config: { page, patientRead: { kind: 'timeline' } },
      schema: {
        tags,
        summary:
          'A patient’s, clinician’s or organization’s timeline, newest first: messages, SMS, emails, call logs, ' +
          'communication notes, comments, tasks, incidents, changes and (a patient’s) access log',
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema, ...errorResponses },
      },
    },
    async (request) => service.readTimeline(services, request.ctx, request.query),
  );

  app.post(
    '/api/messaging/timeline/notes',
    {
      config: { page },
      schema: {
        tags,
        summary: 'Add a call log, communication note or comment to a timeline (staff)',
        body: timelineNoteInputSchema,
        response: { 201: timelineNoteAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addNote(services, request.ctx, request.body)),
  );
};
