// /userActivity (issue 26, decision 052): who signs in and works in Carelane, and who has gone quiet. A row per
// active user with their engagement colour (SPEC §4, from the last sign-in), sign-ins, patient reads and
// everything done this period against the prior one; least active first. Each figure links to the audit log's
// entries behind it (same user, action and instants: the same count). The chart draws the page's sign-ins; the
// table is its text alternative. Filters, sort and page are in the URL; the CSV holds every user of the filters.
import {
  activityEntriesPath,
  formatDate,
  REPORT_MAX_DAYS,
  ROLE_NAMES,
  toCsv,
  USER_ACTIVITY_FIGURES,
  USER_ACTIVITY_SORTS,
  engagementColor,
  type ReportPeriod,
  type UserActivityRow,
  type UserActivitySort,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  csvFile,
  DataTable,
  DateRangeFilter,
  EmptyState,
  EngagementDot,
  ExportCsvButton,
  fetchEveryPage,
  isoDay,
  listFilterFields,
  ListResults,
  OrganizationFilter,
  PageFrame,
  rangeOf,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod, urlPeriod } from '../dashboard/dashboard-filters';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption, reportUrlShape } from '../report-kit/ReportFilters';
import { userActivityCalls, userActivityQueries, type UserActivityFilters } from './user-activity-queries';

const THING = 'the user activity';
const count = new Intl.NumberFormat('en-US');
const id = z.coerce.number().int().positive().optional().catch(undefined);

export const userActivityUrlSchema = z.object({
  from: reportUrlShape.from.catch(undefined),
  to: reportUrlShape.to.catch(undefined),
  roleId: id,
  referralSourceId: id,
  q: z.string().trim().max(60).optional().catch(undefined),
  sort: z.enum(USER_ACTIVITY_SORTS).optional().catch(undefined),
  order: z.enum(['ascend', 'descend']).optional().catch(undefined),
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
});

const ROLE_OPTIONS = Object.entries(ROLE_NAMES).map(([roleId, name]) => ({
  value: Number(roleId),
  label: name,
}));

type Figure = (typeof USER_ACTIVITY_FIGURES)[number];

function figureColumn(
  figure: Figure,
  period: ReportPeriod,
  sort: { field: UserActivitySort; order: 'ascend' | 'descend' },
): DataTableColumns<UserActivityRow>[number] {
  return {
    key: figure.key,
    title: figure.label,
    align: 'right',
    sorter: true,
    sortOrder: sort.field === figure.key ? sort.order : null,
    render: (_: unknown, row: UserActivityRow) => {
      const { current, prior } = row[figure.key];
      return (
        <span>
          <AreaLink to={activityEntriesPath(row.userId, figure, period)}>
            <span aria-label={`${count.format(current)} ${figure.label.toLowerCase()}, ${row.name}`}>
              {count.format(current)}
            </span>
          </AreaLink>
          <Typography.Text type="secondary"> (prior {count.format(prior)})</Typography.Text>
        </span>
      );
    },
  };
}

function columnsOf(
  period: ReportPeriod,
  sort: { field: UserActivitySort; order: 'ascend' | 'descend' },
): DataTableColumns<UserActivityRow> {
  const sortOrder = (field: UserActivitySort) => (sort.field === field ? sort.order : null);
  return [
    {
      key: 'name',
      title: 'User',
      sorter: true,
      sortOrder: sortOrder('name'),
      primary: true,
      render: (_: unknown, row: UserActivityRow) => (
        <span>
          <AreaLink to={`/user?id=${row.userId}`}>{row.name}</AreaLink>
          <div>
            <Typography.Text type="secondary">{row.emailId}</Typography.Text>
          </div>
        </span>
      ),
    },
    { key: 'role', title: 'Role', render: (_: unknown, row: UserActivityRow) => row.role },
    {
      key: 'organization',
      title: 'Organization',
      render: (_: unknown, row: UserActivityRow) => row.organizationName ?? '—',
    },
    {
      key: 'lastLogin',
      title: 'Last sign-in',
      sorter: true,
      sortOrder: sortOrder('lastLogin'),
      render: (_: unknown, row: UserActivityRow) => (
        <Flex gap={6} align="center">
          <EngagementDot lastLogin={row.lastLogin} />
          {row.lastLogin ? formatDate(row.lastLogin) : 'Never'}
        </Flex>
      ),
    },
    ...USER_ACTIVITY_FIGURES.map((figure) => figureColumn(figure, period, sort)),
  ];
}

