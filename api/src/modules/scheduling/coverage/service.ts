import {
  coverageByZipcode,
  hasMapLocation,
  roundCoordinate,
  type CoverageReportQuery,
  type CoverageReportResponse,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { loadTypedConstants } from '../../admin/constants';
import { encryptBlob } from '../../../lib/blob-cipher';
import { selectClinicians, selectEpisodes } from './repository';

/** Builds the coverage report: the map's points as columns, patient names encrypted, coverage by ZIP. */
export async function buildCoverageReport(
  ex: Executor,
  ctx: RequestContext,
  q: CoverageReportQuery,
): Promise<CoverageReportResponse> {
  const layers = new Set(q.include);
  const wantsClinicians = layers.has('clinicians') || layers.has('coverage');
  const wantsEpisodes = layers.has('episodes') || layers.has('coverage');
  const [clinicianRows, episodeRows] = await Promise.all([
    wantsClinicians ? selectClinicians(ex, q) : [],
    wantsEpisodes ? selectEpisodes(ex, q) : [],
  ]);

  const clinicians: CoverageReportResponse['clinicians'] = {
    id: [],
    name: [],
    providerTypeId: [],
    providerStatusId: [],
    latitude: [],
    longitude: [],
    zipcode: [],
  };
  let droppedClinicians = 0;
  if (layers.has('clinicians')) {
    for (const row of clinicianRows) {
      if (!hasMapLocation(row.latitude, row.longitude)) {
        droppedClinicians++;
        continue;
      }
      clinicians.id.push(row.id);
      clinicians.name.push(`${row.given_name} ${row.family_name}`);
      clinicians.providerTypeId.push(row.provider_type_id);
      clinicians.providerStatusId.push(row.provider_status_id);
      clinicians.latitude.push(roundCoordinate(row.latitude!));
      clinicians.longitude.push(roundCoordinate(row.longitude!));
      clinicians.zipcode.push(row.zipcode ?? '');
    }
  }

  const episodes: CoverageReportResponse['episodes'] = {
    id: [],
    episodeType: [],
    status: [],
    patientOrFacilityId: [],
    zipcode: [],
    latitude: [],
    longitude: [],
    allVisits: [],
    names: null,
  };
  let droppedEpisodes = 0;
  if (layers.has('episodes')) {
    const names: [string, string][] = [];
    const namedPatients: number[] = [];
    for (const row of episodeRows) {
      if (!hasMapLocation(row.latitude, row.longitude)) {
        droppedEpisodes++;
        continue;
      }
      episodes.id.push(row.id);
      episodes.episodeType.push(row.episode_type);
      episodes.status.push(row.status);
      episodes.patientOrFacilityId.push(row.patient_or_facility_id ?? 0);
      episodes.zipcode.push(row.zipcode ?? '');
      episodes.latitude.push(roundCoordinate(row.latitude!));
      episodes.longitude.push(roundCoordinate(row.longitude!));
      episodes.allVisits.push(row.all_visits ?? []);
      names.push([row.first_name ?? '', row.last_name ?? '']);
      if (row.named_patient_id !== null) namedPatients.push(row.named_patient_id);
    }
    if (names.length) {
      const { blobEncryptionKey } = await loadTypedConstants(ex);
      episodes.names = encryptBlob(blobEncryptionKey, JSON.stringify(names));
      noteRead(ctx, { kind: 'coverageReport', entityId: null, patientIds: namedPatients });
    }
  }

  const coverage = layers.has('coverage')
    ? coverageByZipcode(
        clinicianRows.map((row) => ({
          id: row.id,
          zipcode: row.zipcode,
          preferredZipcodes: row.preferred_zipcodes,
        })),
        episodeRows.map((row) => row.zipcode),
      )
    : [];
  return {
    clinicians,
    episodes,
    coverage,
    dropped: { clinicians: droppedClinicians, episodes: droppedEpisodes },
  };
}

/** The report in one transaction: the names read and the audit entry that says so go together. */
export function coverageReport(
  services: AppServices,
  ctx: RequestContext,
  q: CoverageReportQuery,
): Promise<CoverageReportResponse> {
  return services.db.transaction((tx) => buildCoverageReport(tx, ctx, q));
}
