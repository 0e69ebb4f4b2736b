// The CSV export of the non-coverages list: every row of the filters, written with shared-domain's toCsv
// (formula-safe cells). Days as SPEC §5's M/D/YYYY; a visit's time on its organization's clock, zone named.
import {
  formatDate,
  formatDateTime,
  formatVisitMoment,
  toCsv,
  type NonCoverage,
} from '@carelane/shared-domain';
import { csvFile } from '@carelane/shared-ui';

export const NON_COVERAGE_CSV_HEADER = [
  'Reported',
  'Status',
  'Patient',
  'Organization',
  'Provider type',
  'Service request',
  'Visit',
  'Reason',
  'Note',
  'Reported by',
  'Resolved',
  'Resolved by',
  'Resolution',
] as const;

/** The visit's date and time as its organization's clock shows them, or '' for a whole service request. */
export function visitWhen(row: Pick<NonCoverage, 'visitDate' | 'visitStartAt' | 'visitTimeZone'>): string {
  if (!row.visitDate) return '';
  if (!row.visitStartAt || !row.visitTimeZone) return formatDate(row.visitDate);
  return formatVisitMoment(row.visitStartAt, row.visitTimeZone);
}

export function nonCoverageCsv(rows: readonly NonCoverage[]): string {
  return toCsv([
    NON_COVERAGE_CSV_HEADER,
    ...rows.map((row) => [
      formatDateTime(row.reportedAt),
      row.status,
      row.patientName ?? '',
      row.organizationName,
      row.providerTypeName ?? '',
      `#${row.episodeId} ${row.episodeTitle}`,
      visitWhen(row),
      row.reason,
      row.note ?? '',
      row.reporterName,
      row.resolvedAt ? formatDateTime(row.resolvedAt) : '',
      row.resolverName ?? '',
      row.resolution ?? '',
    ]),
  ]);
}

export const nonCoverageCsvFile = (rows: readonly NonCoverage[], name: string) =>
  csvFile(nonCoverageCsv(rows), `${name}.csv`);
