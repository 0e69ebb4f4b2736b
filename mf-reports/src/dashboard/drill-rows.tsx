// The records behind a figure, as the drill-down's table and its CSV show them: visits (date of service, the
// start on the visit's own clock with its zone named, patient, organization, provider type, visit type, clinician,
// status) or, for the utilization rate, clinicians. The CSV goes through shared-domain's toCsv (formula-safe).
import {
  formatDate,
  formatTimeOfDay,
  formatVisitMoment,
  timeZoneAbbreviation,
  toCsv,
  wallClockIn,
  type MetricClinicianRow,
  type MetricDrill,
  type MetricVisitRow,
} from '@carelane/shared-domain';
import { NONE, visitTagLabel, VisitStatusTag, type DataTableColumns } from '@carelane/shared-ui';

/** A visit's start on its own clock with the zone named: '9:00 AM CST'. */
export const visitStart = (row: Pick<MetricVisitRow, 'startAt' | 'timeZone'>): string =>
  `${formatTimeOfDay(wallClockIn(row.startAt, row.timeZone).time)} ${timeZoneAbbreviation(row.timeZone, row.startAt)}`;

export const VISIT_COLUMNS: DataTableColumns<MetricVisitRow> = [
  { title: 'Date', key: 'date', primary: true, render: (_v, row) => formatDate(row.dateOfService) },
  { title: 'Time', key: 'time', render: (_v, row) => visitStart(row) },
  { title: 'Patient', key: 'patient', dataIndex: 'patientName' },
  { title: 'Organization', key: 'organization', dataIndex: 'organizationName' },
  { title: 'Provider type', key: 'providerType', dataIndex: 'providerTypeName' },
  { title: 'Visit type', key: 'visitType', dataIndex: 'visitTypeName' },
  { title: 'Clinician', key: 'clinician', render: (_v, row) => row.clinicianName ?? NONE },
  { title: 'Status', key: 'status', render: (_v, row) => <VisitStatusTag status={row.status} /> },
];

export const CLINICIAN_COLUMNS: DataTableColumns<MetricClinicianRow> = [
  { title: 'Clinician', key: 'name', primary: true, dataIndex: 'name' },
  { title: 'Provider type', key: 'providerType', dataIndex: 'providerTypeName' },
  { title: 'State', key: 'state', render: (_v, row) => row.state ?? NONE },
  { title: 'Staffed visits', key: 'staffedVisits', dataIndex: 'staffedVisits', align: 'right' },
];

const moment = (at: string | null, zone: string) => (at ? formatVisitMoment(at, zone) : '');

/** Clinicians as CSV text: a header, then a row per clinician. */
export const cliniciansCsv = (rows: readonly MetricClinicianRow[]): string =>
  toCsv([
    ['Clinician', 'Provider type', 'State', 'Staffed visits'],
    ...rows.map((row) => [row.name, row.providerTypeName, row.state, row.staffedVisits]),
  ]);

/** Visits as CSV text: a header, then a row per visit with its recorded moments on its own clock. */
export function visitsCsv(rows: readonly MetricVisitRow[]): string {
  return toCsv([
    [
      'Date of service',
      'Start',
      'Patient',
      'Organization',
      'Provider type',
      'Visit type',
      'Clinician',
      'Status',
      'Requested',
      'Assigned',
      'Checked in',
      'Checked out',
      'Note submitted',
      'EVV verified',
    ],
    ...rows.map((row) => [
      formatDate(row.dateOfService),
      visitStart(row),
      row.patientName,
      row.organizationName,
      row.providerTypeName,
      row.visitTypeName,
      row.clinicianName,
      visitTagLabel({ status: row.status }),
      moment(row.requestedAt, row.timeZone),
      moment(row.assignedAt, row.timeZone),
      moment(row.timeIn, row.timeZone),
      moment(row.timeOut, row.timeZone),
      moment(row.notesSubmittedAt, row.timeZone),
      row.evvVerified ? 'Yes' : 'No',
    ]),
  ]);
}

/** The records of a drill-down as CSV text. */
export const drillCsv = (drill: MetricDrill): string =>
  drill.subject === 'clinicians' ? cliniciansCsv(drill.rows) : visitsCsv(drill.rows);
