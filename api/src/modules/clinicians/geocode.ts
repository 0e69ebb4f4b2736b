// Where a clinician's address is: the point given with it, or the gazetteer's place of its ZIP code.
import { PROVIDER_DETAIL_MESSAGES } from '@carelane/shared-domain';
import { badRequest } from '../../lib/errors';
import { loadGazetteer, type ZipPlace } from '../maps/gazetteer';

/** The gazetteer's place of a ZIP code (400 naming `zipcode` when it is not known). */
export async function knownZip(zipcode: string): Promise<ZipPlace> {
  const place = (await loadGazetteer()).byZip(zipcode);
  if (!place) throw badRequest('zipcode', PROVIDER_DETAIL_MESSAGES.unknownZip);
  return place;
}

export type AddressPoint = {
  latitude: number;
  longitude: number;
  city: string | null;
  /** Upper-cased two-letter code, or null. */
  state: string | null;
};

/**
 * The address's point as given, or, when it comes without latitude and longitude, geocoded by its ZIP code
 * (the city and state then default to the ZIP code's); 400 naming `zipcode` when that ZIP code is not known.
 */
export async function pointOfZip(address: {
  zipcode: string;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  state: string | null;
}): Promise<AddressPoint> {
  let { latitude, longitude, city, state } = address;
  if (latitude === null || longitude === null) {
    const place = await knownZip(address.zipcode);
    ({ latitude, longitude } = place);
    city ??= place.city;
    state ??= place.state;
  }
  return { latitude, longitude, city, state: state?.toUpperCase() ?? null };
}
