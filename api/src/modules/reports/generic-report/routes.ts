// /genericReport's API (issue 26, decision 054): run a definition, drill a group, the CSV of every row, and each
// user's saved definitions. Page `reports`: the administrator and the staffing roles only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  genericCsvBodySchema,
  genericDrillBodySchema,
  genericRowsSchema,
  genericRunAnswerSchema,
  genericRunBodySchema,
  idParamsSchema,
  savedReportBodySchema,
  savedReportListSchema,
  savedReportSchema,
} from '@carelane/shared-domain';
import { contentDisposition } from '../../../lib/content-disposition';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['reports'];
const config = { page: 'reports' } as const;
const BASE = '/api/admin/reports/genericReport';

export const genericReportRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.post(
    `${BASE}/run`,
    {
      config: { ...config, patientRead: { kind: 'visitList' } },
      schema: {
        tags,
        summary: "A report definition's rows (a page and the total), or with a grouping its groups' counts",
        body: genericRunBodySchema,
        response: { 200: genericRunAnswerSchema, ...errorResponses },
      },
    },
    async (request) => service.run(services, request.ctx, request.body),
  );

  app.post(
    `${BASE}/drill`,
    {
      config: { ...config, patientRead: { kind: 'visitList' } },
      schema: {
        tags,
        summary: "The records behind one group of a grouped definition (their total is the group's count)",
        body: genericDrillBodySchema,
        response: { 200: genericRowsSchema, ...errorResponses },
      },
    },
    async (request) => service.drill(services, request.ctx, request.body),
  );

  app.post(
    `${BASE}/csv`,
    {
      config: { ...config, patientRead: { kind: 'csvExport' } },
      schema: {
        tags,
        summary: 'Every row of a definition (or of one group) as CSV, formula-safe; at most 50,000 rows',
        produces: ['text/csv'],
        body: genericCsvBodySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await service.csv(services, request.ctx, request.body);
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(fileName))
        .send(CSV_BOM + csv);
    },
  );

  app.get(
    `${BASE}/saved`,
    {
      config,
      schema: {
        tags,
        summary: "The caller's saved report definitions, by name",
        response: { 200: savedReportListSchema, ...errorResponses },
      },
    },
    async (request) => service.listSaved(services, request.ctx),
  );

  app.get(
    `${BASE}/saved/:id`,
    {
      config,
      schema: {
        tags,
        summary: "One of the caller's saved definitions (another user's is not found)",
        params: idParamsSchema,
        response: { 200: savedReportSchema, ...errorResponses },
      },
    },
    async (request) => service.getSaved(services, request.ctx, request.params.id),
  );

  app.post(
    `${BASE}/saved`,
    {
      config,
      schema: {
        tags,
        summary: 'Save a definition under a name of the caller’s own (409 when the name is taken)',
        body: savedReportBodySchema,
        response: { 201: savedReportSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createSaved(services, request.ctx, request.body)),
  );

  app.put(
    `${BASE}/saved/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Replace one of the caller's saved definitions",
        params: idParamsSchema,
        body: savedReportBodySchema,
        response: { 200: savedReportSchema, ...errorResponses },
      },
    },
    async (request) => service.updateSaved(services, request.ctx, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/saved/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Delete one of the caller's saved definitions",
        params: idParamsSchema,
        response: { 200: z.object({ id: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => service.deleteSaved(services, request.ctx, request.params.id),
  );
};
