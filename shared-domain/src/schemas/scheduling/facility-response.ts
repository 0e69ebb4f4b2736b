import { z } from 'zod';
import { boundedDateSchema, idValueSchema, timeSchema } from '../common';

/** SPEC §8 texts of the public facility pages. */
export const FACILITY_MESSAGES = {
  accepted: 'Selected assignment(s) marked as accepted by facility.',
  acceptFailed: 'Assignment confirmation failed!.',
  shiftAcceptFailed: 'Shift confirmation failed!.',
  updateFailed: 'Assignment update failed!.',
  changeRequested: 'Your change request was sent to the care coordinator.',
  rejected: 'The assignment was rejected. The care coordinator has been told.',
  unknownToken: 'This link is not valid. Please use the link from your latest email.',
  usedToken: 'This link has already been used. Please contact your care coordinator.',
  expiredToken: 'This link has expired. Please contact your care coordinator.',
} as const;

const token = z.string().trim().min(16, { error: 'is not a valid link' }).max(200);
export const facilityTokenQuerySchema = z.object({ token });

export const facilityAssignmentSchema = z.object({
  visitId: z.number().int(),
  episodeType: z.string(),
  dateOfService: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  visitType: z.string(),
  providerType: z.string(),
  clinicianName: z.string().nullable(),
  status: z.string(),
  facilityResponse: z.string().nullable(),
  shiftConfirmedByFacility: z.boolean(),
});
export type FacilityAssignment = z.infer<typeof facilityAssignmentSchema>;
export const facilityAssignmentsResponseSchema = z.object({
  organizationName: z.string(),
  expiresAt: z.string(),
  assignments: z.array(facilityAssignmentSchema),
});
export type FacilityAssignmentsResponse = z.infer<typeof facilityAssignmentsResponseSchema>;

const visitIds = z.array(idValueSchema).min(1, { error: 'select at least one assignment' });
export const facilityAcceptSchema = z.object({ token, visitIds });
export const facilityChangeSchema = z
  .object({
    token,
    visitIds,
    dateOfService: boundedDateSchema.optional(),
    startTime: timeSchema.optional(),
    note: z.string().trim().max(2000).optional(),
  })
  .refine((v) => v.dateOfService || v.startTime || v.note, {
    error: 'give a new date, a new time or a note',
    path: ['note'],
  });
export type FacilityChange = z.infer<typeof facilityChangeSchema>;
export const facilityRejectSchema = z.object({
  token,
  visitIds,
  reason: z.string().trim().min(1, { error: 'is required' }).max(1000),
});
export const facilityResponseResultSchema = z.object({ count: z.number().int(), message: z.string() });
export type FacilityResponseResult = z.infer<typeof facilityResponseResultSchema>;
