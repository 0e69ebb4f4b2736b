// Tasks and incident reports (issue 27, docs/decisions/060-tasks-incidents.md). A task is work for one user, due on
// a day, optionally about a patient, service request, visit or clinician; a follow-up task points at its parent.
// SPEC §4: the list shows 1Pending by default; SPEC §9: due -30..+30 days (an organization's tasksDateRange for its
// users). An incident report says what happened, when, how bad, who was involved; it is closed once handled.
import { z } from 'zod';
import {
  boundedDateSchema,
  boundedDateTimeSchema,
  booleanTextSchema,
  idSchema,
  idValueSchema,
  isoDateSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionQuerySchema,
  versionSchema,
} from './common';

/** SPEC §4 names 1Pending; the others are ours (decision 060). */
export const TASK_STATUSES = ['1Pending', '2InProgress', '3Done', '4Cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  '1Pending': 'Pending',
  '2InProgress': 'In progress',
  '3Done': 'Done',
  '4Cancelled': 'Cancelled',
};
export const TASK_DEFAULT_STATUS: TaskStatus = '1Pending';
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, 'All'] as const;
export const TASK_PRIORITIES = ['Low', 'Normal', 'High'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_SORTS = [
  'dueDate',
  '-dueDate',
  'priority',
  '-priority',
  'createdAt',
  '-createdAt',
] as const;
export const TASK_TITLE_MAX = 200;
export const TASK_TEXT_MAX = 4000;

export const TASK_MESSAGES = {
  saved: 'Task details saved.',
  deleted: 'Task deleted.',
  followUpAdded: 'Follow-up task added.',
  assigneeOtherOrganization: "is a user of another organization than the task's",
  assigneeUnknown: 'is not an active user',
  linkUnknown: 'was not found',
  linkOtherOrganization: 'belongs to another organization than the task',
  notYourOrganization: 'must be your own organization',
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

export const taskInputSchema = z.object({
  title: text(TASK_TITLE_MAX).min(1, { error: 'is required' }),
  description: text(TASK_TEXT_MAX).optional(),
  assigneeId: idValueSchema.describe('The user who does the task'),
  dueDate: boundedDateSchema.describe('Due on this day (the organization calendar)'),
  priority: z
    .enum(TASK_PRIORITIES, { error: `must be one of: ${TASK_PRIORITIES.join(', ')}` })
    .default('Normal'),
  status: z.enum(TASK_STATUSES, { error: `must be one of: ${TASK_STATUSES.join(', ')}` }).default('1Pending'),
  patientId: idValueSchema.nullish(),
  episodeId: idValueSchema.nullish().describe('A service request'),
  visitId: idValueSchema.nullish(),
  providerId: idValueSchema.nullish().describe('A clinician'),
  referralSourceId: idValueSchema.nullish().describe('The organization (staff; else taken from the link)'),
});
export type TaskInput = z.infer<typeof taskInputSchema>;
export const taskUpdateSchema = taskInputSchema.extend({ version: versionSchema });
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;
/** A follow-up takes its parent's links and organization. */
export const taskFollowUpSchema = taskInputSchema.pick({
  title: true,
  description: true,
  assigneeId: true,
  dueDate: true,
  priority: true,
});
export type TaskFollowUp = z.infer<typeof taskFollowUpSchema>;
export const taskDeleteQuerySchema = z.object({ version: versionQuerySchema });

export const taskSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    assigneeId: z.number().int(),
    assigneeName: z.string(),
    dueDate: isoDateSchema,
    priority: z.enum(TASK_PRIORITIES),
    status: z.enum(TASK_STATUSES),
    patientId: z.number().int().nullable(),
    patientName: z.string().nullable(),
    episodeId: z.number().int().nullable(),
    episodeTitle: z.string().nullable(),
    visitId: z.number().int().nullable(),
    providerId: z.number().int().nullable(),
    providerName: z.string().nullable(),
    referralSourceId: z.number().int().nullable(),
    organizationName: z.string().nullable(),
    parentTaskId: z.number().int().nullable(),
    followUpCount: z.number().int(),
    createdBy: z.number().int(),
    creatorName: z.string(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

export const taskListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(TASK_STATUS_FILTERS).default(TASK_DEFAULT_STATUS),
  from: boundedDateSchema.optional().describe('Due on or after this day (default -30 days)'),
  to: boundedDateSchema.optional().describe('Due on or before this day (default +30 days)'),
  assigneeId: idSchema.optional(),
  mine: booleanTextSchema.optional().describe('Only the tasks assigned to me'),
  referralSourceId: idSchema.optional(),
  parentTaskId: idSchema.optional().describe("A task's follow-ups"),
  sort: z.enum(TASK_SORTS).default('dueDate'),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskListSchema = z.object({
  rows: z.array(taskSchema),
  paging: pagingSchema,
  /** The due-date range the list was read for. */
  period: z.object({ from: isoDateSchema, to: isoDateSchema }),
});
export type TaskList = z.infer<typeof taskListSchema>;
export const taskResultSchema = z.object({ message: z.string(), task: taskSchema });
export type TaskResult = z.infer<typeof taskResultSchema>;
export const taskDeletedSchema = z.object({ message: z.string(), id: z.number().int() });
export const pendingTasksCountSchema = z.object({ pendingTasksCount: z.number().int() });
export type PendingTasksCount = z.infer<typeof pendingTasksCountSchema>;

/** Who a task may be assigned to (SPEC assigneesForRSTasks): staff, and the organization's own users. */
export const taskAssigneesQuerySchema = z.object({
  referralSourceId: idSchema
    .optional()
    .describe("Also this organization's users (staff; else the caller's own)"),
});
export const taskAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleId: z.number().int(),
});
export type TaskAssignee = z.infer<typeof taskAssigneeSchema>;
export const taskAssigneesSchema = z.object({ rows: z.array(taskAssigneeSchema) });

/** Incident reports (decision 060). */
export const INCIDENT_SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_STATUS_FILTERS = ['Open', 'Closed', 'All'] as const;
/** Without the organization's incidentsDateRange: the last 30 days (occurred). */
export const INCIDENT_DEFAULT_RANGE = [-30, 0] as const;
export const INCIDENT_MESSAGES = {
  saved: 'Incident report saved.',
  closed: 'Incident report closed.',
  closedAlready: 'This incident report is closed already.',
  inFuture: 'must not be in the future',
} as const;

export const incidentInputSchema = z.object({
  description: text(TASK_TEXT_MAX).min(1, { error: 'is required' }),
  occurredAt: boundedDateTimeSchema.describe('When it happened'),
  severity: z.enum(INCIDENT_SEVERITIES, { error: `must be one of: ${INCIDENT_SEVERITIES.join(', ')}` }),
  providerId: idValueSchema.nullish().describe('The clinician involved'),
  involved: text(1000).optional().describe('Anyone else involved'),
  visitId: idValueSchema.nullish(),
  referralSourceId: idValueSchema.nullish().describe('The organization (else the visit’s)'),
  followUp: text(TASK_TEXT_MAX).optional(),
});
export type IncidentInput = z.infer<typeof incidentInputSchema>;
export const incidentUpdateSchema = incidentInputSchema.extend({ version: versionSchema });
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;
export const incidentCloseSchema = z.object({
  followUp: text(TASK_TEXT_MAX).optional(),
  version: versionSchema,
});
export type IncidentClose = z.infer<typeof incidentCloseSchema>;

export const incidentSchema = z
  .object({
    id: z.number().int(),
    description: z.string(),
    occurredAt: isoDateTimeSchema,
    severity: z.enum(INCIDENT_SEVERITIES),
    providerId: z.number().int().nullable(),
    providerName: z.string().nullable(),
    involved: z.string().nullable(),
    visitId: z.number().int().nullable(),
    referralSourceId: z.number().int().nullable(),
    organizationName: z.string().nullable(),
    followUp: z.string().nullable(),
    reportedBy: z.number().int(),
    reporterName: z.string(),
    reportedAt: isoDateTimeSchema,
    closedAt: isoDateTimeSchema.nullable(),
    closedBy: z.number().int().nullable(),
    closerName: z.string().nullable(),
    version: versionSchema,
  })
  .meta({ id: 'IncidentReport' });
export type Incident = z.infer<typeof incidentSchema>;

export const incidentListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(INCIDENT_STATUS_FILTERS).default('All'),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  from: boundedDateSchema.optional().describe('Happened on or after this day'),
  to: boundedDateSchema.optional().describe('Happened on or before this day'),
  referralSourceId: idSchema.optional(),
  providerId: idSchema.optional(),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;
export const incidentListSchema = z.object({
  rows: z.array(incidentSchema),
  paging: pagingSchema,
  period: z.object({ from: isoDateSchema, to: isoDateSchema }),
});
export type IncidentList = z.infer<typeof incidentListSchema>;
export const incidentResultSchema = z.object({ message: z.string(), incidentReport: incidentSchema });
export type IncidentResult = z.infer<typeof incidentResultSchema>;
