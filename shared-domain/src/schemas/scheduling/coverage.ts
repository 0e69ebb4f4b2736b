import { z } from 'zod';
import { wholeNumberTextSchema } from '../common';

/** Episode statuses the coverage map can filter by ('All' for every one but Deleted). */
export const COVERAGE_EPISODE_STATUSES = ['Active', 'Draft', 'Hold', 'Completed', 'All'] as const;
export const COVERAGE_LAYERS = ['clinicians', 'episodes', 'coverage'] as const;
export type CoverageLayer = (typeof COVERAGE_LAYERS)[number];

const idList = z
  .string()
  .trim()
  .max(200, { error: 'must be at most 200 characters' })
  .regex(/^(\d{1,4})(,\d{1,4})*$/, { error: 'must be a comma-separated list of ids' })
  .transform((text) => [...new Set(text.split(',').map(Number))]);

const layerList = z
  .string()
  .trim()
  .max(100, { error: 'must be at most 100 characters' })
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(z.enum(COVERAGE_LAYERS, { error: `must be among ${COVERAGE_LAYERS.join(', ')}` })));

/**
 * `GET /api/operation/coverageReport`. providerStatusId 3 (active) by default as SPEC §4's provider status
 * filter; 0 means every status. Episode status 'Active' by default.
 */
export const coverageReportQuerySchema = z.object({
  providerTypeIds: idList.optional(),
  providerStatusId: wholeNumberTextSchema.pipe(z.number().max(99)).default(3),
  episodeStatus: z
    .enum(COVERAGE_EPISODE_STATUSES, { error: `must be one of ${COVERAGE_EPISODE_STATUSES.join(', ')}` })
    .default('Active'),
  include: layerList.default([...COVERAGE_LAYERS]),
});
export type CoverageReportQuery = z.infer<typeof coverageReportQuerySchema>;
export type CoverageReportQueryInput = z.input<typeof coverageReportQuerySchema>;

/**
 * Clinicians as columns (index i of every array is clinician i): 50,000 points stay about a megabyte gzipped
 * instead of 50,000 objects repeating their keys. Only clinicians with a preferred latitude and longitude.
 */
export const coverageCliniciansSchema = z.object({
  id: z.array(z.number().int()),
  name: z.array(z.string()),
  providerTypeId: z.array(z.number().int()),
  providerStatusId: z.array(z.number().int()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  zipcode: z.array(z.string()),
});
export type CoverageClinicians = z.infer<typeof coverageCliniciansSchema>;

/**
 * Episodes as columns, located at the patient's home (visit episodes) or the facility (shift episodes).
 * `names` is the AES-GCM ciphertext (see BLOB_CIPHER) of a JSON list of [firstName, lastName] in the same
 * order (for a facility: [facility name, '']); null when there are no episodes. `allVisits` lists each
 * episode's visit statuses.
 */
export const coverageEpisodesSchema = z.object({
  id: z.array(z.number().int()),
  episodeType: z.array(z.string()),
  status: z.array(z.string()),
  patientOrFacilityId: z.array(z.number().int()),
  zipcode: z.array(z.string()),
  latitude: z.array(z.number()),
  longitude: z.array(z.number()),
  allVisits: z.array(z.array(z.string())),
  names: z.string().nullable(),
});
export type CoverageEpisodes = z.infer<typeof coverageEpisodesSchema>;

/** SPEC §3 Coverage: one ZIP code, how many clinicians cover it and which. */
export const coverageByZipSchema = z.object({
  zipcode: z.string(),
  count: z.number().int(),
  providerIdSet: z.array(z.number().int()),
  /** Episodes located in this ZIP code (the demand beside the supply). */
  episodeCount: z.number().int(),
});
export type CoverageByZip = z.infer<typeof coverageByZipSchema>;

export const coverageReportResponseSchema = z.object({
  clinicians: coverageCliniciansSchema,
  episodes: coverageEpisodesSchema,
  coverage: z.array(coverageByZipSchema),
  /** How many were left off the map for want of a latitude and longitude (SPEC §5). */
  dropped: z.object({ clinicians: z.number().int(), episodes: z.number().int() }),
});
export type CoverageReportResponse = z.infer<typeof coverageReportResponseSchema>;
