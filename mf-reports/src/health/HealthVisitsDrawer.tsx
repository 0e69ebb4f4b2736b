// The visits behind a health figure that is not a dashboard rate's part (decision 050: the same condition as the
// figure, so its total is the figure), in a drawer mounted while the URL names the row and the figure: paged 10 at
// a time with the dashboard drill-down's columns, every page exported as CSV, the focus back on the figure's
// button when it closes.
import type { MetricVisitRow, ReportPeriod } from '@carelane/shared-domain';
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
import { DRILL_PAGE_SIZE, showPeriod } from '../dashboard/dashboard-filters';
import { drillCsv, VISIT_COLUMNS } from '../dashboard/drill-rows';
import { healthCalls, healthQueries, type HealthVisitsFilters } from './health-queries';

const count = new Intl.NumberFormat('en-US');

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
  useFocusReturn();
  const query = useQuery(healthQueries.visits({ ...filters, pageNumber, pageSize: DRILL_PAGE_SIZE }));
  const drill = query.data;
  const total = drill?.paging.totalCount ?? 0;
  const heading = `${title}, ${showPeriod(period)}`;
  return (
    <Drawer open onClose={onClose} title={heading} size="min(1100px, 100vw)" destroyOnHidden>
      <Flex justify="space-between" align="start" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text role="status">
          {drill ? `${count.format(total)} ${total === 1 ? 'visit' : 'visits'}` : 'Loading…'}
        </Typography.Text>
        <ExportCsvButton
          thing="the visits"
          rowNames={{ one: 'visit', many: 'visits' }}
          file={async (progress, signal) => {
            const rows = await fetchEveryPage<MetricVisitRow>(
              async (page, pageSize) => {
                const answer = await healthCalls.visits({ ...filters, pageNumber: page, pageSize }, signal);
                return { rows: answer.subject === 'visits' ? answer.rows : [], paging: answer.paging };
              },
              (row) => row.id,
              progress,
            );
            const csv = drillCsv({
              subject: 'visits',
              rows,
              paging: { pageNumber: 1, pageSize: rows.length, pageCount: 1, totalCount: rows.length },
            });
            return {
              ...csvFile(csv, `${filters.figure}-${period.from}-to-${period.to}.csv`),
              rows: rows.length,
            };
          }}
        />
      </Flex>
      <ListResults query={query} thing="the visits">
        <DataTable<MetricVisitRow>
          ariaLabel={heading}
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
      </ListResults>
    </Drawer>
  );
}
