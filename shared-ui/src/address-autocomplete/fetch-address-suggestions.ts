/** What selecting a suggestion gives: the parts a form stores, with the point the map draws. */
export type Address = {
  addressLine1: string;
  city: string;
  state: string;
  zipcode: string;
  latitude: number;
  longitude: number;
  county?: string;
  country?: string;
};

/** One suggestion; `label` is the text shown in the list (built from the parts when absent). */
export type AddressSuggestion = Address & { label?: string };

export type FetchSuggestions = (text: string, signal?: AbortSignal) => Promise<AddressSuggestion[]>;

export const ADDRESS_AUTOCOMPLETE_PATH = '/api/maps/autocomplete';

/** A non-OK answer from the maps service. */
export class AddressAutocompleteError extends Error {
  constructor(readonly status: number) {
    super(`Address autocomplete failed: the maps service answered HTTP ${status}`);
    this.name = 'AddressAutocompleteError';
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Keeps only well-formed suggestions, so a half-broken answer cannot put a bad address into a form. */
export function isAddressSuggestion(value: unknown): value is AddressSuggestion {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    isString(item.addressLine1) &&
    isString(item.city) &&
    isString(item.state) &&
    isString(item.zipcode) &&
    isNumber(item.latitude) &&
    isNumber(item.longitude) &&
    (item.county === undefined || isString(item.county)) &&
    (item.country === undefined || isString(item.country)) &&
    (item.label === undefined || isString(item.label))
  );
}

/**
 * The default source: `GET /api/maps/autocomplete?q=text` on the same origin, answering either a list of
 * suggestions or `{ suggestions: [...] }`. Throws AddressAutocompleteError on a non-OK answer.
 */
export async function fetchAddressSuggestions(
  text: string,
  signal?: AbortSignal,
): Promise<AddressSuggestion[]> {
  const response = await fetch(`${ADDRESS_AUTOCOMPLETE_PATH}?q=${encodeURIComponent(text)}`, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new AddressAutocompleteError(response.status);
  const body: unknown = await response.json();
  const items = Array.isArray(body) ? body : (body as { suggestions?: unknown } | null)?.suggestions;
  return Array.isArray(items) ? items.filter(isAddressSuggestion) : [];
}

export function addressLabel(suggestion: AddressSuggestion): string {
  return (
    suggestion.label ??
    `${suggestion.addressLine1}, ${suggestion.city}, ${suggestion.state} ${suggestion.zipcode}`
  );
}
