// AR health's pure parts: the drill-down address into the invoice list and the CSV (decision 030). The
// invoices page reads referralSourceId, paymentStatus, fromReport and from / to (issue dates) from its URL.
import { AGING_BUCKET_LABELS, formatCents, toCsv, type ArHealth } from '@carelane/shared-domain';
import { csvFile } from '@carelane/shared-ui';

/** The invoice list of one organization issued in [from, to], every payment status, opened from a report. */
export function invoicesLink(referralSourceId: number, from: string, to: string): string {
  const params = new URLSearchParams({
    referralSourceId: String(referralSourceId),
    paymentStatus: 'ALL',
    fromReport: 'true',
    from,
    to,
  });
  return `/invoices?${params.toString()}`;
}

export function arHealthCsv(report: ArHealth): string {
  const header = [
    'Organization',
    ...report.totals.buckets.map((b) => AGING_BUCKET_LABELS[b.bucket]),
    'Total',
    'Invoices',
  ];
  return toCsv([
    header,
    ...report.rows.map((row) => [
      row.organizationName,
      ...row.buckets.map((b) => formatCents(b.balanceCents)),
      formatCents(row.totalCents),
      row.invoiceCount,
    ]),
    [
      'All organizations',
      ...report.totals.buckets.map((b) => formatCents(b.balanceCents)),
      formatCents(report.totals.totalCents),
      report.totals.invoiceCount,
    ],
  ]);
}

export const arHealthCsvFile = (report: ArHealth) =>
  csvFile(arHealthCsv(report), `ar-health-${report.asOf}.csv`);
