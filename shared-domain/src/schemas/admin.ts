import { z } from 'zod';
import {
  boundedDateSchema,
  boundedDateTimeSchema,
  idSchema,
  isoDateTimeSchema,
  pagingSchema,
  versionSchema,
} from './common';

/** Application constant (SPEC §7: "constants list (type, name, value)"). Values are text. */
export const constantSchema = z
  .object({ type: z.string(), name: z.string(), value: z.string(), description: z.string() })
  .meta({ id: 'Constant' });
export type Constant = z.infer<typeof constantSchema>;
export const updateConstantRequestSchema = z.object({ value: z.string().max(20000) });

export const auditActionSchema = z.enum([
  'CREATE',
  'UPDATE',
  'DELETE',
  'READ',
  'LOGIN',
  'LOGIN_FAILED',
  'LOGOUT',
  'SWITCH_USER',
  'PASSWORD',
]);
/**
 * What a read of patient data was (issue 14): the `entity` of its READ entry in the audit log. One entry per
 * answer: a list names every patient on its page.
 */
export const PATIENT_READ_KINDS = {
  patientDetail: 'Patient detail',
  patientList: 'Patient list',
  serviceRequestDetail: 'Service request detail',
  serviceRequestList: 'Service request list',
  visitList: 'Visits',
  fileList: 'Files list',
  fileDownload: 'File download',
  coverageReport: 'Coverage report names',
  physicianServiceRequests: 'Physician’s service requests',
  csvExport: 'CSV export',
  noteDetail: 'Visit note',
  noteList: 'Visit notes list',
  notesPrint: 'Notes print',
  billingVisitList: 'Billing visit list',
  invoiceDetail: 'Invoice',
  invoiceFile: 'Invoice PDF',
  payList: 'Clinician pay list',
  metricVisitList: 'Dashboard figure visits',
  nonCoverageList: 'Non-coverage list',
  search: 'Global search',
  timeline: 'Patient timeline',
} as const;
export type PatientReadKind = keyof typeof PATIENT_READ_KINDS;
export const readOutcomeSchema = z.enum(['ALLOWED', 'REFUSED']);
export type ReadOutcome = z.infer<typeof readOutcomeSchema>;
/** How long audit entries are kept: whole months older than this may be dropped, nothing newer. */
export const AUDIT_RETENTION_YEARS = 6;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: isoDateTimeSchema,
    userId: z.number().int().nullable(),
    userEmail: z.string().nullable(),
    impersonatorId: z.number().int().nullable(),
    entity: z.string(),
    entityId: z.string().nullable(),
    action: auditActionSchema,
    diff: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
    ip: z.string().nullable(),
    patientIds: z.array(z.number().int()).nullable().describe('The patients a READ entry names'),
    outcome: readOutcomeSchema.nullable().describe('Of a READ entry: was the read allowed'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  startDate: boundedDateTimeSchema.optional().describe('Defaults to 30 days ago'),
  endDate: boundedDateTimeSchema.optional().describe('Defaults to now'),
  entity: z.string().max(60).optional(),
  entityId: z.string().max(60).optional(),
  action: auditActionSchema.optional(),
  userId: idSchema.optional(),
  patientId: idSchema.optional().describe('Entries naming this patient'),
});
export const auditListResponseSchema = z
  .object({ auditList: z.array(auditEntrySchema), auditCount: z.number().int(), paging: pagingSchema })
  .meta({ id: 'AuditList' });

