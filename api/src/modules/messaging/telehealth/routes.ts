// /tc telehealth's API (issue 28, decision 068). Signed-in: open the visit's room, send a join link, admit, end.
// Public (the patient has no account): what a link shows, joining the waiting room, and, for every participant
// with their key, the event stream, relaying signals and leaving.
import {
  admitParticipantSchema,
  openTelehealthRoomSchema,
  sendTelehealthLinkSchema,
  telehealthGuestJoinSchema,
  telehealthJoinInfoSchema,
  telehealthJoinQuerySchema,
  telehealthKeySchema,
  telehealthLinkSchema,
  telehealthMembershipSchema,
  telehealthRoomParamsSchema,
  telehealthRoomSchema,
  telehealthRoomStateSchema,
  telehealthSignalInputSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { TelehealthHub } from './hub';
import * as service from './service';
import { streamParticipant } from './stream';

const tags = ['telehealth'];
/** The visit's clinician (myVisits) and staff who follow clinicians' visits (providerVisits). */
const page = ['myVisits', 'providerVisits'];
const endAnswerSchema = z.object({ visitId: z.number().int(), message: z.string() });
const streamQuerySchema = telehealthKeySchema.extend({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const telehealthRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/api/telehealth/rooms',
    {
      config: { page },
      schema: {
        tags,
        summary:
          'Open a telehealth visit’s video room: the visit’s clinician hosts (in the call at once), staff wait to be admitted',
        body: openTelehealthRoomSchema,
        response: { 200: telehealthRoomSchema, ...errorResponses },
      },
    },
    async (request) => service.openRoom(services, request.ctx, request.body.visitId),
  );

  app.post(
    '/api/telehealth/rooms/:roomId/links',
    {
      config: { page },
      schema: {
        tags,
        summary:
          'A join link (signed, for this room only, until the end of the visit’s day), sent by SMS and/or email',
        params: telehealthRoomParamsSchema,
        body: sendTelehealthLinkSchema,
        response: { 201: telehealthLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.sendLink(services, request.ctx, request.params.roomId, request.body)),
  );

  app.post(
    '/api/telehealth/rooms/:roomId/admit',
    {
      config: { page },
      schema: {
        tags,
        summary: 'The host admits a waiting person; the first admission is the visit’s time in',
        params: telehealthRoomParamsSchema,
        body: admitParticipantSchema,
        response: { 200: telehealthRoomStateSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.admit(services, request.ctx, request.params.roomId, request.body.participantId),
  );

  app.post(
    '/api/telehealth/rooms/:roomId/end',
    {
      config: { page },
      schema: {
        tags,
        summary: 'The host ends the call for everyone; its end is the visit’s time out',
        params: telehealthRoomParamsSchema,
        response: { 200: endAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.endCall(services, request.ctx, request.params.roomId),
  );
};

export const publicTelehealthRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const hub = new TelehealthHub(services.database);
  app.addHook('preClose', () => hub.stop());

  app.get(
    '/api/public/telehealth/rooms/:roomId',
    {
      schema: {
        tags,
        summary:
          'What a join link shows: the visit’s time and the clinician’s first name (400 forged or expired, 403 another room)',
        params: telehealthRoomParamsSchema,
        querystring: telehealthJoinQuerySchema,
        response: { 200: telehealthJoinInfoSchema, ...errorResponses },
      },
    },
    async (request) => service.joinInfo(services, request.params.roomId, request.query.token),
  );

  app.post(
    '/api/public/telehealth/rooms/:roomId/guests',
    {
      schema: {
        tags,
        summary: 'Enter the waiting room from a join link; answers the key of the stream and the signals',
        params: telehealthRoomParamsSchema,
        body: telehealthGuestJoinSchema,
        response: { 200: telehealthMembershipSchema, ...errorResponses },
      },
    },
    async (request) => service.joinAsGuest(services, request.params.roomId, request.body),
  );

  app.get(
    '/api/public/telehealth/rooms/:roomId/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events of one participant (by key): `room` on every change of the roster, `signal` for each message to them',
        params: telehealthRoomParamsSchema,
        querystring: streamQuerySchema,
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const participant = await service.participantOfKey(
        services.db,
        request.query.key,
        request.params.roomId,
      );
      const lastEventId = Number(request.headers['last-event-id']);
      const after = Number.isSafeInteger(lastEventId) ? lastEventId : (request.query.after ?? 0);
      reply.hijack();
      const stop = await streamParticipant(services.db, hub, participant, after, reply.raw);
      request.raw.on('close', stop);
    },
  );

  app.post(
    '/api/public/telehealth/rooms/:roomId/signals',
    {
      schema: {
        tags,
        summary: 'Relay an offer, answer or ICE candidate to another participant in the call',
        params: telehealthRoomParamsSchema,
        body: telehealthSignalInputSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.relaySignal(services, request.params.roomId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/public/telehealth/rooms/:roomId/leave',
    {
      schema: {
        tags,
        summary: 'Leave the call (the others go on)',
        params: telehealthRoomParamsSchema,
        body: telehealthKeySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.leave(services, request.params.roomId, request.body.key);
      return reply.status(204).send(null);
    },
  );
};
