import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  patientArchiveSchema,
  patientInputSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientSchema,
  patientUpdateSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as service from './service';

const tags = ['patients'];
const readPages = { page: ['patients', 'patientDetail', 'serviceRequestDetail'] };
const writePages = { page: ['patientDetail', 'serviceRequestDetail'] };

export const patientsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/patients',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Patients (default ACTIVE), newest first',
        querystring: patientListQuerySchema,
        response: { 200: patientListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listPatients(services, request.ctx, request.query),
  );

  app.get(
    '/api/admin/patients/:id',
    {
      config: { ...readPages, patientRead: { kind: 'patientDetail' } },
      schema: {
        tags,
        summary: 'One patient',
        params: idParamsSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) => service.getPatient(services, request.ctx, request.params.id),
  );

  app.post(
    '/api/admin/patients',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a patient (organization users: for their own organization)',
        body: patientInputSchema,
        response: { 201: patientSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPatient(services, request.ctx, request.body)),
  );

  app.put(
    '/api/admin/patients/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a patient (send the version you read)',
        params: idParamsSchema,
        body: patientUpdateSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) => service.editPatient(services, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/admin/patients/:id/archive',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Archive a patient with a reason of the episodeArchiveReasons constant',
        params: idParamsSchema,
        body: patientArchiveSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) => service.archivePatient(services, request.ctx, request.params.id, request.body),
  );
};
