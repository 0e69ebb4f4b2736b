import { z } from 'zod';

/** The header's global search (issue 27): what was typed, and how many hits each group may hold. */
export const globalSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2)
    .max(100)
    .describe('What was typed: a name, phone, birthday, id or invoice number'),
  limit: z.coerce.number().int().min(1).max(10).default(5).describe('Hits per group (default 5)'),
});
export type GlobalSearchQuery = z.infer<typeof globalSearchQuerySchema>;

/** One hit: what it is, a line about it, and the in-app page that opens it. */
export const searchHitSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    detail: z.string().nullable(),
    path: z.string(),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const SEARCH_GROUPS = [
  'patients',
  'serviceRequests',
  'clinicians',
  'organizations',
  'invoices',
] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** Names of the groups as the header shows them. */
export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  patients: 'Patients',
  serviceRequests: 'Service requests',
  clinicians: 'Clinicians',
  organizations: 'Organizations',
  invoices: 'Invoices',
};

export const globalSearchResponseSchema = z
  .object({
    groups: z.object({
      patients: z.array(searchHitSchema),
      serviceRequests: z.array(searchHitSchema),
      clinicians: z.array(searchHitSchema),
      organizations: z.array(searchHitSchema),
      invoices: z.array(searchHitSchema),
    }),
  })
  .meta({ id: 'GlobalSearchResponse' });
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
