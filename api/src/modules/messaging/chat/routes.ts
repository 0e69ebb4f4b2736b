// Chat (issue 27; SPEC §7 path group "chat": topics, messages, read status, counts) under /api/chat. Every route
// needs page messages (every role holds it) and answers only the caller's own topics: membership is checked in
// the service, a non-member is refused with 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatCountsSchema,
  chatMessageInputSchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessageResultSchema,
  chatReadInputSchema,
  chatReadResultSchema,
  chatTopicListQuerySchema,
  chatTopicListSchema,
  chatTopicOpenSchema,
  chatTopicParamsSchema,
  chatTopicSchema,
} from '@carelane/shared-domain';
import { z } from 'zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['chat'];
const config = { page: 'messages' };
const topicResultSchema = z.object({ topic: chatTopicSchema });

export const chatRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/chat/topics',
    {
      config,
      schema: {
        tags,
        summary: 'My topics, latest activity first, each with its unread count and last message',
        querystring: chatTopicListQuerySchema,
        response: { 200: chatTopicListSchema, ...errorResponses },
      },
    },
    async (request) => service.listTopics(services, request.ctx, request.query),
  );

  app.get(
    '/api/chat/counts',
    {
      config,
      schema: {
        tags,
        summary: 'My unread messages over all my topics',
        response: { 200: chatCountsSchema, ...errorResponses },
      },
    },
    async (request) => service.counts(services, request.ctx),
  );

  app.post(
    '/api/chat/topics',
    {
      config,
      schema: {
        tags,
        summary: "Open a service request's care-team topic or a direct topic (201 created, 200 found)",
        body: chatTopicOpenSchema,
        response: { 200: topicResultSchema, 201: topicResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, topic } = await service.openTopic(services, request.ctx, request.body);
      return reply.status(created ? 201 : 200).send({ topic });
    },
  );

  app.get(
    '/api/chat/topics/:topicId',
    {
      config,
      schema: {
        tags,
        summary: 'One of my topics',
        params: chatTopicParamsSchema,
        response: { 200: topicResultSchema, ...errorResponses },
      },
    },
    async (request) => ({ topic: await service.getTopic(services, request.ctx, request.params.topicId) }),
  );

  app.get(
    '/api/chat/topics/:topicId/messages',
    {
      config,
      schema: {
        tags,
        summary: "A topic's messages, 20 newest first; older ones with before; search filters by text",
        params: chatTopicParamsSchema,
        querystring: chatMessageListQuerySchema,
        response: { 200: chatMessageListSchema, ...errorResponses },
      },
    },
    async (request) => service.listMessages(services, request.ctx, request.params.topicId, request.query),
  );

  app.post(
    '/api/chat/topics/:topicId/messages',
    {
      config,
      schema: {
        tags,
        summary:
          'Post a message (201; a retry with the same idempotencyKey answers the same message with 200)',
        params: chatTopicParamsSchema,
        body: chatMessageInputSchema,
        response: { 200: chatMessageResultSchema, 201: chatMessageResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, message } = await service.postMessage(
        services,
        request.ctx,
        request.params.topicId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ message });
    },
  );

  app.post(
    '/api/chat/topics/:topicId/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark the topic read up to and including a message (the mark never moves back)',
        params: chatTopicParamsSchema,
        body: chatReadInputSchema,
        response: { 200: chatReadResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.markRead(services, request.ctx, request.params.topicId, request.body.messageId),
  );
};
