// The clinician list's SQL (decision 021): the filters of the list, each on an indexed column where one exists
// (status and name on providers_status_idx; type, status and the preferred point's latitude and longitude band on
// providers_type_status_lat_lon_idx, the band technique of matching/candidates.ts), one page and its count
// through the read cache, and the whole filtered list for the CSV export.
import { and, between, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { boundingBox, type ProviderListQuery, type ProviderSortField } from '@carelane/shared-domain';
import { providers, providerTypes } from '../../../db/scheduling-schema';
import { users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { milesBetween } from '../../../db/sql-distance';
import { containsPattern } from '../../../lib/like-pattern';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';

/** The centre and radius of a distance filter: the ZIP code's place and the miles asked for. */
export type DistanceFilter = { latitude: number; longitude: number; miles: number };
export type ProviderFilters = Omit<ProviderListQuery, 'pageNumber' | 'pageSize'>;

const columns = {
  id: providers.id,
  givenName: providers.givenName,
  familyName: providers.familyName,
  providerTypeId: providers.providerTypeId,
  providerType: providerTypes.type,
  providerStatusId: providers.providerStatusId,
  credentialState: providers.credentialState,
  city: providers.city,
  state: providers.state,
  zipcode: providers.zipcode,
  phoneNumber: providers.phoneNumber,
  email: providers.email,
  skills: providers.skills,
  rating: providers.rating,
  ratingDetails: providers.ratingDetails,
  // The clinician's last sign-in is their login's (users.last_login), the one written at sign-in.
  lastLogin: users.lastLogin,
  preferredLatitude: providers.preferredLatitude,
  preferredLongitude: providers.preferredLongitude,
};

/** The great-circle distance in miles from the centre to the preferred point, as distanceMiles computes it. */
function milesFrom(point: DistanceFilter): SQL<number> {
  const { latitude: lat, longitude: lon } = point;
  return milesBetween(
    sql`${lat}::float8`,
    sql`${lon}::float8`,
    sql`${providers.preferredLatitude}`,
    sql`${providers.preferredLongitude}`,
  );
}

const textList = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

function whereOf(q: ProviderFilters, point: DistanceFilter | null): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (q.providerStatusId !== 0) filters.push(eq(providers.providerStatusId, q.providerStatusId));
  if (q.providerTypeId !== undefined) filters.push(eq(providers.providerTypeId, q.providerTypeId));
  if (q.credentialState !== undefined) filters.push(eq(providers.credentialState, q.credentialState));
  if (q.skills?.length) {
    const wanted = textList([...new Set(q.skills)]);
    filters.push(
      q.skillsMatch === 'all' ? sql`${providers.skills} @> ${wanted}` : sql`${providers.skills} && ${wanted}`,
    );
  }
  if (point) {
    // The box first (index range on latitude, longitude checked in the index), then the exact distance.
    const box = boundingBox(point.latitude, point.longitude, point.miles);
    filters.push(
      isNotNull(providers.preferredLatitude),
      isNotNull(providers.preferredLongitude),
      between(providers.preferredLatitude, box.minLat, box.maxLat),
      between(providers.preferredLongitude, box.minLon, box.maxLon),
      sql`${milesFrom(point)} <= ${point.miles}`,
    );
  } else if (q.zipcode) {
    filters.push(
      or(eq(providers.zipcode, q.zipcode), sql`${q.zipcode} = any(${providers.preferredZipcodes})`),
    );
  }
  if (q.search) {
    const pattern = containsPattern(q.search);
    const digits = q.search.replace(/\D/g, '');
    filters.push(
      or(
        ilike(sql`${providers.givenName} || ' ' || ${providers.familyName}`, pattern),
        ilike(sql`${providers.familyName} || ', ' || ${providers.givenName}`, pattern),
        ilike(providers.email, pattern),
        digits.length >= 3 ? ilike(providers.phoneNumber, containsPattern(digits)) : undefined,
      ),
    );
  }
  return and(...filters);
}

/** The list's order: the field, then the name and the id, so every page is stable. */
function orderOf(sort: ProviderSortField, descending: boolean, point: DistanceFilter | null): SQL[] {
  const dir = descending ? sql`desc` : sql`asc`;
  const byName = [sql`${providers.familyName} ${dir}`, sql`${providers.givenName} ${dir}`];
  const id = sql`${providers.id} ${dir}`;
  switch (sort) {
    case 'type':
      return [sql`${providerTypes.type} ${dir}`, ...byName, id];
    // Not rated and never logged in come last either way.
    case 'rating':
      return [sql`${providers.rating} ${dir} nulls last`, ...byName, id];
    case 'lastLogin':
      return [sql`${users.lastLogin} ${dir} nulls last`, id];
    case 'distance':
      return point ? [sql`${milesFrom(point)} ${dir}`, ...byName, id] : [...byName, id];
    default:
      return [...byName, id];
  }
}

function selectProviders(ex: Executor, q: ProviderFilters, point: DistanceFilter | null) {
  const sort = q.sort ?? (point ? 'distance' : 'name');
  const field = (sort.startsWith('-') ? sort.slice(1) : sort) as ProviderSortField;
  return ex
    .select(columns)
    .from(providers)
    .innerJoin(providerTypes, eq(providerTypes.id, providers.providerTypeId))
    .leftJoin(users, eq(users.id, providers.userId))
    .where(whereOf(q, point))
    .orderBy(...orderOf(field, sort.startsWith('-'), point));
}

export type ProviderListRow = Awaited<ReturnType<typeof selectProviders>>[number];

/** One page of the clinicians matching the filters, and how many match (from the read cache). */
export function listProviderRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  q: ProviderListQuery,
  point: DistanceFilter | null,
): Promise<{ rows: ProviderListRow[]; totalCount: number }> {
  const ex = services.db;
  const page = selectProviders(ex, q, point)
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  return cachedPage(services, ['providers', 'provider_types', 'users'], page, async () => {
    const [rows, [count]] = await Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(providers)
        .where(whereOf(q, point)),
    ]);
    return { rows: rows as ProviderListRow[], totalCount: count?.n ?? 0 };
  });
}

/** Every clinician matching the filters in the list's order, up to `limit`. */
export async function selectAllProviderRows(
  ex: Executor,
  q: ProviderFilters,
  point: DistanceFilter | null,
  limit: number,
): Promise<ProviderListRow[]> {
  return (await selectProviders(ex, q, point).limit(limit)) as ProviderListRow[];
}

/** Every skill some clinician holds, in name order. */
export function listSkillNames(services: Pick<AppServices, 'db' | 'readCache'>): Promise<string[]> {
  const query = services.db
    .selectDistinct({ skill: sql<string>`unnest(${providers.skills})` })
    .from(providers)
    .orderBy(sql`1`);
  return cachedPage(services, ['providers'], query, async () =>
    (await query).map((row) => row.skill).filter(Boolean),
  );
}
