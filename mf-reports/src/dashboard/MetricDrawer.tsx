// The records behind one figure of the dashboard (decision 046: the same set, so its total is the figure), in a
// drawer mounted while the URL names the figure (metric, part, period): paged 10 at a time, every page exported
// as CSV, the focus back on the figure's button when it closes.
import {
  dashboardMetric,
  type MetricClinicianRow,
  type MetricDrill,
  type MetricVisitRow,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { csvFile, fetchEveryPage } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { RecordsDrawer } from '../report-kit/RecordsDrawer';
import { DRILL_PAGE_SIZE, showPeriod } from './dashboard-filters';
import {
  dashboardCalls,
  dashboardQueries,
  type DashboardFilters,
  type DrillFilters,
  type DrillTarget,
} from './dashboard-queries';
import { CLINICIAN_COLUMNS, drillCsv, VISIT_COLUMNS } from './drill-rows';
import { partLabel } from './MetricCard';

type Row = MetricVisitRow | MetricClinicianRow;

/** Every record behind the figure, page after page, as the CSV file. */
async function exportFile(
  filters: Omit<DrillFilters, 'pageNumber' | 'pageSize'>,
  period: ReportPeriod,
  progress: (done: number, total: number) => void,
  signal: AbortSignal,
) {
  let subject: MetricDrill['subject'] = 'visits';
  const rows = await fetchEveryPage<Row>(
    async (pageNumber, pageSize) => {
      const page = await dashboardCalls.records({ ...filters, pageNumber, pageSize }, signal);
      subject = page.subject;
      return page;
    },
    (row) => row.id,
    progress,
  );
  const drill = {
    subject,
    rows,
    paging: { pageNumber: 1, pageSize: rows.length, pageCount: 1, totalCount: rows.length },
  } as MetricDrill;
  const name = `${filters.metric}-${filters.part}-${period.from}-to-${period.to}.csv`;
  return { ...csvFile(drillCsv(drill), name), rows: rows.length };
}

export type MetricDrawerProps = {
  target: DrillTarget;
  filters: DashboardFilters;
  /** The period the figure is of (the prior period for a prior figure). */
  period: ReportPeriod;
  pageNumber: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
};

export function MetricDrawer({ target, filters, period, pageNumber, onPage, onClose }: MetricDrawerProps) {
  const metric = dashboardMetric(target.metric)!;
  const asked = { ...filters, ...target };
  const query = useQuery(dashboardQueries.records({ ...asked, pageNumber, pageSize: DRILL_PAGE_SIZE }));
  const drill = query.data;
  const common = {
    title: `${metric.label} — ${partLabel(metric, target.part)}, ${showPeriod(period)}`,
    query,
    total: drill?.paging.totalCount ?? 0,
    pageNumber,
    pageSize: DRILL_PAGE_SIZE,
    onPage,
    onClose,
    exportFile: (progress: (done: number, total: number) => void, signal: AbortSignal) =>
      exportFile(asked, period, progress, signal),
  };
  return drill?.subject === 'clinicians' || (!drill && metric.kind === 'clinicianRatio') ? (
    <RecordsDrawer<MetricClinicianRow>
      {...common}
      noun={{ one: 'clinician', many: 'clinicians' }}
      rows={drill?.subject === 'clinicians' ? drill.rows : []}
      columns={CLINICIAN_COLUMNS}
    />
  ) : (
    <RecordsDrawer<MetricVisitRow>
      {...common}
      noun={{ one: 'visit', many: 'visits' }}
      rows={drill?.subject === 'visits' ? drill.rows : []}
      columns={VISIT_COLUMNS}
    />
  );
}
