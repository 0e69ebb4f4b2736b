// /timetostaff (issue 26): how long staffing a visit takes — the dashboard's staffing delay (decision 046), hours
// from a visit's request to its assignment over its staffed visits — for a period compared with the prior one: a
// histogram of the buckets (this period and the prior) and, per provider type or organization, the median, p90
// and average. Each group's staffed visits open the visits behind it in the dashboard's drill-down drawer. The
// filters, the grouping, the sort and the open group are in the URL.
import {
  formatHours,
  isOrganizationRole,
  TIME_TO_STAFF_GROUP_BYS,
  toCsv,
  type TimeToStaff,
  type TimeToStaffGroupBy,
  type TimeToStaffRow,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  EmptyState,
  ExportCsvButton,
  ListResults,
  PageFrame,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { MetricDrawer } from '../dashboard/MetricDrawer';
import { AllRowsTable } from '../report-kit/AllRowsTable';
import { sortRowsBy } from '../report-kit/sort-rows';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption, ReportFilters, reportFiltersOf, reportUrlShape } from '../report-kit/ReportFilters';
import { timeToStaffQueries } from './time-to-staff-queries';

const SORT_FIELDS = [
  'groupName',
  'staffedVisits',
  'medianHours',
  'p90Hours',
  'averageHours',
  'priorAverageHours',
] as const;
type SortField = (typeof SORT_FIELDS)[number];

export const timeToStaffUrlSchema = z.object({
  ...reportUrlShape,
  groupBy: z.enum(TIME_TO_STAFF_GROUP_BYS).optional(),
  sort: z.enum(SORT_FIELDS).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
  /** The group whose visits are open. */
  group: z.coerce.number().int().positive().optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
});

const GROUP_NAMES: Record<TimeToStaffGroupBy, string> = {
  providerType: 'Provider type',
  organization: 'Organization',
};

const THING = 'the time to staff';
const count = new Intl.NumberFormat('en-US');

/** The chart's accessible name: every bucket's staffed visits this period and the prior. */
function chartLabel(report: TimeToStaff): string {
  const parts = report.buckets.map((b) => `${b.label}: ${b.count} (prior ${b.priorCount})`);
  return `Staffed visits by time to staff, ${showPeriod(report.period)} compared with ${showPeriod(report.prior)}: ${parts.join(', ')}`;
}

/** The groups as CSV text. */
export function timeToStaffCsv(report: TimeToStaff, rows: readonly TimeToStaffRow[]): string {
  const hours = (h: number | null) => (h === null ? '' : h.toFixed(1));
  return toCsv([
    [
      GROUP_NAMES[report.groupBy],
      'Staffed visits',
      'Median hours',
      'P90 hours',
      'Average hours',
      'Prior average hours',
    ],
    ...rows.map((r) => [
      r.groupName,
      r.staffedVisits,
      hours(r.medianHours),
      hours(r.p90Hours),
      hours(r.averageHours),
      hours(r.priorAverageHours),
    ]),
    [
      'All',
      report.totals.staffedVisits,
      hours(report.totals.medianHours),
      hours(report.totals.p90Hours),
      hours(report.totals.averageHours),
      hours(report.totals.priorAverageHours),
    ],
  ]);
}

