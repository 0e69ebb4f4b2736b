import { z } from 'zod';
import {
  boundedDateTimeSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  stateCodeSchema,
  versionSchema,
} from '../common';
import { zipcodeFieldSchema } from './physicians';

export const SUPPLY_REQUEST_STATUSES = ['Open', 'InProgress', 'Fulfilled', 'Cancelled'] as const;
export const supplyRequestStatusSchema = z.enum(SUPPLY_REQUEST_STATUSES);
export type SupplyRequestStatus = z.infer<typeof supplyRequestStatusSchema>;
const STATUS_LABELS: Record<SupplyRequestStatus, string> = {
  Open: 'Open',
  InProgress: 'In progress',
  Fulfilled: 'Fulfilled',
  Cancelled: 'Cancelled',
};
export function supplyRequestStatusLabel(status: SupplyRequestStatus): string {
  return STATUS_LABELS[status];
}

/** A supply request: an ask for more clinicians of one type around a ZIP code. */
export const supplyRequestSchema = z
  .object({
    id: z.number().int(),
    referralSourceId: z.number().int().nullable(),
    referralSourceName: z.string().nullable(),
    providerTypeId: z.number().int(),
    providerType: z.string(),
    zipcode: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    requestedCount: z.number().int(),
    notes: z.string(),
    status: supplyRequestStatusSchema,
    createdBy: z.number().int().nullable(),
    createdByName: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    version: versionSchema,
  })
  .meta({ id: 'SupplyRequest' });
export type SupplyRequest = z.infer<typeof supplyRequestSchema>;

export const supplyRequestInputSchema = z.object({
  referralSourceId: idValueSchema
    .nullable()
    .optional()
    .describe("Staff only; an organization user's requests are always their organization's"),
  providerTypeId: idValueSchema,
  zipcode: zipcodeFieldSchema,
  city: z.string().trim().max(100).nullable().optional(),
  state: stateCodeSchema.nullable().optional(),
  requestedCount: z
    .number()
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(500, { error: 'must be at most 500' }),
  notes: z.string().trim().max(2000).optional(),
  status: supplyRequestStatusSchema.optional(),
});
export type SupplyRequestInput = z.infer<typeof supplyRequestInputSchema>;
export const supplyRequestUpdateSchema = supplyRequestInputSchema
  .partial()
  .extend({ version: versionSchema });

export const supplyRequestListQuerySchema = pagingQuerySchema
  .extend({
    status: supplyRequestStatusSchema.optional(),
    startDate: boundedDateTimeSchema.optional().describe('Creation from; defaults to 90 days ago (SPEC §9)'),
    endDate: boundedDateTimeSchema.optional().describe('Creation to; defaults to now'),
    referralSourceId: idSchema.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    error: 'must not be after endDate',
    path: ['startDate'],
  });
export type SupplyRequestListQuery = z.input<typeof supplyRequestListQuerySchema>;
export const supplyRequestListResponseSchema = z.object({
  rows: z.array(supplyRequestSchema),
  paging: pagingSchema,
});
