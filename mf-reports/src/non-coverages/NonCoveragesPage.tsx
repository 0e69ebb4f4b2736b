// /noncoverages (issue 26, decision 047): the service requests and visits that cannot be covered. Filters in the
// URL: status (SPEC §4: Active by default), organization, provider type and the reported period (no period: every
// report, an old Active one is still work). "Report non-coverage" opens the form ('Non Coverage Reported
// successfully.'); "Resolve" asks how it was resolved; "Export CSV" writes every row of the filters. The weekly
// trend (the period shown, by default the last 12 weeks) counts reported, resolved and still Active.
import {
  defaultReportPeriod,
  formatDate,
  isoDateSchema,
  NON_COVERAGE_DEFAULT_STATUS,
  NON_COVERAGE_STATUS_FILTERS,
  NON_COVERAGE_TREND_DEFAULT_DAYS,
  REPORT_MAX_DAYS,
  type NonCoverage,
  type NonCoverageTrend,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  DataTable,
  DateRangeFilter,
  EmptyState,
  ExportCsvButton,
  isoDay,
  listFilterFields,
  ListResults,
  OrganizationFilter,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { nonCoverageColumns } from './non-coverage-columns';
import { nonCoverageCsvFile } from './non-coverage-csv';
import {
  fetchAllNonCoverages,
  nonCoverageQueries,
  type NonCoverageFilters,
  type NonCoverageScope,
} from './non-coverage-queries';
import { ReportNonCoverageModal } from './ReportNonCoverageModal';
import { ResolveNonCoverageModal } from './ResolveNonCoverageModal';
import { ProviderTypeFilter } from '../report-kit/ReportFilters';

const id = z.coerce.number().int().positive().optional().catch(undefined);

export const nonCoverageUrlSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum(NON_COVERAGE_STATUS_FILTERS).catch(NON_COVERAGE_DEFAULT_STATUS),
  order: z.enum(['newest', 'oldest']).catch('newest'),
  referralSourceId: id,
  providerTypeId: id,
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});

const STATUS_OPTIONS = [
  { value: 'Active', label: 'Active' },
  { value: 'Resolved', label: 'Resolved' },
  { value: 'All', label: 'Active and resolved' },
];

/** The period the URL names, or null (every day); and the one the trend and the picker show. */
export function urlPeriods(url: { from?: string; to?: string }, today: string = isoDay(new Date())) {
  const fallback = defaultReportPeriod(today, NON_COVERAGE_TREND_DEFAULT_DAYS);
  const shown = askedRange(
    url.from,
    url.to,
    rangeOf({ startDate: fallback.from, endDate: fallback.to }),
    REPORT_MAX_DAYS,
  );
  const asked = url.from || url.to ? shown : null;
  return { asked, shown };
}