export const referralSourceStatusSchema = z.enum(['ACTIVE', 'INACTIVE']);
export const organizationOnboardStepSchema = z.enum(['Rates', 'Contract', 'Done']);
/** An organization (referral source, facility, customer): SPEC §3 "Referral source". */
export const referralSourceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: referralSourceStatusSchema,
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    phone: z.string().nullable(),
    fax: z.string().nullable(),
    email: z.string().nullable(),
    idleTimeout: z
      .number()
      .int()
      .nullable()
      .describe('Minutes; overrides the idleTimeout constant for its users'),
    dashboardVisitDateRange: z.number().int().nullable(),
    missedVisitDateRange: z.number().int().nullable(),
    tasksDateRange: z.number().int().nullable(),
    incidentsDateRange: z.number().int().nullable(),
    caseManager: z.boolean(),
    actionType: z.string().nullable(),
    onboardStepRS: organizationOnboardStepSchema,
    timeZone: z
      .string()
      .optional()
      .describe(
        "IANA zone of its visits' dates and times (decision 039): its own, else its ZIP code's state's",
      ),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'ReferralSource' });
export type ReferralSource = z.infer<typeof referralSourceSchema>;
export const referralSourceListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
  search: z.string().trim().max(100).optional(),
});
export const referralSourceListResponseSchema = z.object({
  rows: z.array(referralSourceSchema),
  paging: pagingSchema,
});

export const outboxChannelSchema = z.enum(['email', 'sms']);
export const outboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: outboxChannelSchema,
    to: z.string(),
    cc: z.string().nullable(),
    bcc: z.string().nullable(),
    subject: z.string().nullable(),
    body: z.string(),
    status: z.enum(['PENDING', 'SENDING', 'SENT', 'FAILED']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    sentAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  channel: outboxChannelSchema.optional(),
  to: z.string().max(254).optional(),
});
export const outboxListResponseSchema = z.object({
  rows: z.array(outboxMessageSchema),
  paging: pagingSchema,
});

export const shortLinkSchema = z
  .object({
    id: z.string(),
    path: z.string(),
    createdAt: isoDateTimeSchema,
    expiresAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ShortLink' });
export const createShortLinkRequestSchema = z.object({
  path: z
    .string()
    .max(2000)
    // Browsers read `//host` and `/\host` as another site: only a path on this one is allowed.
    .regex(/^\/(?![/\\])[^\s\\]*$/, { error: 'must be an in-app path starting with a single /' }),
  expiresInDays: z.number().int().min(1).max(365).optional(),
});

/** What /api/events sends: one entity changed. */
export const entityChangedEventSchema = z.object({
  entity: z.string(),
  id: z.union([z.string(), z.number()]).nullable(),
  action: z.enum(['created', 'updated', 'deleted']),
  at: isoDateTimeSchema,
});
export type EntityChangedEvent = z.infer<typeof entityChangedEventSchema>;

/** "Who has seen this patient": the reads of one patient's data, newest first (default last 30 days). */
export const patientAccessQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  startDate: boundedDateSchema
    .optional()
    .describe('First day (YYYY-MM-DD); defaults to 30 days before the end'),
  endDate: boundedDateSchema.optional().describe('Last day (YYYY-MM-DD), taken whole; defaults to today'),
  userId: idSchema.optional(),
});
export type PatientAccessQuery = z.infer<typeof patientAccessQuerySchema>;
export const patientAccessEntrySchema = z
  .object({
    id: z.number().int(),
    at: isoDateTimeSchema,
    userId: z.number().int().nullable(),
    userEmail: z.string().nullable(),
    userName: z.string().nullable(),
    impersonatorEmail: z.string().nullable(),
    kind: z.string().describe('A PATIENT_READ_KINDS key'),
    entityId: z.string().nullable(),
    outcome: readOutcomeSchema,
    ip: z.string().nullable(),
    patientCount: z.number().int().describe('How many patients the read named, this one included'),
  })
  .meta({ id: 'PatientAccessEntry' });
export type PatientAccessEntry = z.infer<typeof patientAccessEntrySchema>;
export const patientAccessListSchema = z
  .object({ rows: z.array(patientAccessEntrySchema), paging: pagingSchema })
  .meta({ id: 'PatientAccessList' });
export type PatientAccessList = z.infer<typeof patientAccessListSchema>;
