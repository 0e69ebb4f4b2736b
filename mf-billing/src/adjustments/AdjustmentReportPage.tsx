// /adjustmentReport (issue 13): the invoice adjustments applied — receivable credits on invoices and payable
// changes to clinicians' pay. Filters in the URL: kind and the days they were made (the server filters on the
// day each adjustment was created; by default the last 180 days, as the invoices' list). "Export CSV" writes
// every adjustment of the filters. Invoice numbers open the invoice on /invoices.
import { defaultRange, isoDateSchema, type Adjustment } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  DataTable,
  DateRangeFilter,
  ExportCsvButton,
  isoDay,
  listFilterFields,
  ListResults,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { z } from 'zod';
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

/** "Export CSV" of every adjustment of the filters; a status line says how it went. */
export function ExportAdjustmentsButton({
  filters,
  fileName,
}: {
  filters: Omit<AdjustmentFilters, 'pageNumber' | 'pageSize'>;
  fileName: string;
}) {
  return (
    <ExportCsvButton
      thing="the adjustments"
      rowNames={{ one: 'adjustment', many: 'adjustments' }}
      file={async (_progress, signal) => {
        const rows = await fetchAllAdjustments(filters, signal);
        return { ...adjustmentCsvFile(rows, fileName), rows: rows.length };
      }}
    />
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
