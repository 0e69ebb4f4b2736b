// /candidateReport (issue 26, decision 058): the clinician invitations sent in the period as a cohort, from
// invited to registered, each onboarding step past Contract, onboarded and a first visit staffed, with those that
// expired unregistered, against the prior period; the median hours from invitation to registration; a row per
// provider type, worst first. Every count opens the candidates behind it (CSV of all of them); the stages and the
// provider types have CSVs of their own. Filters, sort and the open figure are in the URL.
import {
  CANDIDATE_FIGURE_KEYS,
  toCsv,
  type CandidateFigure,
  type CandidateGroupRow,
  type CandidateReport,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  DataTable,
  EmptyState,
  ExportCsvButton,
  ListResults,
  PageFrame,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { ReportChart } from '../report-kit/ReportChart';
import { StateFilter } from '../report-kit/StateFilter';
import { sortRowsBy } from '../report-kit/sort-rows';
import { comparedCaption, ReportFilters, reportFiltersOf, reportUrlShape } from '../report-kit/ReportFilters';
import { CandidateStagesTable, STAGE_SORTS } from './CandidateStagesTable';
import { CandidateRecords } from './candidate-records';
import { candidateQueries, type CandidateFilters } from './candidate-queries';
import { change, count, hours, rate } from './figures';

const GROUP_SORTS = [
  'providerTypeName',
  'invited',
  'registered',
  'onboarded',
  'firstVisit',
  'expired',
  'onboardedRate',
  'medianHoursToRegister',
] as const;
type GroupSort = (typeof GROUP_SORTS)[number];
const GROUP_FIGURES = ['invited', 'registered', 'onboarded', 'firstVisit', 'expired'] as const;
type GroupFigure = (typeof GROUP_FIGURES)[number];
const GROUP_FIGURE_NAMES: Record<GroupFigure, string> = {
  invited: 'Invited',
  registered: 'Registered',
  onboarded: 'Onboarded',
  firstVisit: 'First visit staffed',
  expired: 'Expired unregistered',
};
const PAGE_SIZE = 10;
const THING = 'the candidate report';

export const candidateUrlSchema = z.object({
  ...reportUrlShape,
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  sort: z.enum(GROUP_SORTS).optional().catch(undefined),
  order: z.enum(['ascend', 'descend']).optional().catch(undefined),
  groupPage: z.coerce.number().int().min(1).optional().catch(undefined),
  stageSort: z.enum(STAGE_SORTS).optional().catch(undefined),
  stageOrder: z.enum(['ascend', 'descend']).optional().catch(undefined),
  /** The open figure: which count, of which period, of which provider type's row (none: every type). */
  figure: z.enum(CANDIDATE_FIGURE_KEYS).optional().catch(undefined),
  figurePeriod: z.enum(['prior']).optional().catch(undefined),
  figureType: z.coerce.number().int().positive().optional().catch(undefined),
  drillPage: z.coerce.number().int().min(1).optional().catch(undefined),
});
type CandidateUrl = z.output<typeof candidateUrlSchema>;

export function candidateGroupsCsv(rows: readonly CandidateGroupRow[]): string {
  return toCsv([
    [
      'Provider type',
      'Invited',
      'Registered',
      'Onboarded',
      'First visit staffed',
      'Expired unregistered',
      'Onboarded rate',
      'Median hours to register',
      'Prior invited',
      'Prior onboarded rate',
    ],
    ...rows.map((r) => [
      r.providerTypeName,
      r.invited,
      r.registered,
      r.onboarded,
      r.firstVisit,
      r.expired,
      r.onboardedRate === null ? '' : r.onboardedRate.toFixed(3),
      r.medianHoursToRegister === null ? '' : r.medianHoursToRegister.toFixed(1),
      r.priorInvited,
      r.priorOnboardedRate === null ? '' : r.priorOnboardedRate.toFixed(3),
    ]),
  ]);
}

function groupColumns(
  url: CandidateUrl,
  onOpen: (providerTypeId: number, figure: GroupFigure) => void,
): DataTableColumns<CandidateGroupRow> {
  const sorted = (field: GroupSort) => ({
    sorter: true,
    sortOrder: url.sort === field ? (url.order ?? 'ascend') : null,
  });
  const countColumn = (figure: GroupFigure) => ({
    title: GROUP_FIGURE_NAMES[figure],
    key: figure,
    align: 'right' as const,
    ...sorted(figure),
    render: (_v: unknown, row: CandidateGroupRow) =>
      row[figure] > 0 ? (
        <Button
          type="link"
          size="small"
          aria-label={`${row[figure]} ${GROUP_FIGURE_NAMES[figure].toLowerCase()}, ${row.providerTypeName}`}
          onClick={() => onOpen(row.providerTypeId, figure)}
        >
          {count.format(row[figure])}
        </Button>
      ) : (
        '0'
      ),
  });
  return [
    {
      title: 'Provider type',
      key: 'providerTypeName',
      dataIndex: 'providerTypeName',
      primary: true,
      ...sorted('providerTypeName'),
    },
    ...GROUP_FIGURES.map(countColumn),
    {
      title: 'Onboarded rate',
      key: 'onboardedRate',
      align: 'right',
      ...sorted('onboardedRate'),
      render: (_v, r) => `${rate(r.onboardedRate)} (prior ${rate(r.priorOnboardedRate)})`,
    },
    {
      title: 'Median hours to register',
      key: 'medianHoursToRegister',
      align: 'right',
      ...sorted('medianHoursToRegister'),
      render: (_v, r) => hours(r.medianHoursToRegister),
    },
    {
      title: 'Invited, change',
      key: 'priorInvited',
      align: 'right',
      render: (_v, r) => change(r.invited, r.priorInvited),
    },
  ];
}

function CandidateGroups({
  data,
  url,
  setUrl,
  fetching,
}: {
  data: CandidateReport;
  url: CandidateUrl;
  setUrl: (update: Partial<Record<keyof CandidateUrl, string | number | null>>) => void;
  fetching: boolean;
}) {
  const rows = sortRowsBy(data.groups, url.sort, url.order ?? 'ascend', (r) => r.providerTypeId);
  const pageNumber = url.groupPage ?? 1;
  const onSort = (next: SortChange) =>
    setUrl(
      next && (GROUP_SORTS as readonly string[]).includes(next.field)
        ? { sort: next.field, order: next.order, groupPage: null }
        : { sort: null, order: null, groupPage: null },
    );
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          By provider type, worst first
        </Typography.Title>
        <ExportCsvButton
          thing="the provider types"
          rowNames={{ one: 'provider type', many: 'provider types' }}
          file={async () => ({
            ...csvFile(
              candidateGroupsCsv(rows),
              `candidates-by-provider-type-${data.period.from}-to-${data.period.to}.csv`,
            ),
            rows: rows.length,
          })}
        />
      </Flex>
      <DataTable<CandidateGroupRow>
        ariaLabel="Candidates by provider type"
        rows={rows.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE)}
        totalCount={rows.length}
        pageNumber={pageNumber}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE]}
        loading={fetching}
        columns={groupColumns(url, (figureType, figure) =>
          setUrl({ figure, figureType, figurePeriod: null, drillPage: null }),
        )}
        rowKey="providerTypeId"
        emptyText="No invitations this period."
        onPageChange={(groupPage) => setUrl({ groupPage })}
        onSortChange={onSort}
      />
    </>
  );
}

