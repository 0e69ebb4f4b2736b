// The records behind a county's figure (decision 057), in the reports' records drawer: its requested, staffed or
// unstaffed visits with the dashboard drill-down's columns and CSV, or its active clinicians; paged, every one
// exported, the total the figure.
import type { MetricClinicianRow, MetricVisitRow, ReportPeriod } from '@carelane/shared-domain';
import type { DataTableColumns } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { showPeriod } from '../dashboard/dashboard-filters';
import { CLINICIAN_COLUMNS, cliniciansCsv, VISIT_COLUMNS, visitsCsv } from '../dashboard/drill-rows';
import { everyRecordFile, RecordsDrawer } from '../report-kit/RecordsDrawer';
import {
  supplyDemandCalls,
  supplyDemandQueries,
  type SupplyDemandRecordsFilters,
} from './supply-demand-queries';

const PAGE_SIZE = 10;

type Row = MetricVisitRow | MetricClinicianRow;

export type SupplyDemandRecordsProps = {
  /** What the figure is, such as 'Gap (unstaffed) — Travis County, TX'. */
  title: string;
  filters: Omit<SupplyDemandRecordsFilters, 'pageNumber' | 'pageSize'>;
  period: ReportPeriod;
  pageNumber: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
};

export function SupplyDemandRecords({
  title,
  filters,
  period,
  pageNumber,
  onPage,
  onClose,
}: SupplyDemandRecordsProps) {
  const query = useQuery(supplyDemandQueries.records({ ...filters, pageNumber, pageSize: PAGE_SIZE }));
  const clinicians = filters.figure === 'activeClinicians';
  const heading = clinicians ? `${title} (as of today)` : `${title}, ${showPeriod(period)}`;
  return (
    <RecordsDrawer<Row>
      title={heading}
      noun={clinicians ? { one: 'clinician', many: 'clinicians' } : { one: 'visit', many: 'visits' }}
      query={query}
      rows={query.data?.rows ?? []}
      total={query.data?.paging.totalCount ?? 0}
      columns={(clinicians ? CLINICIAN_COLUMNS : VISIT_COLUMNS) as DataTableColumns<Row>}
      pageNumber={pageNumber}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordFile<Row>({
        fetchPage: (page, pageSize, signal) =>
          supplyDemandCalls.records({ ...filters, pageNumber: page, pageSize }, signal),
        keyOf: (row) => row.id,
        csvOf: (rows) =>
          clinicians ? cliniciansCsv(rows as MetricClinicianRow[]) : visitsCsv(rows as MetricVisitRow[]),
        fileName: `${filters.figure}-${filters.county}-${period.from}-to-${period.to}.csv`,
      })}
    />
  );
}
