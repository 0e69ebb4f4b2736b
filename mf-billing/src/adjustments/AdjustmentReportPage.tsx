// /adjustmentReport (issue 13): the invoice adjustments applied — receivable credits on invoices and payable
// changes to clinicians' pay. Filters in the URL: kind and the days they were made (the server filters on the
// day each adjustment was created; by default the last 180 days, as the invoices' list). "Export CSV" writes
// every adjustment of the filters. Invoice numbers open the invoice on /invoices.
import { defaultRange, isoDateSchema, type Adjustment } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile, useUrlState } from '@carelane/shared-session';
import { DataTable, DateRangeFilter, listFilterFields, ListResults, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { askedRange, isoDay, rangeOf } from '../common/billing-dates';
import { adjustmentColumns, ADJUSTMENT_KIND_LABELS } from './adjustment-columns';
import { adjustmentCsvFile } from './adjustment-csv';
import { adjustmentQueries, fetchAllAdjustments, type AdjustmentFilters } from './adjustment-queries';

/** The report's default: adjustments made in the last 180 days (SPEC leaves it open; the invoices' range). */
export const ADJUSTMENT_DAYS_BACK = 180;

export const kindFilter = z.enum(['ALL', 'receivable', 'payable']).catch('ALL');
export const KIND_OPTIONS = [
  { value: 'ALL', label: 'Receivable and payable' },
  { value: 'receivable', label: ADJUSTMENT_KIND_LABELS.receivable },
  { value: 'payable', label: ADJUSTMENT_KIND_LABELS.payable },
];

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  kind: kindFilter,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

export function adjustmentDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  return askedRange(from, to, defaultRange(-ADJUSTMENT_DAYS_BACK, 0, now));
}

const count = new Intl.NumberFormat('en-US');

/** "Export CSV" of every adjustment of the filters; a status line says how it went. */
export function ExportAdjustmentsButton({
  filters,
  fileName,
}: {
  filters: Omit<AdjustmentFilters, 'pageNumber' | 'pageSize'>;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const run = async () => {
    setBusy(true);
    setStatus('Exporting the adjustments…');
    try {
      const rows = await fetchAllAdjustments(filters);
      saveFile(adjustmentCsvFile(rows, fileName), `${fileName}.csv`);
      setStatus(`Exported ${count.format(rows.length)} ${rows.length === 1 ? 'adjustment' : 'adjustments'}.`);
    } catch (error) {
      setStatus('');
      publishErrorToast(errorMessage(error, 'the adjustments', 'exported'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical align="end" gap={2}>
      <Button onClick={() => void run()} loading={busy}>
        Export CSV
      </Button>
      <Typography.Text type="secondary" role="status" style={{ fontSize: 12 }}>
        {status}
      </Typography.Text>
    </Flex>
  );
}

export default function AdjustmentReportPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = adjustmentDates(filters.from, filters.to);
  const listFilters = { status: 'Applied' as const, kind: filters.kind, ...dates };
  const list = useQuery(
    adjustmentQueries.list({ ...listFilters, pageNumber: filters.pageNumber, pageSize: filters.pageSize }),
  );

  return (
    <PageFrame
      title="Invoice adjustments"
      subtitle="Applied adjustments: credits on invoices and changes to clinicians' pay"
      actions={
        <ExportAdjustmentsButton
          filters={listFilters}
          fileName={`adjustments-${dates.startDate}-to-${dates.endDate}`}
        />
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Select
          aria-label="Kind"
          value={filters.kind}
          options={KIND_OPTIONS}
          onChange={(kind: string) => setFilters({ kind: kind === 'ALL' ? null : kind, pageNumber: null })}
          style={{ width: 240 }}
        />
        <DateRangeFilter
          label="Created"
          value={rangeOf(dates)}
          onChange={(next) =>
            setFilters({ from: isoDay(next.start), to: isoDay(next.end), pageNumber: null })
          }
        />
      </Flex>
      <ListResults query={list} thing="the adjustments">
        <DataTable<Adjustment>
          ariaLabel="Applied adjustments"
          rows={list.data?.rows ?? []}
          totalCount={list.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={list.isFetching}
          columns={adjustmentColumns({ applied: true })}
          rowKey="id"
          emptyText="No applied adjustments match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </PageFrame>
  );
}
