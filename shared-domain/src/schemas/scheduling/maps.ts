import { z } from 'zod';
import { idSchema } from '../common';

/** The text a maps call searches with: trimmed, 1 to 200 characters. */
const searchText = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'must be at most 200 characters' });

/**
 * `GET /api/maps/autocomplete?input=` (shared-ui's AddressAutocomplete sends `q=`; both are read, `input`
 * first). One of the two is required.
 */
export const mapsAutocompleteQuerySchema = z.object({
  input: searchText.optional(),
  q: searchText.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
  referralSourceId: idSchema
    .optional()
    .describe(
      "Staff: rank near this organization (organization users: always their own; default: the organizations' centre)",
    ),
});
export type MapsAutocompleteQuery = z.infer<typeof mapsAutocompleteQuerySchema>;

/** SPEC §3 Address, with the point and the id the gazetteer (or the external provider) gives it. */
export const mapAddressSchema = z
  .object({
    placeId: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    state: z.string(),
    zipcode: z.string(),
    county: z.string(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'MapAddress' });
export type MapAddress = z.infer<typeof mapAddressSchema>;

/** What shared-ui's AddressAutocomplete reads: `{ suggestions: [...] }`, each with the label it lists. */
export const addressSuggestionSchema = mapAddressSchema.extend({ label: z.string() });
export type AddressSuggestionItem = z.infer<typeof addressSuggestionSchema>;
export const mapsAutocompleteResponseSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });
export type MapsAutocompleteResponse = z.infer<typeof mapsAutocompleteResponseSchema>;

/** `GET /api/maps/geocode?address=` or `?placeId=` (one of them). */
export const mapsGeocodeQuerySchema = z.object({
  address: searchText.optional(),
  placeId: z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' })
    .optional(),
});
export type MapsGeocodeQuery = z.infer<typeof mapsGeocodeQuerySchema>;
export const mapsGeocodeResponseSchema = z.object({ results: z.array(mapAddressSchema) });
export type MapsGeocodeResponse = z.infer<typeof mapsGeocodeResponseSchema>;
