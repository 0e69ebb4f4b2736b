// The clinician list `/providers` (issue 11, decision 021): the provider statuses and credential states it
// filters by, its query (SPEC §4 default provider status 3), its rows and its answer (SPEC §7 "provider search
// gives providers, pageCount, pageTotalCount", with the paging block of every list).
import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  wholeNumberTextSchema,
} from '../common';

/**
 * Provider status ids (SPEC §4: the clinician list's default filter is status 3). The seed uses 1, 3 and 5;
 * the names, and 2 and 4, are our design (decision 021).
 */
export const PROVIDER_STATUSES = [
  { id: 1, name: 'New' },
  { id: 2, name: 'In review' },
  { id: 3, name: 'Active' },
  { id: 4, name: 'On hold' },
  { id: 5, name: 'Inactive' },
] as const;
export type ProviderStatusId = (typeof PROVIDER_STATUSES)[number]['id'];
/** SPEC §4 default filter: provider status id 3. */
export const DEFAULT_PROVIDER_STATUS_ID = 3;
/** The status filter's value for every status (as the coverage report's providerStatusId 0). */
export const ALL_PROVIDER_STATUSES = 0;

/** SPEC §4 credential states (the message-template choice): 1 uncredentialed, 3 fully credentialed, 5 inactive. */
export const PROVIDER_CREDENTIAL_STATES = [
  { id: 1, name: 'Uncredentialed' },
  { id: 3, name: 'Fully credentialed' },
  { id: 5, name: 'Inactive' },
] as const;

/** A provider status's name, or 'Status {id}' for an id the list does not know. */
export function providerStatusName(id: number): string {
  return PROVIDER_STATUSES.find((status) => status.id === id)?.name ?? `Status ${id}`;
}

/** A credential state's name, or 'State {id}' for an id the list does not know. */
export function credentialStateName(id: number): string {
  return PROVIDER_CREDENTIAL_STATES.find((state) => state.id === id)?.name ?? `State ${id}`;
}

/** Distances the list filters by, in miles from the ZIP code's centre. */
export const PROVIDER_DISTANCE_MAX_MILES = 500;
/** One CSV export holds at most this many clinicians (the first in the list's order). */
export const PROVIDER_EXPORT_MAX_ROWS = 50_000;

export const PROVIDER_SORTS = ['name', 'type', 'rating', 'lastLogin', 'distance'] as const;
export type ProviderSortField = (typeof PROVIDER_SORTS)[number];
const sortValues = PROVIDER_SORTS.flatMap((field) => [field, `-${field}`] as const);

/** A query value that may be repeated (`?skills=A&skills=B`): always a list. */
const repeated = (item: z.ZodType<string, string>, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(item).max(max, { error: `must be at most ${max} values` }));

const statusIds = PROVIDER_STATUSES.map((status) => status.id as number);
const credentialStateIds = PROVIDER_CREDENTIAL_STATES.map((state) => state.id as number);

/** The filters of the list and of its CSV export. */
const providerFilterFields = z.object({
  search: z.string().trim().max(100).optional().describe('Name, email or phone'),
  providerStatusId: wholeNumberTextSchema
    .refine((id) => id === ALL_PROVIDER_STATUSES || statusIds.includes(id), {
      error: `must be one of ${[ALL_PROVIDER_STATUSES, ...statusIds].join(', ')} (0: every status)`,
    })
    .default(DEFAULT_PROVIDER_STATUS_ID)
    .describe('SPEC §4 default 3 (active); 0 for every status'),
  providerTypeId: idSchema.optional(),
  credentialState: z.coerce
    .number()
    .int()
    .refine((id) => credentialStateIds.includes(id), {
      error: `must be one of ${credentialStateIds.join(', ')}`,
    })
    .optional()
    .describe('1 uncredentialed, 3 fully credentialed, 5 inactive'),
  skills: repeated(z.string().trim().min(1).max(100), 20)
    .optional()
    .describe('Skill names; repeat the key for more'),
  skillsMatch: z
    .enum(['any', 'all'], { error: 'must be any or all' })
    .default('any')
    .describe('any: at least one of the skills; all: every one'),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' })
    .optional()
    .describe("With distance: the centre; alone: the clinician's home or preferred ZIP code"),
  distance: z.coerce
    .number()
    .positive({ error: 'must be more than 0' })
    .max(PROVIDER_DISTANCE_MAX_MILES, { error: `must be at most ${PROVIDER_DISTANCE_MAX_MILES}` })
    .optional()
    .describe('Miles from the ZIP code to the preferred location'),
  sort: z
    .enum(sortValues, { error: `must be one of ${sortValues.join(', ')}` })
    .optional()
    .describe('A leading - sorts descending; default name, or distance when a distance is given'),
});

/** What no single field can say: a distance needs its ZIP code, and sorting by distance needs a distance. */
function checkDistance(
  query: { zipcode?: string; distance?: number; sort?: string },
  ctx: z.RefinementCtx,
): void {
  if (query.distance !== undefined && query.zipcode === undefined)
    ctx.addIssue({ code: 'custom', path: ['zipcode'], message: 'is required with a distance' });
  if (query.sort?.endsWith('distance') && query.distance === undefined)
    ctx.addIssue({ code: 'custom', path: ['sort'], message: 'distance needs a ZIP code and a distance' });
}

/** `GET /api/admin/providers`. */
export const providerListQuerySchema = pagingQuerySchema
  .extend(providerFilterFields.shape)
  .superRefine(checkDistance);
export type ProviderListQuery = z.infer<typeof providerListQuerySchema>;
export type ProviderListQueryInput = z.input<typeof providerListQuerySchema>;
/** `GET /api/admin/providers/export`: the list's filters, without paging. */
export const providerExportQuerySchema = providerFilterFields.superRefine(checkDistance);

/** One clinician as the list shows it. */
export const providerListItemSchema = z
  .object({
    id: z.number().int(),
    givenName: z.string(),
    familyName: z.string(),
    providerTypeId: z.number().int(),
    providerType: z.string(),
    providerStatusId: z.number().int(),
    credentialState: z.number().int(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
    skills: z.array(z.string()),
    rating: z.number().nullable(),
    /** SPEC §3 provider rating details (totalVisitCount … avgPatientRating), as recorded. */
    ratingDetails: z.record(z.string(), z.number()),
    lastLogin: isoDateTimeSchema.nullable(),
    /** Miles from the filter's ZIP code to the preferred location, one decimal; only with a distance filter. */
    distanceMiles: z.number().optional(),
  })
  .meta({ id: 'ProviderListItem' });
export type ProviderListItem = z.infer<typeof providerListItemSchema>;

export const providerListResponseSchema = z.object({
  providers: z.array(providerListItemSchema),
  /** SPEC §7: the number of pages… */
  pageCount: z.number().int(),
  /** …and of clinicians matching the filters. */
  pageTotalCount: z.number().int(),
  paging: pagingSchema,
});
export type ProviderListResponse = z.infer<typeof providerListResponseSchema>;

/** The skills clinicians hold, for the skills filter. */
export const providerSkillsResponseSchema = z.object({ skills: z.array(z.string()) });
