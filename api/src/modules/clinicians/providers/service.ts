import {
  credentialStateName,
  distanceMiles,
  engagementColor,
  formatDateTime,
  formatPhone,
  PROVIDER_EXPORT_MAX_ROWS,
  providerStatusName,
  ratingLabel,
  toCsv,
  type ProviderListItem,
  type ProviderListQuery,
  type ProviderListResponse,
} from '@carelane/shared-domain';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { knownZip } from '../geocode';
import {
  listProviderRows,
  listSkillNames,
  selectAllProviderRows,
  type DistanceFilter,
  type ProviderFilters,
  type ProviderListRow,
} from './repository';

/** The distance filter's centre: the gazetteer's place of the ZIP code (400 naming zipcode when unknown). */
async function distanceFilter(q: ProviderFilters): Promise<DistanceFilter | null> {
  if (q.distance === undefined || q.zipcode === undefined) return null;
  const place = await knownZip(q.zipcode);
  return { latitude: place.latitude, longitude: place.longitude, miles: q.distance };
}

function toItem(row: ProviderListRow, point: DistanceFilter | null): ProviderListItem {
  const item: ProviderListItem = {
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    providerTypeId: row.providerTypeId,
    providerType: row.providerType,
    providerStatusId: row.providerStatusId,
    credentialState: row.credentialState,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    phoneNumber: row.phoneNumber,
    email: row.email,
    skills: row.skills,
    rating: row.rating,
    ratingDetails: row.ratingDetails,
    lastLogin: row.lastLogin?.toISOString() ?? null,
  };
  if (point && row.preferredLatitude !== null && row.preferredLongitude !== null) {
    const miles = distanceMiles(
      point.latitude,
      point.longitude,
      row.preferredLatitude,
      row.preferredLongitude,
    );
    item.distanceMiles = Math.round(miles * 10) / 10;
  }
  return item;
}

/** One page of the clinicians matching the filters (SPEC §4 default: provider status 3). */
export async function listProviders(
  services: AppServices,
  q: ProviderListQuery,
): Promise<ProviderListResponse> {
  const point = await distanceFilter(q);
  const { rows, totalCount } = await listProviderRows(services, q, point);
  const paging = pagingOf(q, totalCount);
  return {
    providers: rows.map((row) => toItem(row, point)),
    pageCount: paging.pageCount,
    pageTotalCount: totalCount,
    paging,
  };
}

/** The filtered list as CSV, in the list's order, up to PROVIDER_EXPORT_MAX_ROWS clinicians. */
export async function exportProviders(
  services: AppServices,
  q: ProviderFilters,
  now: Date = new Date(),
): Promise<{ fileName: string; csv: string }> {
  const point = await distanceFilter(q);
  const rows = await selectAllProviderRows(services.db, q, point, PROVIDER_EXPORT_MAX_ROWS);
  const csv = toCsv([
    [
      'Id',
      'Last name',
      'First name',
      'Type',
      'Status',
      'Credential state',
      'City',
      'State',
      'ZIP code',
      'Phone',
      'Email',
      'Skills',
      'Rating',
      'Last login',
      'Engagement',
      ...(point ? ['Distance (miles)'] : []),
    ],
    ...rows.map((row) => {
      const item = toItem(row, point);
      return [
        item.id,
        item.familyName,
        item.givenName,
        item.providerType,
        providerStatusName(item.providerStatusId),
        credentialStateName(item.credentialState),
        item.city,
        item.state,
        item.zipcode,
        item.phoneNumber && formatPhone(item.phoneNumber),
        item.email,
        item.skills.join('; '),
        ratingLabel(item.rating),
        formatDateTime(item.lastLogin),
        engagementColor(item.lastLogin, now),
        ...(point ? [item.distanceMiles ?? null] : []),
      ];
    }),
  ]);
  return { fileName: `clinicians-${localIsoDate(now)}.csv`, csv };
}

/** The skills clinicians hold, for the list's skills filter. */
export async function listSkills(services: AppServices): Promise<{ skills: string[] }> {
  return { skills: await listSkillNames(services) };
}