/** The weekly trend: a line of text, then one bar per week (the Active count at its end). */
function Trend({ trend }: { trend: NonCoverageTrend }) {
  const weeks = trend.weeks;
  const reported = weeks.reduce((sum, w) => sum + w.reported, 0);
  const resolved = weeks.reduce((sum, w) => sum + w.resolved, 0);
  const last = weeks.at(-1);
  const most = Math.max(1, ...weeks.map((w) => Math.max(w.activeAtEnd, w.reported)));
  return (
    <section aria-labelledby="non-coverage-trend" style={{ marginBottom: 16 }}>
      <Typography.Title level={2} id="non-coverage-trend" style={{ fontSize: 16 }}>
        Weekly trend
      </Typography.Title>
      <Typography.Paragraph>
        {`${formatDate(trend.period.from)}–${formatDate(trend.period.to)}: ${reported} reported, ${resolved} resolved`}
        {last ? `, ${last.activeAtEnd} still active at the end.` : '.'}
      </Typography.Paragraph>
      <ol aria-label="Non-coverages per week" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {weeks.map((w) => (
          <li
            key={w.from}
            style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 9em) minmax(0, 1fr)', gap: 8 }}
          >
            <span>Week of {formatDate(w.from)}</span>
            <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  height: 10,
                  width: `${(w.activeAtEnd / most) * 100}%`,
                  minWidth: w.activeAtEnd ? 4 : 0,
                  maxWidth: '60%',
                  background: '#d46b08',
                  borderRadius: 2,
                }}
              />
              <span style={{ whiteSpace: 'nowrap' }}>
                {`${w.activeAtEnd} active, ${w.reported} reported, ${w.resolved} resolved`}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function emptyText(status: NonCoverageFilters['status'], filtered: boolean): string {
  const what =
    status === 'Active'
      ? 'No service request or visit is reported as not covered right now'
      : status === 'Resolved'
        ? 'No non-coverage has been resolved'
        : 'No non-coverage has been reported';
  return filtered ? `${what} for these filters.` : `${what}.`;
}

export default function NonCoveragesPage() {
  const [url, setUrl] = useUrlState(nonCoverageUrlSchema);
  const { asked, shown } = urlPeriods(url);
  const scope: NonCoverageScope = {
    ...(url.referralSourceId ? { referralSourceId: url.referralSourceId } : {}),
    ...(url.providerTypeId ? { providerTypeId: url.providerTypeId } : {}),
  };
  const listFilters = {
    ...scope,
    ...(asked ? { from: asked.startDate, to: asked.endDate } : {}),
    status: url.status,
    order: url.order,
  };
  const list = useQuery(
    nonCoverageQueries.list({ ...listFilters, pageNumber: url.pageNumber, pageSize: url.pageSize }),
  );
  const trend = useQuery(nonCoverageQueries.trend({ ...scope, from: shown.startDate, to: shown.endDate }));
  const [reporting, setReporting] = useState(false);
  const [resolving, setResolving] = useState<NonCoverage | null>(null);
  const filtered = asked !== null || Object.keys(scope).length > 0;

  const columns = nonCoverageColumns(url.order, setResolving);

  return (
    <PageFrame
      title="Non-coverages"
      subtitle={
        asked
          ? `Reported ${formatDate(asked.startDate)}–${formatDate(asked.endDate)}`
          : 'Service requests and visits that cannot be covered, reported any day'
      }
      actions={
        <Flex gap={8} wrap align="start">
          <ExportCsvButton
            thing="the non-coverages"
            rowNames={{ one: 'non-coverage', many: 'non-coverages' }}
            file={async (_progress, signal) => {
              const rows = await fetchAllNonCoverages(listFilters, signal);
              return {
                ...nonCoverageCsvFile(rows, `non-coverages-${url.status.toLowerCase()}`),
                rows: rows.length,
              };
            }}
          />
          <Button type="primary" onClick={() => setReporting(true)}>
            Report non-coverage
          </Button>
        </Flex>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Select
          aria-label="Status"
          value={url.status}
          options={STATUS_OPTIONS}
          onChange={(status: string) =>
            setUrl({ status: status === NON_COVERAGE_DEFAULT_STATUS ? null : status, pageNumber: null })
          }
          style={{ width: 200 }}
        />
        <OrganizationFilter
          organizationStatus="ALL"
          value={url.referralSourceId}
          onChange={(referralSourceId) => setUrl({ referralSourceId, pageNumber: null })}
        />
        <ProviderTypeFilter
          value={url.providerTypeId}
          onChange={(providerTypeId) => setUrl({ providerTypeId, pageNumber: null })}
        />
        <DateRangeFilter
          label="Reported"
          value={rangeOf(shown)}
          maxDays={REPORT_MAX_DAYS}
          onChange={(range) => setUrl({ from: isoDay(range.start), to: isoDay(range.end), pageNumber: null })}
        />
        {asked ? (
          <Button onClick={() => setUrl({ from: null, to: null, pageNumber: null })}>Any day</Button>
        ) : null}
      </Flex>
      {trend.isError ? null : trend.data ? (
        <Trend trend={trend.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
      <ListResults query={list} thing="the non-coverages">
        {list.data && list.data.paging.totalCount === 0 && !list.isFetching ? (
          <EmptyState
            title={emptyText(url.status, filtered)}
            description={
              url.status === 'Active'
                ? 'Reports stay here until someone resolves them. Use “Report non-coverage” when a request or a visit cannot be staffed.'
                : 'Pick another status or period to see more.'
            }
          />
        ) : (
          <DataTable<NonCoverage>
            ariaLabel="Non-coverages"
            rows={list.data?.rows ?? []}
            totalCount={list.data?.paging.totalCount ?? 0}
            pageNumber={url.pageNumber}
            pageSize={url.pageSize}
            loading={list.isFetching}
            columns={columns}
            rowKey="id"
            emptyText={emptyText(url.status, filtered)}
            onPageChange={(pageNumber, pageSize) => setUrl({ pageNumber, pageSize })}
            onSortChange={(sort) =>
              setUrl({ order: sort?.order === 'ascend' ? 'oldest' : null, pageNumber: null })
            }
          />
        )}
      </ListResults>
      {reporting ? <ReportNonCoverageModal onClose={() => setReporting(false)} /> : null}
      {resolving ? <ResolveNonCoverageModal row={resolving} onClose={() => setResolving(null)} /> : null}
    </PageFrame>
  );
}
