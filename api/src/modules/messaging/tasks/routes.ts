// Tasks and incident reports (issue 27, decision 060; SPEC §7 admin resources `task` and `incidentReport`) under
// /api/admin. Page tasks (administrator, staffing and organization roles) for every write and for incident reports;
// a clinician (page myVisits) reads the tasks assigned to them; every signed-in user (page header) reads their
// pendingTasksCount. Who sees which rows is decided in the services (scope.ts).
import {
  idParamsSchema,
  incidentCloseSchema,
  incidentInputSchema,
  incidentListQuerySchema,
  incidentListSchema,
  incidentResultSchema,
  incidentSchema,
  incidentUpdateSchema,
  pendingTasksCountSchema,
  taskAssigneesQuerySchema,
  taskAssigneesSchema,
  taskDeletedSchema,
  taskDeleteQuerySchema,
  taskFollowUpSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskListSchema,
  taskResultSchema,
  taskSchema,
  taskUpdateSchema,
} from '@carelane/shared-domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import * as incidents from './incidents';
import * as service from './service';

const TASKS = '/api/admin/tasks';
const INCIDENTS = '/api/admin/incidentReports';
const write = { page: 'tasks' };
const read = { page: ['tasks', 'myVisits'] };

export const tasksRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const tags = ['tasks'];
  app.get(
    TASKS,
    {
      config: read,
      schema: {
        tags,
        summary: 'Tasks I may see (default: 1Pending, due -30..+30 days), soonest due first',
        querystring: taskListQuerySchema,
        response: { 200: taskListSchema, ...errorResponses },
      },
    },
    async (request) => service.listTasks(services, request.ctx, request.query),
  );
  app.get(
    `${TASKS}/pendingCount`,
    {
      config: { page: 'header' },
      schema: {
        tags,
        summary: 'My own pending tasks (pendingTasksCount)',
        response: { 200: pendingTasksCountSchema, ...errorResponses },
      },
    },
    async (request) => service.pendingTasksCount(services, request.ctx),
  );
  app.get(
    `${TASKS}/assignees`,
    {
      config: write,
      schema: {
        tags,
        summary:
          "Who a task may be assigned to: staff, and the organization's own users (assigneesForRSTasks)",
        querystring: taskAssigneesQuerySchema,
        response: { 200: taskAssigneesSchema, ...errorResponses },
      },
    },
    async (request) => service.taskAssignees(services, request.ctx, request.query.referralSourceId),
  );
  app.get(
    `${TASKS}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One task',
        params: idParamsSchema,
        response: { 200: taskSchema, ...errorResponses },
      },
    },
    async (request) => service.getTask(services, request.ctx, request.params.id),
  );
  app.post(
    TASKS,
    {
      config: write,
      schema: {
        tags,
        summary: "Create a task ('Task details saved.')",
        body: taskInputSchema,
        response: { 201: taskResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTask(services, request.ctx, request.body)),
  );
  app.put(
    `${TASKS}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: "Save a task at the version read ('Task details saved.')",
        params: idParamsSchema,
        body: taskUpdateSchema,
        response: { 200: taskResultSchema, ...errorResponses },
      },
    },
    async (request) => service.updateTask(services, request.ctx, request.params.id, request.body),
  );
  app.delete(
    `${TASKS}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: "Delete a task at the version read ('Task deleted.')",
        params: idParamsSchema,
        querystring: taskDeleteQuerySchema,
        response: { 200: taskDeletedSchema, ...errorResponses },
      },
    },
    async (request) => service.deleteTask(services, request.ctx, request.params.id, request.query.version),
  );
  app.post(
    `${TASKS}/:id/followUps`,
    {
      config: write,
      schema: {
        tags,
        summary: "Add a follow-up task, with the task's links ('Follow-up task added.')",
        params: idParamsSchema,
        body: taskFollowUpSchema,
        response: { 201: taskResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addFollowUp(services, request.ctx, request.params.id, request.body)),
  );
  await app.register(incidentRoutes, { services });
};

const incidentRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  const tags = ['incidentReports'];
  app.get(
    INCIDENTS,
    {
      config: write,
      schema: {
        tags,
        summary:
          "Incident reports, latest first (default: the organization's incidentsDateRange, else 30 days)",
        querystring: incidentListQuerySchema,
        response: { 200: incidentListSchema, ...errorResponses },
      },
    },
    async (request) => incidents.listIncidents(services, request.ctx, request.query),
  );
  app.get(
    `${INCIDENTS}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'One incident report',
        params: idParamsSchema,
        response: { 200: incidentSchema, ...errorResponses },
      },
    },
    async (request) => incidents.getIncident(services, request.ctx, request.params.id),
  );
  app.post(
    INCIDENTS,
    {
      config: write,
      schema: {
        tags,
        summary: 'Report an incident (staff)',
        body: incidentInputSchema,
        response: { 201: incidentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await incidents.createIncident(services, request.ctx, request.body)),
  );
  app.put(
    `${INCIDENTS}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Save an open incident report at the version read (staff)',
        params: idParamsSchema,
        body: incidentUpdateSchema,
        response: { 200: incidentResultSchema, ...errorResponses },
      },
    },
    async (request) => incidents.updateIncident(services, request.ctx, request.params.id, request.body),
  );
  app.post(
    `${INCIDENTS}/:id/close`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Close an incident report once, with its follow-up (staff)',
        params: idParamsSchema,
        body: incidentCloseSchema,
        response: { 200: incidentResultSchema, ...errorResponses },
      },
    },
    async (request) => incidents.closeIncident(services, request.ctx, request.params.id, request.body),
  );
};