/** Every user of the filters as CSV text, with the figures of both periods. */
export function userActivityCsv(rows: readonly UserActivityRow[]): string {
  return toCsv([
    [
      'User',
      'Email',
      'Role',
      'Organization',
      'Last sign-in',
      'Engagement',
      ...USER_ACTIVITY_FIGURES.flatMap((f) => [f.label, `${f.label}, prior period`]),
    ],
    ...rows.map((r) => [
      r.name,
      r.emailId,
      r.role,
      r.organizationName ?? '',
      r.lastLogin ?? '',
      engagementColor(r.lastLogin),
      ...USER_ACTIVITY_FIGURES.flatMap((f) => [r[f.key].current, r[f.key].prior]),
    ]),
  ]);
}

export default function UserActivityPage() {
  const [url, setUrl] = useUrlState(userActivityUrlSchema);
  const { period, prior } = urlPeriod(url);
  const sort = { field: url.sort ?? 'entries', order: url.order ?? 'ascend' } as const;
  const filters: UserActivityFilters = {
    ...period,
    ...(url.roleId ? { roleId: url.roleId } : {}),
    ...(url.referralSourceId ? { referralSourceId: url.referralSourceId } : {}),
    ...(url.q ? { q: url.q } : {}),
    sort: sort.field,
    order: sort.order === 'descend' ? 'desc' : 'asc',
  };
  const list = useQuery(
    userActivityQueries.list({ ...filters, pageNumber: url.pageNumber, pageSize: url.pageSize }),
  );
  const data = list.data;

  const onSort = (next: SortChange) =>
    setUrl(
      next && (USER_ACTIVITY_SORTS as readonly string[]).includes(next.field)
        ? { sort: next.field as UserActivitySort, order: next.order, pageNumber: null }
        : { sort: null, order: null, pageNumber: null },
    );

  return (
    <PageFrame title="User activity" subtitle={comparedCaption(period, prior)}>
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Period"
          value={rangeOf({ startDate: period.from, endDate: period.to })}
          maxDays={REPORT_MAX_DAYS}
          onChange={(range) => setUrl({ from: isoDay(range.start), to: isoDay(range.end), pageNumber: null })}
        />
        <Select<number>
          aria-label="Role"
          placeholder="Any role"
          allowClear
          value={url.roleId}
          options={ROLE_OPTIONS}
          onChange={(roleId?: number) => setUrl({ roleId: roleId ?? null, pageNumber: null })}
          style={{ width: 240 }}
        />
        <OrganizationFilter
          organizationStatus="ALL"
          value={url.referralSourceId}
          onChange={(referralSourceId) => setUrl({ referralSourceId, pageNumber: null })}
        />
        <Input.Search
          aria-label="Search users"
          placeholder="Name or email"
          allowClear
          defaultValue={url.q}
          onSearch={(value) => setUrl({ q: value.trim() || null, pageNumber: null })}
          style={{ width: 240 }}
        />
      </Flex>
      <ListResults query={list} thing={THING}>
        {!data ? (
          <Skeleton active />
        ) : data.paging.totalCount === 0 ? (
          <EmptyState
            title="No users match these filters"
            description="The report lists active users. Clear the role, organization or search to see more."
          />
        ) : (
          <>
            <ReportChart
              label={`Sign-ins, ${showPeriod(data.period)} compared with ${showPeriod(data.prior)}: ${data.rows
                .map((r) => `${r.name} ${r.signIns.current} (prior ${r.signIns.prior})`)
                .join(', ')}`}
              categories={data.rows.map((r) => r.name)}
              series={[
                { name: 'This period', values: data.rows.map((r) => r.signIns.current) },
                { name: 'Prior period', values: data.rows.map((r) => r.signIns.prior) },
              ]}
              valueName="Sign-ins"
              horizontal
              height={Math.max(200, data.rows.length * 36)}
            />
            <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                Users, least active first
              </Typography.Title>
              <ExportCsvButton
                thing={THING}
                rowNames={{ one: 'user', many: 'users' }}
                file={async (progress, signal) => {
                  const rows = await fetchEveryPage<UserActivityRow>(
                    async (pageNumber, pageSize) =>
                      userActivityCalls.list({ ...filters, pageNumber, pageSize }, signal),
                    (row) => row.userId,
                    progress,
                  );
                  return {
                    ...csvFile(userActivityCsv(rows), `user-activity-${period.from}-to-${period.to}.csv`),
                    rows: rows.length,
                  };
                }}
              />
            </Flex>
            <DataTable<UserActivityRow>
              ariaLabel="User activity"
              rows={data.rows}
              totalCount={data.paging.totalCount}
              pageNumber={url.pageNumber}
              pageSize={url.pageSize}
              loading={list.isFetching}
              columns={columnsOf(data.period, sort)}
              rowKey="userId"
              emptyText="No users on this page."
              onPageChange={(pageNumber, pageSize) => setUrl({ pageNumber, pageSize })}
              onSortChange={onSort}
            />
          </>
        )}
      </ListResults>
    </PageFrame>
  );
}