function figureTitle(data: CandidateReport | undefined, url: CandidateUrl): string {
  const stage = data?.stages.find((s) => s.id === url.figure);
  const type = url.figureType ? data?.groups.find((g) => g.providerTypeId === url.figureType) : undefined;
  const period = url.figurePeriod === 'prior' ? data?.prior : data?.period;
  return [stage?.label ?? url.figure, type?.providerTypeName, period ? showPeriod(period) : undefined]
    .filter(Boolean)
    .join(', ');
}

export default function CandidateReportPage() {
  const [url, setUrl] = useUrlState(candidateUrlSchema);
  const { period, prior, filters: common } = reportFiltersOf(url, false);
  const filters: CandidateFilters = {
    from: common.from,
    to: common.to,
    ...(common.providerTypeId ? { providerTypeId: common.providerTypeId } : {}),
    ...(url.state ? { state: url.state } : {}),
  };
  const report = useQuery(candidateQueries.report(filters));
  const data = report.data;
  const reset = { figure: null, figurePeriod: null, figureType: null, drillPage: null, groupPage: null };
  const empty = data && data.stages.every((s) => s.count === 0 && s.priorCount === 0);
  const stages = data?.stages.filter((s) => s.id !== 'expired') ?? [];

  return (
    <PageFrame title="Candidates" subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={false}
        byOrganization={false}
        onChange={(update) => setUrl({ ...update, ...reset })}
      >
        <StateFilter value={url.state} onChange={(state) => setUrl({ state, ...reset })} />
      </ReportFilters>
      <Typography.Paragraph type="secondary">
        How counted: the clinician invitations sent on the days of the period (Central calendar), each
        followed to where its clinician is now. Filters that apply: the period, the provider type and the
        clinician's state. There is no organization filter: an invitation belongs to no organization.
      </Typography.Paragraph>
      <ListResults query={report} thing={THING}>
        {!data ? (
          <Skeleton active />
        ) : empty ? (
          <EmptyState
            title="No invitations in this period"
            description={`No clinician was invited in ${showPeriod(data.period)} or the prior period for these filters. Widen the period or clear a filter.`}
          />
        ) : (
          <>
            <Typography.Paragraph>
              Median time from invitation to registration: {hours(data.medianHoursToRegister)} hours (prior{' '}
              {hours(data.priorMedianHoursToRegister)}).
            </Typography.Paragraph>
            <ReportChart
              label={`Candidates invited ${showPeriod(data.period)} compared with ${showPeriod(data.prior)}: ${data.stages
                .map((s) => `${s.label} ${s.count} (prior ${s.priorCount})`)
                .join(', ')}`}
              categories={stages.map((s) => s.label)}
              series={[
                { name: 'This period', values: stages.map((s) => s.count) },
                { name: 'Prior period', values: stages.map((s) => s.priorCount) },
              ]}
              valueName="Candidates"
              horizontal
              height={60 + stages.length * 40}
            >
              <CandidateStagesTable
                data={data}
                fetching={report.isFetching}
                sort={url.stageSort ? { field: url.stageSort, order: url.stageOrder ?? 'ascend' } : null}
                onSort={(next) =>
                  setUrl(
                    next
                      ? { stageSort: next.field, stageOrder: next.order }
                      : { stageSort: null, stageOrder: null },
                  )
                }
                onOpen={(figure: CandidateFigure, which) =>
                  setUrl({
                    figure,
                    figurePeriod: which === 'prior' ? 'prior' : null,
                    figureType: null,
                    drillPage: null,
                  })
                }
              />
            </ReportChart>
            <CandidateGroups data={data} url={url} setUrl={setUrl} fetching={report.isFetching} />
          </>
        )}
      </ListResults>
      {url.figure ? (
        <CandidateRecords
          key={`${url.figure}-${url.figurePeriod ?? ''}-${url.figureType ?? ''}`}
          title={`Candidates: ${figureTitle(data, url)}`}
          query={{
            ...filters,
            ...(url.figureType ? { providerTypeId: url.figureType } : {}),
            figure: url.figure,
            ...(url.figurePeriod === 'prior' ? { period: 'prior' as const } : {}),
          }}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl({ figure: null, figurePeriod: null, figureType: null, drillPage: null })}
        />
      ) : null}
    </PageFrame>
  );
}
