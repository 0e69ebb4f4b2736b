// Tasks and incident reports (issue 27, migration 0042, decision 060). A task is due on a day for one user; it may
// name a patient, service request, visit or clinician, and belongs to that link's organization (or the creating
// organization user's, or the organization user it is assigned to); a follow-up points at its parent. Deleting a
// task is soft (deleted_at), so its audit trail and follow-ups keep their parent. An incident report is closed
// once (closed_at, closed_by).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { referralSources, users } from './core-schema';
import { episodes, patients, providers, visits } from './scheduling-schema';
import { createdAt, updatedAt, version } from './columns';

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    assigneeId: integer('assignee_id')
      .notNull()
      .references(() => users.id),
    dueDate: date('due_date').notNull(),
    /** 'Low', 'Normal' or 'High'. */
    priority: text('priority').notNull().default('Normal'),
    /** '1Pending', '2InProgress', '3Done' or '4Cancelled' (SPEC §4: 1Pending). */
    status: text('status').notNull().default('1Pending'),
    patientId: integer('patient_id').references(() => patients.id),
    episodeId: integer('episode_id').references(() => episodes.id),
    visitId: integer('visit_id').references(() => visits.id),
    providerId: integer('provider_id').references(() => providers.id),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    parentTaskId: integer('parent_task_id'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    version: version(),
  },
  (t) => [
    check('tasks_priority_check', sql`${t.priority} in ('Low', 'Normal', 'High')`),
    check('tasks_status_check', sql`${t.status} in ('1Pending', '2InProgress', '3Done', '4Cancelled')`),
    // A user's own tasks by status and due day (the list's "mine" and the header's pending count).
    index('tasks_assignee_idx')
      .on(t.assigneeId, t.status, t.dueDate)
      .where(sql`deleted_at is null`),
    index('tasks_status_due_idx')
      .on(t.status, t.dueDate)
      .where(sql`deleted_at is null`),
    index('tasks_referral_source_idx')
      .on(t.referralSourceId, t.status, t.dueDate)
      .where(sql`deleted_at is null`),
    index('tasks_parent_idx')
      .on(t.parentTaskId)
      .where(sql`parent_task_id is not null`),
  ],
);

export const incidentReports = pgTable(
  'incident_reports',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** 'Low', 'Medium', 'High' or 'Critical'. */
    severity: text('severity').notNull(),
    /** The clinician involved, if one was. */
    providerId: integer('provider_id').references(() => providers.id),
    involved: text('involved'),
    visitId: integer('visit_id').references(() => visits.id),
    referralSourceId: integer('referral_source_id').references(() => referralSources.id),
    followUp: text('follow_up'),
    reportedBy: integer('reported_by')
      .notNull()
      .references(() => users.id),
    reportedAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
    version: version(),
  },
  (t) => [
    check('incident_reports_severity_check', sql`${t.severity} in ('Low', 'Medium', 'High', 'Critical')`),
    index('incident_reports_occurred_idx').on(t.occurredAt),
    index('incident_reports_referral_source_idx').on(t.referralSourceId, t.occurredAt),
  ],
);
