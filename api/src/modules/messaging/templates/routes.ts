// Message templates (issue 27 "Templates (/prompts)", decision 063) under /api/admin/messageTemplates: the page
// 'broadcast' (administrator and staffing roles) lists, saves and previews; anyone else is refused (403).
import {
  idParamsSchema,
  messageTemplateListQuerySchema,
  messageTemplateListSchema,
  messageTemplatePreviewRequestSchema,
  messageTemplatePreviewSchema,
  messageTemplateResultSchema,
  messageTemplateUpdateSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const TEMPLATES = '/api/admin/messageTemplates';
const config = { page: 'broadcast' };

export const templatesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  const tags = ['messageTemplates'];
  app.get(
    TEMPLATES,
    {
      config,
      schema: {
        tags,
        summary: "A purpose's message templates, one per credential state (1, 3, 5)",
        querystring: messageTemplateListQuerySchema,
        response: { 200: messageTemplateListSchema, ...errorResponses },
      },
    },
    async (request) => service.listTemplates(services, request.query.purpose),
  );
  app.put(
    `${TEMPLATES}/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Save a template's texts at the version read ('Template saved.')",
        params: idParamsSchema,
        body: messageTemplateUpdateSchema,
        response: { 200: messageTemplateResultSchema, ...errorResponses },
      },
    },
    async (request) => service.updateTemplate(services, request.ctx, request.params.id, request.body),
  );
  app.post(
    `${TEMPLATES}/preview`,
    {
      config,
      schema: {
        tags,
        summary: 'A template (saved, or the unsaved texts sent) rendered with sample values',
        body: messageTemplatePreviewRequestSchema,
        response: { 200: messageTemplatePreviewSchema, ...errorResponses },
      },
    },
    async (request) => service.previewTemplate(services, request.body),
  );
};
