// The CSV export of an adjustment report: every adjustment of the current filters, written with shared-domain's
// toCsv (formula-safe cells). Money as formatCents writes it; days as SPEC §5's M/D/YYYY.
import { formatCents, formatDate, toCsv, type Adjustment } from '@carelane/shared-domain';
import { csvFile } from '@carelane/shared-ui';
import { ADJUSTMENT_KIND_LABELS } from './adjustment-columns';

export const ADJUSTMENT_CSV_HEADER = [
  'Created',
  'Kind',
  'Invoice',
  'Organization',
  'Clinician',
  'Amount',
  'Reason',
  'Status',
  'Applied',
  'NACHA file',
] as const;

const day = (iso: string | null) => (iso ? formatDate(iso) : '');

export function adjustmentCsv(rows: readonly Adjustment[]): string {
  return toCsv([
    ADJUSTMENT_CSV_HEADER,
    ...rows.map((row) => [
      day(row.createdAt),
      ADJUSTMENT_KIND_LABELS[row.kind],
      row.invoiceNumber ?? '',
      row.organizationName ?? '',
      row.clinicianName ?? '',
      formatCents(row.amountCents),
      row.reason,
      row.status,
      day(row.appliedAt),
      row.nachaFileId ?? '',
    ]),
  ]);
}

export function adjustmentCsvFile(rows: readonly Adjustment[], name: string) {
  return csvFile(adjustmentCsv(rows), `${name}.csv`);
}
