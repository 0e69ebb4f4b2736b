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
import {
  csvFile,
  DataTable,
  ExportCsvButton,
  fetchEveryPage,
  ListResults,
  useFocusReturn,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Typography } from 'antd';
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

const count = new Intl.NumberFormat('en-US');

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
  useFocusReturn();
  const metric = dashboardMetric(target.metric)!;
  const asked = { ...filters, ...target };
  const query = useQuery(dashboardQueries.records({ ...asked, pageNumber, pageSize: DRILL_PAGE_SIZE }));
  const drill = query.data;
  const noun = drill?.subject === 'clinicians' || metric.kind === 'clinicianRatio' ? 'clinicians' : 'visits';
  const title = `${metric.label} — ${partLabel(metric, target.part)}, ${showPeriod(period)}`;
  const total = drill?.paging.totalCount ?? 0;
  return (
    <Drawer open onClose={onClose} title={title} size="min(1100px, 100vw)" destroyOnHidden>
      <Flex justify="space-between" align="start" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text role="status">
          {drill ? `${count.format(total)} ${total === 1 ? noun.slice(0, -1) : noun}` : 'Loading…'}
        </Typography.Text>
        <ExportCsvButton
          thing={`the ${noun}`}
          rowNames={{ one: noun.slice(0, -1), many: noun }}
          file={(progress, signal) => exportFile(asked, period, progress, signal)}
        />
      </Flex>
      <ListResults query={query} thing={`the ${noun}`}>
        {drill?.subject === 'clinicians' ? (
          <DataTable<MetricClinicianRow>
            ariaLabel={title}
            rows={drill.rows}
            totalCount={total}
            pageNumber={pageNumber}
            pageSize={DRILL_PAGE_SIZE}
            pageSizeOptions={[DRILL_PAGE_SIZE]}
            loading={query.isFetching}
            columns={CLINICIAN_COLUMNS}
            rowKey="id"
            emptyText="No clinicians."
            onPageChange={(next) => onPage(next)}
          />
        ) : (
          <DataTable<MetricVisitRow>
            ariaLabel={title}
            rows={drill?.subject === 'visits' ? drill.rows : []}
            totalCount={total}
            pageNumber={pageNumber}
            pageSize={DRILL_PAGE_SIZE}
            pageSizeOptions={[DRILL_PAGE_SIZE]}
            loading={query.isFetching}
            columns={VISIT_COLUMNS}
            rowKey="id"
            emptyText="No visits."
            onPageChange={(next) => onPage(next)}
          />
        )}
      </ListResults>
    </Drawer>
  );
}
