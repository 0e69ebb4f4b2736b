// The visits behind a health figure that is not a dashboard rate's part (decision 050: the same condition as the
// figure, so its total is the figure), in a drawer mounted while the URL names the row and the figure: paged 10 at
// a time with the dashboard drill-down's columns, every page exported as CSV, the focus back on the figure's
// button when it closes.
import type { MetricVisitRow, ReportPeriod } from '@carelane/shared-domain';
import { useQuery } from '@tanstack/react-query';
import { everyRecordFile, RecordsDrawer } from '../report-kit/RecordsDrawer';
import { DRILL_PAGE_SIZE, showPeriod } from '../dashboard/dashboard-filters';
import { VISIT_COLUMNS, visitsCsv } from '../dashboard/drill-rows';
import { healthCalls, healthQueries, type HealthVisitsFilters } from './health-queries';

export type HealthVisitsDrawerProps = {
  /** What the figure is, such as 'Missed visits — Lakeside Care'. */
  title: string;
  filters: Omit<HealthVisitsFilters, 'pageNumber' | 'pageSize'>;
  period: ReportPeriod;
  pageNumber: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
};

export function HealthVisitsDrawer({
  title,
  filters,
  period,
  pageNumber,
  onPage,
  onClose,
}: HealthVisitsDrawerProps) {
  const query = useQuery(healthQueries.visits({ ...filters, pageNumber, pageSize: DRILL_PAGE_SIZE }));
  const drill = query.data;
  return (
    <RecordsDrawer<MetricVisitRow>
      title={`${title}, ${showPeriod(period)}`}
      noun={{ one: 'visit', many: 'visits' }}
      query={query}
      rows={drill?.subject === 'visits' ? drill.rows : []}
      total={drill?.paging.totalCount ?? 0}
      columns={VISIT_COLUMNS}
      pageNumber={pageNumber}
      pageSize={DRILL_PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordFile<MetricVisitRow>({
        fetchPage: async (page, pageSize, signal) => {
          const answer = await healthCalls.visits({ ...filters, pageNumber: page, pageSize }, signal);
          return { rows: answer.subject === 'visits' ? answer.rows : [], paging: answer.paging };
        },
        keyOf: (row) => row.id,
        csvOf: visitsCsv,
        fileName: `${filters.figure}-${period.from}-to-${period.to}.csv`,
      })}
    />
  );
}
