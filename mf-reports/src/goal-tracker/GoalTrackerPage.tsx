// /goalTracker (issue 26, decision 056): care-plan goals from the notes' goal builder — met, in progress and not
// met — per patient or clinician, over the visits' dates of service. A chart of each group's goals by status,
// worst first, the groups' table (every count a button opening its goals in the records drawer, with CSV of all
// of them) and the groups' CSV. The filters, the grouping, the sort and the open figure are in the URL.
import {
  GOAL_GROUP_KEYS,
  GOAL_STATUS_KEYS,
  GOAL_STATUS_LABELS,
  isOrganizationRole,
  toCsv,
  type GoalGroupBy,
  type GoalStatus,
  type GoalTracker,
  type GoalTrackerRow,
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
import { AllRowsTable } from '../report-kit/AllRowsTable';
import { sortRowsBy } from '../report-kit/sort-rows';
import { ReportChart } from '../report-kit/ReportChart';
import { ReportFilters, reportFiltersOf, reportUrlShape } from '../report-kit/ReportFilters';
import { GoalRecords } from './GoalRecords';
import { goalTrackerQueries } from './goal-tracker-queries';

const SORT_FIELDS = ['name', 'goals', 'met', 'inProgress', 'notMet', 'metRate'] as const;
type SortField = (typeof SORT_FIELDS)[number];
/** A figure of a group: all its goals, or one status. */
const FIGURES = ['goals', ...GOAL_STATUS_KEYS] as const;
type Figure = (typeof FIGURES)[number];

export const goalTrackerUrlSchema = z.object({
  ...reportUrlShape,
  groupBy: z.enum(GOAL_GROUP_KEYS).optional(),
  sort: z.enum(SORT_FIELDS).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
  /** The open figure: its group and which count. */
  group: z.coerce.number().int().positive().optional(),
  figure: z.enum(FIGURES).optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
});

const GROUP_NAMES: Record<GoalGroupBy, string> = { patient: 'Patient', clinician: 'Clinician' };
const FIGURE_NAMES: Record<Figure, string> = { goals: 'Goals', ...GOAL_STATUS_LABELS };
const THING = 'the goal tracker';
const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const showRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** The chart's accessible name: every group's goals by status. */
function chartLabel(report: GoalTracker): string {
  const parts = report.rows.map(
    (r) => `${r.name}: ${r.met} met, ${r.inProgress} in progress, ${r.notMet} not met`,
  );
  return `Care-plan goals by ${report.groupBy}, worst first, ${showPeriod(report.period)}: ${parts.join('; ')}`;
}

/** The groups as CSV text. */
export function goalTrackerCsv(report: GoalTracker, rows: readonly GoalTrackerRow[]): string {
  return toCsv([
    [GROUP_NAMES[report.groupBy], 'Goals', 'Met', 'In progress', 'Not met', 'Met rate'],
    ...rows.map((r) => [
      r.name,
      r.goals,
      r.met,
      r.inProgress,
      r.notMet,
      r.metRate === null ? '' : r.metRate.toFixed(3),
    ]),
  ]);
}

function groupColumns(
  groupName: string,
  sort: { field?: SortField; order: 'ascend' | 'descend' },
  onOpen: (group: number, figure: Figure) => void,
): DataTableColumns<GoalTrackerRow> {
  const sorted = (field: SortField) => ({
    sorter: true,
    sortOrder: sort.field === field ? sort.order : null,
  });
  const countColumn = (figure: Figure) => ({
    title: FIGURE_NAMES[figure],
    key: figure,
    align: 'right' as const,
    ...sorted(figure),
    render: (_v: unknown, row: GoalTrackerRow) =>
      row[figure] > 0 ? (
        <Button
          type="link"
          size="small"
          aria-label={`${row[figure]} ${figure === 'goals' ? 'goals' : `goals ${FIGURE_NAMES[figure].toLowerCase()}`}, ${row.name}`}
          onClick={() => onOpen(row.id, figure)}
        >
          {count.format(row[figure])}
        </Button>
      ) : (
        '0'
      ),
  });
  return [
    { title: groupName, key: 'name', dataIndex: 'name', primary: true, ...sorted('name') },
    ...FIGURES.map(countColumn),
    {
      title: 'Met rate',
      key: 'metRate',
      align: 'right',
      ...sorted('metRate'),
      render: (_v, row) => showRate(row.metRate),
    },
  ];
}

export default function GoalTrackerPage() {
  const session = useSession();
  const [url, setUrl] = useUrlState(goalTrackerUrlSchema);
  const organizationUser = session ? isOrganizationRole(session.user.roleId) : false;
  const { period, filters } = reportFiltersOf(url, organizationUser);
  const groupBy = url.groupBy ?? 'patient';
  const report = useQuery(goalTrackerQueries.report({ ...filters, groupBy }));
  const data = report.data;
  const sort = { field: url.sort, order: url.order ?? 'ascend' } as const;
  const rows = data ? sortRowsBy(data.rows, sort.field, sort.order, (r) => r.id) : [];
  const groupName = GROUP_NAMES[groupBy];
  const open = data && url.group ? data.rows.find((r) => r.id === url.group) : undefined;
  const figure = url.figure ?? 'goals';
  const columns = groupColumns(groupName, sort, (group, next) =>
    setUrl({ group, figure: next === 'goals' ? null : next, drillPage: null }),
  );
  const onSort = (next: SortChange) =>
    setUrl(
      next && (SORT_FIELDS as readonly string[]).includes(next.field)
        ? { sort: next.field as SortField, order: next.order }
        : { sort: null, order: null },
    );

  return (
    <PageFrame title="Goal tracker" subtitle={showPeriod(period)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={organizationUser}
        onChange={(update) => setUrl({ ...update, group: null, figure: null, drillPage: null })}
      >
        <Select<GoalGroupBy>
          aria-label="Group by"
          value={groupBy}
          options={GOAL_GROUP_KEYS.map((value) => ({
            value,
            label: `By ${GROUP_NAMES[value].toLowerCase()}`,
          }))}
          onChange={(next) =>
            setUrl({ groupBy: next === 'patient' ? null : next, group: null, figure: null, drillPage: null })
          }
          style={{ width: 180 }}
        />
      </ReportFilters>
      <ListResults query={report} thing={THING}>
        {!data ? (
          <Skeleton active />
        ) : data.rows.length === 0 ? (
          <EmptyState
            title="No care-plan goals in this period"
            description={`The report counts the goals of the goal builder in visit notes dated ${showPeriod(data.period)}, each goal once per episode as its latest note has it, and none matched these filters. Pick a longer period or another filter.`}
          />
        ) : (
          <>
            <Typography.Paragraph>
              A goal is met or not met when its episode's discharge note says so ("Goals met at discharge":
              all met, or partially or not met) on or after its latest note; until then it is in progress.
            </Typography.Paragraph>
            <ReportChart
              label={chartLabel(data)}
              categories={data.rows.map((r) => r.name)}
              series={GOAL_STATUS_KEYS.map((status: GoalStatus) => ({
                name: GOAL_STATUS_LABELS[status],
                values: data.rows.map((r) => r[status]),
              }))}
              valueName="Goals"
              horizontal
              height={Math.max(200, 60 + data.rows.length * 36)}
            />
            <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                By {groupName.toLowerCase()}
              </Typography.Title>
              <ExportCsvButton
                thing={THING}
                file={async () => ({
                  ...csvFile(
                    goalTrackerCsv(data, rows),
                    `goal-tracker-${groupBy}-${period.from}-to-${period.to}.csv`,
                  ),
                  rows: rows.length,
                })}
              />
            </Flex>
            <AllRowsTable<GoalTrackerRow>
              ariaLabel={`Care-plan goals by ${groupName.toLowerCase()}`}
              rows={rows}
              loading={report.isFetching}
              columns={columns}
              rowKey="id"
              emptyText="No goals this period."
              onSortChange={onSort}
            />
          </>
        )}
      </ListResults>
      {open ? (
        <GoalRecords
          key={`${open.id}-${figure}`}
          title={`${FIGURE_NAMES[figure]}, ${open.name}, ${showPeriod(period)}`}
          query={{ ...filters, groupBy, groupId: open.id, ...(figure === 'goals' ? {} : { status: figure }) }}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl({ group: null, figure: null, drillPage: null })}
        />
      ) : null}
    </PageFrame>
  );
}
