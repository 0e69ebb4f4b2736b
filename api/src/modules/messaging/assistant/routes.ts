// The intake assistant's API (issue 28, decision 069): the extraction contract.
import {
  assistantCreatedSchema,
  assistantCreateInputSchema,
  assistantExtractInputSchema,
  assistantQueueQuerySchema,
  assistantQueueSchema,
  emlUploadSchema,
  queuedEmailSchema,
  duplicateCheckInputSchema,
  duplicateCheckSchema,
  extractionSchema,
  idParamsSchema,
  okSchema,
  requestReplySchema,
  requestReplySendSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { episodePatientIds } from '../../scheduling/episodes/service';
import * as service from './service';

/** A pasted email of several megabytes gets the field's own message, not the server's body limit. */
const EXTRACT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** An .eml of up to 8 MB of characters, as JSON. */
const EML_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

export const assistantRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/api/admin/assistant/extract',
    {
      bodyLimit: EXTRACT_BODY_LIMIT_BYTES,
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary:
          'Read a request email into a draft patient, provider types, visit dates, frequency, physician and diagnoses; ' +
          'each value with the span of the text it came from and a confidence (the embedded engine: offline, deterministic)',
        body: assistantExtractInputSchema,
        response: { 200: extractionSchema, ...errorResponses },
      },
    },
    async (request) => service.extract(services, request.ctx, request.body),
  );

  app.post(
    '/api/admin/assistant/duplicates',
    {
      config: { page: 'collaboration', patientRead: { kind: 'patientList' } },
      schema: {
        tags: ['intake assistant'],
        summary:
          'Existing patients the draft’s patient may be: names alike at twoStringDuplicatePercentage (0.9) without ' +
          'another birthday, or the same birthday and phone; most matches first',
        body: duplicateCheckInputSchema,
        response: { 200: duplicateCheckSchema, ...errorResponses },
      },
    },
    async (request) => service.checkDuplicates(services, request.ctx, request.body),
  );

  app.post(
    '/api/admin/assistant/create',
    {
      bodyLimit: EXTRACT_BODY_LIMIT_BYTES,
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary:
          'Create the reviewed draft: the patient (or use an existing one), a Draft service request and its visits ' +
          'in one transaction, the email kept and linked to the request; the same email creates once',
        body: assistantCreateInputSchema,
        response: { 200: assistantCreatedSchema, ...errorResponses },
      },
    },
    async (request) => service.createRequest(services, request.ctx, request.body),
  );

  app.get(
    '/api/admin/assistant/requests/:id/reply',
    {
      config: {
        page: 'collaboration',
        patientRead: { kind: 'serviceRequestDetail', patientsOf: episodePatientIds },
      },
      schema: {
        tags: ['intake assistant'],
        summary:
          'The drafted answer to the organization: the request with its visits, dates and clinicians; Expired visits left out',
        params: idParamsSchema,
        response: { 200: requestReplySchema, ...errorResponses },
      },
    },
    async (request) => service.draftReply(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/assistant/requests/:id/reply',
    {
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary: 'Send the edited answer through the outbox',
        params: idParamsSchema,
        body: requestReplySendSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => service.sendReply(services, request.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/admin/assistant/queue',
    {
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary:
          'Received emails not from a clinician that made no service request yet (the inbound email webhook, uploaded .eml files), newest first',
        querystring: assistantQueueQuerySchema,
        response: { 200: assistantQueueSchema, ...errorResponses },
      },
    },
    async (request) => service.listQueue(services, request.query),
  );

  app.get(
    '/api/admin/assistant/queue/:id',
    {
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary:
          'One received email as the assistant reads it: sender and subject above its text, and its day',
        params: idParamsSchema,
        response: { 200: queuedEmailSchema, ...errorResponses },
      },
    },
    async (request) => service.readQueued(services, request.params.id),
  );

  app.post(
    '/api/admin/assistant/queue/eml',
    {
      bodyLimit: EML_BODY_LIMIT_BYTES,
      config: { page: 'collaboration' },
      schema: {
        tags: ['intake assistant'],
        summary:
          'Queue an uploaded .eml file (its raw text): it joins the inbox and the queue as a webhook email does; the same message twice is queued once',
        body: emlUploadSchema,
        response: { 200: z.object({ id: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => service.uploadEml(services, request.ctx, request.body),
  );
};
