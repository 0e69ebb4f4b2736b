import {
  formatDateTime,
  PATIENT_READ_KINDS,
  toCsv,
  type PatientAccessList,
  type PatientAccessQuery,
  type PatientReadKind,
} from '@carelane/shared-domain';
import { badRequest, notFound } from '../../../lib/errors';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { AUDIT_COUNT_CAP } from '../../admin/audit';
import { findPatient } from '../patients/repository';
import { countPatientAccess, selectPatientAccess, type AccessFilter } from './repository';

const DAY_MS = 86_400_000;
/** The default range: the 30 days up to and including the end day. */
const DEFAULT_DAYS = 30;
/** One CSV export holds at most this many entries (the newest); narrow the dates for more. */
export const ACCESS_EXPORT_MAX_ROWS = 50_000;

type Filters = Omit<PatientAccessQuery, 'pageNumber' | 'pageSize'>;

/** The filter of a query: whole local days from startDate to endDate. */
function accessFilter(patientId: number, q: Filters): AccessFilter {
  const endDay = q.endDate ?? localIsoDate(new Date());
  const startDay =
    q.startDate ??
    localIsoDate(new Date(new Date(`${endDay}T12:00:00`).getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  if (startDay > endDay) throw badRequest('endDate', 'must not be before the start date');
  const end = new Date(`${endDay}T00:00:00`);
  end.setDate(end.getDate() + 1);
  return { patientId, start: new Date(`${startDay}T00:00:00`), end, userId: q.userId };
}

async function assertPatientExists(services: AppServices, patientId: number): Promise<void> {
  if (!(await findPatient(services.db, patientId))) throw notFound('The patient');
}

/** One page of the reads of a patient's data, newest first. */
export async function listPatientAccess(
  services: AppServices,
  patientId: number,
  q: PatientAccessQuery,
): Promise<PatientAccessList> {
  await assertPatientExists(services, patientId);
  const filter = accessFilter(patientId, q);
  const [rows, totalCount] = await Promise.all([
    selectPatientAccess(services.db, filter, q.pageSize, (q.pageNumber - 1) * q.pageSize),
    countPatientAccess(services.db, filter, AUDIT_COUNT_CAP),
  ]);
  return { rows, paging: pagingOf(q, totalCount, AUDIT_COUNT_CAP) };
}

const kindLabel = (kind: string) => PATIENT_READ_KINDS[kind as PatientReadKind] ?? kind;

/** The report as CSV (newest first, up to ACCESS_EXPORT_MAX_ROWS); the export is itself a recorded read. */
export async function exportPatientAccess(
  services: AppServices,
  ctx: RequestContext,
  patientId: number,
  q: Filters,
): Promise<{ fileName: string; csv: string }> {
  await assertPatientExists(services, patientId);
  const filter = accessFilter(patientId, q);
  noteRead(ctx, { kind: 'csvExport', entityId: patientId, patientIds: [patientId] });
  const rows = await selectPatientAccess(services.db, filter, ACCESS_EXPORT_MAX_ROWS, 0);
  const csv = toCsv([
    [
      'When',
      'User',
      'Email',
      'Switched in by',
      'What',
      'Record',
      'Outcome',
      'Client address',
      'Patients named',
    ],
    ...rows.map((r) => [
      formatDateTime(r.at),
      r.userName,
      r.userEmail,
      r.impersonatorEmail,
      kindLabel(r.kind),
      r.entityId,
      r.outcome,
      r.ip,
      r.patientCount,
    ]),
  ]);
  return {
    fileName: `patient-${patientId}-access-${localIsoDate(filter.start)}-to-${localIsoDate(new Date(filter.end.getTime() - 1))}.csv`,
    csv,
  };
}
