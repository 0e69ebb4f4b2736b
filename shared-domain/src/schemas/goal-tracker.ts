// /goalTracker (issue 26, decision 056): care-plan goals met, in progress and not met per patient or clinician,
// and the goals behind any figure.
import { z } from 'zod';
import { GOAL_GROUP_KEYS, GOAL_STATUS_KEYS } from '../reports/goal-tracker';
import { idSchema, isoDateSchema, pagingQuerySchema, pagingSchema } from './common';
import { reportFilterQuerySchema, reportPeriodSchema } from './reports';

export const goalTrackerQuerySchema = reportFilterQuerySchema.omit({ state: true }).extend({
  groupBy: z.enum(GOAL_GROUP_KEYS).default('patient').describe('patient or clinician'),
});
export type GoalTrackerQuery = z.infer<typeof goalTrackerQuerySchema>;

export const goalTrackerRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  goals: z.number().int(),
  met: z.number().int(),
  inProgress: z.number().int(),
  notMet: z.number().int(),
  metRate: z.number().nullable(),
});
export type GoalTrackerRow = z.infer<typeof goalTrackerRowSchema>;

export const goalTrackerSchema = z.object({
  period: reportPeriodSchema,
  groupBy: z.enum(GOAL_GROUP_KEYS),
  rows: z.array(goalTrackerRowSchema),
});
export type GoalTracker = z.infer<typeof goalTrackerSchema>;

/** The goals behind a group's figure: `groupId` and `status` (none: all its goals). */
export const goalTrackerRecordsQuerySchema = goalTrackerQuerySchema.extend(pagingQuerySchema.shape).extend({
  groupId: idSchema.describe('The patient or clinician of the row'),
  status: z.enum(GOAL_STATUS_KEYS).optional().describe('met, inProgress or notMet; none: every goal'),
});
export type GoalTrackerRecordsQuery = z.infer<typeof goalTrackerRecordsQuerySchema>;

export const goalTrackerRecordSchema = z.object({
  episodeId: z.number().int(),
  visitId: z.number().int(),
  noteId: z.number().int(),
  dateOfService: isoDateSchema,
  category: z.string(),
  text: z.string(),
  status: z.enum(GOAL_STATUS_KEYS),
  patientName: z.string().nullable(),
  clinicianName: z.string().nullable(),
});
export type GoalTrackerRecord = z.infer<typeof goalTrackerRecordSchema>;

export const goalTrackerRecordsSchema = z.object({
  rows: z.array(goalTrackerRecordSchema),
  paging: pagingSchema,
});
export type GoalTrackerRecords = z.infer<typeof goalTrackerRecordsSchema>;
