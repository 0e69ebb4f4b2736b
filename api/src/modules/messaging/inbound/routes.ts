// SMS and email both ways (issue 27, decision 062). Public: the gateways' signed webhooks (no session; the
// signature over the raw body is checked before the body is validated). Signed in (page inbox, every role): the
// inbox, answering and handling its messages (staff), staff's SMS to clinicians and who SMS cannot reach.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INBOUND_SIGNATURE_HEADER,
  INBOUND_SIGNATURE_TOLERANCE_SECONDS,
  INBOUND_TIMESTAMP_HEADER,
  MESSAGING_TEXTS,
  clinicianSmsResultSchema,
  clinicianSmsSchema,
  inboundEmailSchema,
  inboundResultSchema,
  inboundSmsSchema,
  inboxItemResultSchema,
  inboxListQuerySchema,
  inboxListSchema,
  inboxParamsSchema,
  inboxReplySchema,
  smsBlockListSchema,
} from '@carelane/shared-domain';
import { AppError, unauthorized } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['inbox'];
const config = { page: 'inbox' };

/** The signature the sender must have sent: `sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`. */
export function inboundSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Refuses a webhook call that is not signed with the secret, or was signed too long ago (or ahead). */
export function checkSignature(
  secret: string,
  headers: FastifyRequest['headers'],
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  const timestamp = headers[INBOUND_TIMESTAMP_HEADER];
  const signature = headers[INBOUND_SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !timestamp || !signature)
    throw unauthorized(MESSAGING_TEXTS.unsigned);
  const expected = Buffer.from(inboundSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw unauthorized(MESSAGING_TEXTS.badSignature);
  const at = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(at) || Math.abs(nowSeconds - at) > INBOUND_SIGNATURE_TOLERANCE_SECONDS)
    throw unauthorized(MESSAGING_TEXTS.expiredSignature);
}

export const publicInboundRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  // Without a secret no gateway can sign a call: the webhooks do not exist on this server (404, not documented).
  const secret = services.config.inboundWebhookSecret;
  if (!secret) return;
  // This plugin's JSON keeps its raw text: the signature is over the bytes sent.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, text ? JSON.parse(text) : {});
    } catch {
      done(new AppError(400, 'VALIDATION', 'The body is not valid JSON.'), undefined);
    }
  });
  const preValidation = async (request: FastifyRequest) =>
    checkSignature(secret, request.headers, rawBodies.get(request) ?? '');
  const responses = { 201: inboundResultSchema, ...errorResponses };

  app.post(
    '/api/messaging/inbound/sms',
    {
      preValidation,
      schema: {
        tags,
        summary: 'An SMS to one of our numbers (signed by the gateway): kept, STOP / START honoured',
        body: inboundSmsSchema,
        response: responses,
      },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.receiveSms(services, request.ctx, request.body) }),
  );

  app.post(
    '/api/messaging/inbound/email',
    {
      preValidation,
      schema: {
        tags,
        summary: 'An email to us (signed by the gateway): kept in the inbox, matched to its sender',
        body: inboundEmailSchema,
        response: responses,
      },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await service.receiveEmail(services, request.ctx, request.body) }),
  );
};

export const inboundRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/messaging/inbox',
    {
      config,
      schema: {
        tags,
        summary: 'Received SMS and emails, newest first (staff: all; others: their own)',
        querystring: inboxListQuerySchema,
        response: { 200: inboxListSchema, ...errorResponses },
      },
    },
    async (request) => service.listInbox(services, request.ctx, request.query),
  );

  app.post(
    '/api/messaging/inbox/:id/handled',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a received message handled (staff)',
        params: inboxParamsSchema,
        response: { 200: inboxItemResultSchema, ...errorResponses },
      },
    },
    async (request) => service.markHandled(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/messaging/inbox/:id/reply',
    {
      config,
      schema: {
        tags,
        summary: 'Answer a received message on the channel it came by; it is then handled (staff)',
        params: inboxParamsSchema,
        body: inboxReplySchema,
        response: { 200: inboxItemResultSchema, ...errorResponses },
      },
    },
    async (request) => service.reply(services, request.ctx, request.params.id, request.body.body),
  );

  app.post(
    '/api/messaging/sms',
    {
      config,
      schema: {
        tags,
        summary: 'Text clinicians, each through the SMS rule (5 unanswered, STOP, no phone, SMS off) (staff)',
        body: clinicianSmsSchema,
        response: { 200: clinicianSmsResultSchema, ...errorResponses },
      },
    },
    async (request) => service.sendClinicianSms(services, request.ctx, request.body),
  );

  app.get(
    '/api/messaging/smsBlocks',
    {
      config,
      schema: {
        tags,
        summary: 'Clinicians SMS cannot reach now, and why (staff)',
        response: { 200: smsBlockListSchema, ...errorResponses },
      },
    },
    async (request) => service.listSmsBlocks(services, request.ctx),
  );
};
