import { DEFAULT_TIME_ZONE, isOrganizationRole, isTimeZone, timeZoneOfPlace } from '@carelane/shared-domain';
import type { Executor } from '../../db/client';
import type { AppServices } from '../../services/app-services';
import { requireActor, type RequestContext } from '../../services/context';
import { loadGazetteer } from './gazetteer';
import type { MapsProvider, NearPlace } from './providers';
import { activeOrganizationsCentre, organizationPlace, type OrganizationPlace } from './repository';

/**
 * Where the caller's address suggestions are ranked from: an organization user's own organization; for staff,
 * the organization the form is for (`referralSourceId`), else the centre of the active organizations.
 */
export function nearPlaceFor(
  services: Pick<AppServices, 'db' | 'readCache'>,
  ctx: RequestContext,
  referralSourceId: number | undefined,
): Promise<NearPlace | null> {
  const actor = requireActor(ctx);
  const organizationId = isOrganizationRole(actor.roleId)
    ? actor.referralSourceId
    : (referralSourceId ?? null);
  return services.readCache.read(`maps:near:${organizationId ?? 'all'}`, ['referral_sources'], async () => {
    const place = organizationId ? await organizationPlace(services.db, organizationId) : null;
    if (place && (place.zipcode || (place.latitude != null && place.longitude != null))) return place;
    return activeOrganizationsCentre(services.db);
  });
}

/** Address suggestions for typed text, ranked near the caller's organization. */
export async function suggestAddresses(
  services: Pick<AppServices, 'db' | 'readCache'>,
  ctx: RequestContext,
  provider: MapsProvider,
  query: { input: string; limit: number; referralSourceId?: number },
) {
  const near = await nearPlaceFor(services, ctx, query.referralSourceId);
  return { suggestions: await provider.autocomplete(query.input, query.limit, near) };
}

/**
 * An organization's time zone (ARCHITECTURE §9 "Time", decision 039): the one it keeps, else its state from its ZIP
 * code (else from the ZIP place nearest its map point) in the gazetteer, and the map point for the states a zone
 * line crosses (timeZoneOfPlace).
 */
export async function organizationTimeZone(db: Executor, id: number): Promise<string> {
  const place = await organizationPlace(db, id);
  if (place?.timeZone && isTimeZone(place.timeZone)) return place.timeZone;
  return place ? timeZoneOfAddress(place) : timeZoneOfPlace({});
}

/** An organization's zone when there is one (a filter, a sender), else the default zone (Central). */
export async function organizationTimeZoneOrDefault(
  db: Executor,
  id: number | null | undefined,
): Promise<string> {
  return id == null ? DEFAULT_TIME_ZONE : organizationTimeZone(db, id);
}

/** The zone a visit's times are shown in: its own, else its organization's (visits booked before migration 0029). */
export async function visitTimeZone(
  db: Executor,
  visit: { timeZone: string | null; referralSourceId: number },
): Promise<string> {
  return visit.timeZone || organizationTimeZone(db, visit.referralSourceId);
}

/**
 * Each visit with its zone: its own, else its organization's (visits booked before migration 0029), one lookup per
 * organization.
 */
export async function withVisitTimeZones<T extends { timeZone?: string | null }>(
  db: Executor,
  visits: readonly T[],
  organizationOf: (visit: T) => number,
): Promise<Array<T & { timeZone: string }>> {
  const zones = new Map<number, string>();
  for (const visit of visits) {
    const organization = organizationOf(visit);
    if (!visit.timeZone && !zones.has(organization))
      zones.set(organization, await organizationTimeZone(db, organization));
  }
  return visits.map((visit) => ({ ...visit, timeZone: visit.timeZone || zones.get(organizationOf(visit))! }));
}

/** The state of an address: its ZIP code's, else the nearest ZIP place's to its map point (undefined: unknown). */
export async function stateOfAddress(
  place: Omit<OrganizationPlace, 'timeZone'>,
): Promise<string | undefined> {
  const gazetteer = await loadGazetteer();
  const { latitude, longitude } = place;
  return (
    (place.zipcode ? gazetteer.byZip(place.zipcode)?.state : undefined) ??
    (latitude != null && longitude != null ? gazetteer.nearest(latitude, longitude, 1)[0]?.state : undefined)
  );
}

/** The zone of an address by its ZIP code's state (else the nearest ZIP place's) and its map point. */
export async function timeZoneOfAddress(place: Omit<OrganizationPlace, 'timeZone'>): Promise<string> {
  const state = await stateOfAddress(place);
  return timeZoneOfPlace({ state, latitude: place.latitude, longitude: place.longitude });
}