function BucketTable({ report }: { report: TimeToStaff }) {
  return (
    <table className="report-kit-figures" style={{ marginTop: 8, borderCollapse: 'collapse', fontSize: 13 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>Staffed visits by time to staff</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
            Time to staff
          </th>
          <th scope="col" style={{ textAlign: 'right', paddingRight: 16 }}>
            This period
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            Prior period
          </th>
        </tr>
      </thead>
      <tbody>
        {report.buckets.map((b) => (
          <tr key={b.key}>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
              {b.label}
            </th>
            <td style={{ textAlign: 'right', paddingRight: 16 }}>{count.format(b.count)}</td>
            <td style={{ textAlign: 'right' }}>{count.format(b.priorCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The groups' columns: the name, the staffed visits (a button opening them), and the hours. */
function groupColumns(
  groupName: string,
  sort: { field: SortField; order: 'ascend' | 'descend' },
  onOpen: (groupId: number) => void,
): DataTableColumns<TimeToStaffRow> {
  const hoursColumn = (title: string, field: SortField & `${string}Hours`) => ({
    title,
    key: field,
    align: 'right' as const,
    sorter: true,
    sortOrder: sort.field === field ? sort.order : null,
    render: (_v: unknown, row: TimeToStaffRow) => formatHours(row[field]),
  });
  return [
    {
      title: groupName,
      key: 'groupName',
      dataIndex: 'groupName',
      primary: true,
      sorter: true,
      sortOrder: sort.field === 'groupName' ? sort.order : null,
    },
    {
      title: 'Staffed visits',
      key: 'staffedVisits',
      align: 'right',
      sorter: true,
      sortOrder: sort.field === 'staffedVisits' ? sort.order : null,
      render: (_v, row) =>
        row.staffedVisits > 0 ? (
          <Button
            type="link"
            size="small"
            aria-label={`${row.staffedVisits} staffed visits, ${row.groupName}`}
            onClick={() => onOpen(row.groupId)}
          >
            {count.format(row.staffedVisits)}
          </Button>
        ) : (
          '0'
        ),
    },
    hoursColumn('Median', 'medianHours'),
    hoursColumn('P90', 'p90Hours'),
    hoursColumn('Average', 'averageHours'),
    hoursColumn('Prior average', 'priorAverageHours'),
  ];
}

export default function TimeToStaffPage() {
  const session = useSession();
  const [url, setUrl] = useUrlState(timeToStaffUrlSchema);
  const organizationUser = session ? isOrganizationRole(session.user.roleId) : false;
  const { period, prior, filters } = reportFiltersOf(url, organizationUser);
  const groupBy = url.groupBy ?? 'providerType';
  const report = useQuery(timeToStaffQueries.report({ ...filters, groupBy }));
  const data = report.data;
  const sort = { field: url.sort ?? 'groupName', order: url.order ?? 'ascend' } as const;
  const rows = data ? sortRowsBy(data.rows, sort.field, sort.order, (r) => r.groupId) : [];
  const groupName = GROUP_NAMES[groupBy];
  const open = data && url.group ? data.rows.find((r) => r.groupId === url.group) : undefined;

  const columns = groupColumns(groupName, sort, (group) => setUrl({ group, drillPage: null }));

  const onSort = (next: SortChange) =>
    setUrl(
      next && (SORT_FIELDS as readonly string[]).includes(next.field)
        ? { sort: next.field as SortField, order: next.order }
        : { sort: null, order: null },
    );

  return (
    <PageFrame title="Time to staff" subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={organizationUser}
        onChange={(update) => setUrl({ ...update, group: null, drillPage: null })}
      >
        <Select<TimeToStaffGroupBy>
          aria-label="Group by"
          value={groupBy}
          options={TIME_TO_STAFF_GROUP_BYS.map((value) => ({
            value,
            label: `By ${GROUP_NAMES[value].toLowerCase()}`,
          }))}
          onChange={(next) =>
            setUrl({ groupBy: next === 'providerType' ? null : next, group: null, drillPage: null })
          }
          style={{ width: 180 }}
        />
      </ReportFilters>
      <ListResults query={report} thing={THING}>
        {!data ? (
          <Skeleton active />
        ) : data.totals.staffedVisits === 0 && data.totals.priorStaffedVisits === 0 ? (
          <EmptyState
            title="No staffed visits dated in this period"
            description={`The report counts staffed visits with an assignment time by their date of service, and none is dated ${showPeriod(data.period)} or in the prior period for these filters. Pick a longer period or another filter.`}
          />
        ) : (
          <>
            <Typography.Paragraph>
              {count.format(data.totals.staffedVisits)} staffed visits: median{' '}
              {formatHours(data.totals.medianHours)}, p90 {formatHours(data.totals.p90Hours)}, average{' '}
              {formatHours(data.totals.averageHours)} (prior period{' '}
              {formatHours(data.totals.priorAverageHours)}).
            </Typography.Paragraph>
            <ReportChart
              label={chartLabel(data)}
              categories={data.buckets.map((b) => b.label)}
              series={[
                { name: 'This period', values: data.buckets.map((b) => b.count) },
                { name: 'Prior period', values: data.buckets.map((b) => b.priorCount) },
              ]}
              valueName="Staffed visits"
            >
              <BucketTable report={data} />
            </ReportChart>
            <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                By {groupName.toLowerCase()}
              </Typography.Title>
              <ExportCsvButton
                thing={THING}
                file={async () => ({
                  ...csvFile(
                    timeToStaffCsv(data, rows),
                    `time-to-staff-${groupBy}-${period.from}-to-${period.to}.csv`,
                  ),
                  rows: rows.length,
                })}
              />
            </Flex>
            <AllRowsTable<TimeToStaffRow>
              ariaLabel={`Time to staff by ${groupName.toLowerCase()}`}
              rows={rows}
              loading={report.isFetching}
              columns={columns}
              rowKey="groupId"
              emptyText="No staffed visits this period."
              onSortChange={onSort}
            />
          </>
        )}
      </ListResults>
      {open ? (
        <MetricDrawer
          key={open.groupId}
          target={{ metric: 'staffingDelay', part: 'denominator', period: 'current' }}
          filters={{
            ...filters,
            ...(groupBy === 'providerType'
              ? { providerTypeId: open.groupId }
              : { referralSourceId: open.groupId }),
          }}
          period={period}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl({ group: null, drillPage: null })}
        />
      ) : null}
    </PageFrame>
  );
}
