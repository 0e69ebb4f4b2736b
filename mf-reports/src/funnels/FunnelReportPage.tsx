// A funnel report (issue 26, decision 053), one config-driven page for every funnel: its stages from shared-domain
// (label, the rule in words as "how counted"), each stage's count this period and the prior one with the change,
// the conversion from the previous stage and the median time in stage — all from `funnelFigures`, never
// recomputed here. The chart draws the counts of both periods; the table beside it is its text alternative. A
// stage's count opens the records behind it with the same filters (their total is the count). Filters, the sort
// and the open stage are in the URL; the CSV holds every stage.
import {
  funnelDefinition,
  funnelFigures,
  toCsv,
  type FunnelDefinition,
  type FunnelRecordRow,
  type FunnelStageFigure,
  type MetricVisitRow,
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
import { DRILL_PAGE_SIZE, showPeriod } from '../dashboard/dashboard-filters';
import { VISIT_COLUMNS, visitsCsv } from '../dashboard/drill-rows';
import { everyRecordFile, RecordsDrawer } from '../report-kit/RecordsDrawer';
import { ReportChart } from '../report-kit/ReportChart';
import { StateFilter, stateUrlSchema } from '../report-kit/StateFilter';
import { comparedCaption, ReportFilters, reportFiltersOf, reportUrlShape } from '../report-kit/ReportFilters';
import { funnelCalls, funnelQueries, type FunnelFilters } from './funnel-queries';
import { isRecordSubject, recordColumns, recordsCsv, SUBJECT_TEXT } from './funnel-records';
import { OrganizationConversionTable } from './OrganizationConversionTable';

const count = new Intl.NumberFormat('en-US');
const FILTER_NAMES = {
  referralSourceId: 'organization',
  state: 'state',
  providerTypeId: 'provider type',
} as const;
const SORTS = ['stage', 'count', 'conversion'] as const;

export const funnelUrlSchema = z.object({
  from: reportUrlShape.from.catch(undefined),
  to: reportUrlShape.to.catch(undefined),
  referralSourceId: reportUrlShape.referralSourceId.catch(undefined),
  providerTypeId: reportUrlShape.providerTypeId.catch(undefined),
  state: stateUrlSchema.catch(undefined),
  sort: z.enum(SORTS).optional().catch(undefined),
  order: z.enum(['ascend', 'descend']).optional().catch(undefined),
  /** The stage whose records are open, and which period's. */
  stage: z.string().max(40).optional().catch(undefined),
  stagePeriod: z.enum(['current', 'prior']).optional().catch(undefined),
  drillPage: z.coerce.number().int().min(1).optional().catch(undefined),
  /** The organization whose stage records are open (/referralSourceConversion's table). */
  stageOrg: z.coerce.number().int().positive().optional().catch(undefined),
  /** /referralSourceConversion's table: its sort and page. */
  orgSort: z.string().max(40).optional().catch(undefined),
  orgOrder: z.enum(['ascend', 'descend']).optional().catch(undefined),
  orgPage: z.coerce.number().int().min(1).optional().catch(undefined),
});

/** Every stage as CSV text: what the table shows, both periods. */
export function funnelCsv(funnel: FunnelDefinition, figures: readonly FunnelStageFigure[]): string {
  return toCsv([
    [
      'Stage',
      'How counted',
      'This period',
      'Prior period',
      'Change',
      'Conversion %',
      'Median hours in stage',
    ],
    ...figures.map((f, i) => [
      f.label,
      funnel.stages[i]!.rule,
      f.count,
      f.priorCount,
      f.change,
      f.conversion === null ? '' : f.conversion.toFixed(1),
      f.medianHours === null ? '' : f.medianHours.toFixed(1),
    ]),
  ]);
}

/** Only the filters the funnel's subject records are sent (decision 053's table). */
function funnelFiltersOf(funnel: FunnelDefinition, common: FunnelFilters, state?: string): FunnelFilters {
  const applies = (name: FunnelDefinition['filters'][number]) => funnel.filters.includes(name);
  return {
    from: common.from,
    to: common.to,
    ...(applies('referralSourceId') && common.referralSourceId
      ? { referralSourceId: common.referralSourceId }
      : {}),
    ...(applies('providerTypeId') && common.providerTypeId ? { providerTypeId: common.providerTypeId } : {}),
    ...(applies('state') && state ? { state } : {}),
  };
}

/** Which filters apply, when not all do (the others are not recorded for the subject). */
function filtersNote(funnel: FunnelDefinition): string | null {
  if (funnel.filters.length === 3) return null;
  const names = funnel.filters.map((f) => FILTER_NAMES[f]).join(', ');
  return `Filters that apply: ${names || 'the period only'} (${funnel.notRecorded})`;
}

function sortFigures(
  figures: readonly FunnelStageFigure[],
  sort?: (typeof SORTS)[number],
  order?: 'ascend' | 'descend',
) {
  const rows = figures.map((f, index) => ({ ...f, index }));
  if (!sort || sort === 'stage') return order === 'descend' ? rows.reverse() : rows;
  const value = (f: FunnelStageFigure) => (sort === 'count' ? f.count : (f.conversion ?? -1));
  return rows.sort(
    (a, b) => (order === 'descend' ? value(b) - value(a) : value(a) - value(b)) || a.index - b.index,
  );
}

type StageRow = FunnelStageFigure & { index: number };

/** The stages table's columns: a count is a button opening its records. */
function stageColumns(
  funnel: FunnelDefinition,
  url: { sort?: (typeof SORTS)[number]; order?: 'ascend' | 'descend' },
  open: (stage: string, which: 'current' | 'prior') => void,
): DataTableColumns<StageRow> {
  return [
    {
      key: 'stage',
      title: 'Stage',
      primary: true,
      sorter: true,
      sortOrder: (url.sort ?? 'stage') === 'stage' ? (url.order ?? 'ascend') : null,
      render: (_: unknown, row: StageRow) => (
        <span>
          {row.label}
          <div>
            <Typography.Text type="secondary">{funnel.stages[row.index]!.rule}</Typography.Text>
          </div>
        </span>
      ),
    },
    {
      key: 'count',
      title: 'This period',
      align: 'right',
      sorter: true,
      sortOrder: url.sort === 'count' ? (url.order ?? 'ascend') : null,
      render: (_: unknown, row: StageRow) => (
        <Button
          type="link"
          onClick={() => open(row.id, 'current')}
          aria-label={`${count.format(row.count)} ${row.label}, this period: show them`}
        >
          {count.format(row.count)}
        </Button>
      ),
    },
    {
      key: 'prior',
      title: 'Prior period',
      align: 'right',
      render: (_: unknown, row: StageRow) => (
        <Button
          type="link"
          onClick={() => open(row.id, 'prior')}
          aria-label={`${count.format(row.priorCount)} ${row.label}, prior period: show them`}
        >
          {count.format(row.priorCount)}
        </Button>
      ),
    },
    { key: 'change', title: 'Change', align: 'right', render: (_: unknown, row: StageRow) => row.change },
    {
      key: 'conversion',
      title: 'Conversion from previous stage',
      align: 'right',
      sorter: true,
      sortOrder: url.sort === 'conversion' ? (url.order ?? 'ascend') : null,
      render: (_: unknown, row: StageRow) => row.conversionText,
    },
    {
      key: 'median',
      title: 'Median time in stage',
      align: 'right',
      render: (_: unknown, row: StageRow) =>
        row.medianHours === null ? '—' : `${row.medianHours.toFixed(1)} h`,
    },
  ];
}

export function FunnelReportPage({
  funnelKey,
  byOrganization = false,
}: {
  funnelKey: string;
  /** /referralSourceConversion: the table of a row per organization under the stages. */
  byOrganization?: boolean;
}) {
  const funnel = funnelDefinition(funnelKey)!;
  const [url, setUrl] = useUrlState(funnelUrlSchema);
  const { period, prior, filters: common } = reportFiltersOf(url, false);
  const applies = (name: FunnelDefinition['filters'][number]) => funnel.filters.includes(name);
  const filters = funnelFiltersOf(funnel, common, url.state);
  const query = useQuery(funnelQueries.funnel(funnel.key, filters));
  const data = query.data;
  const figures = data
    ? funnelFigures(
        funnel,
        data.stages.map((s) => s.current),
        data.stages.map((s) => s.prior),
      )
    : [];
  const rows = sortFigures(figures, url.sort, url.order);
  const reset = { stage: null, stagePeriod: null, drillPage: null, stageOrg: null };
  const open = (stage: string, which: 'current' | 'prior') =>
    setUrl({ stage, stagePeriod: which, drillPage: null, stageOrg: null });

  const columns = stageColumns(funnel, url, open);

  const openStage = url.stage ? funnel.stages.find((s) => s.id === url.stage) : undefined;
  const empty = data && figures.every((f) => f.count === 0 && f.priorCount === 0);

  return (
    <PageFrame title={funnel.title} subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={false}
        onChange={(update) => setUrl({ ...update, ...reset, orgPage: null })}
      >
        {applies('state') ? (
          <StateFilter value={url.state} onChange={(state) => setUrl({ state, ...reset, orgPage: null })} />
        ) : null}
      </ReportFilters>
      <Typography.Paragraph type="secondary">
        How counted: {funnel.bucketedBy} Each stage counts the records of the stage before it that also meet
        its rule. {filtersNote(funnel)}
      </Typography.Paragraph>
      <ListResults query={query} thing={`the ${funnel.title.toLowerCase()}`}>
        {!data ? (
          <Skeleton active />
        ) : empty ? (
          <EmptyState
            title="Nothing in this period"
            description={`No record entered the funnel in ${showPeriod(period)} or the prior period for these filters (${funnel.bucketedBy}). Widen the period or clear a filter.`}
          />
        ) : (
          <>
            <ReportChart
              label={`${funnel.title}, ${showPeriod(data.period)} compared with ${showPeriod(data.prior)}: ${figures
                .map((f) => `${f.label} ${f.count} (prior ${f.priorCount})`)
                .join(', ')}`}
              categories={figures.map((f) => f.label)}
              series={[
                { name: 'This period', values: figures.map((f) => f.count) },
                { name: 'Prior period', values: figures.map((f) => f.priorCount) },
              ]}
              valueName="Records"
              horizontal
            >
              <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  Stages
                </Typography.Title>
                <ExportCsvButton
                  thing={`the ${funnel.title.toLowerCase()}`}
                  rowNames={{ one: 'stage', many: 'stages' }}
                  file={async () => ({
                    ...csvFile(
                      funnelCsv(funnel, figures),
                      `${funnel.key}-${period.from}-to-${period.to}.csv`,
                    ),
                    rows: figures.length,
                  })}
                />
              </Flex>
              <DataTable
                ariaLabel={`${funnel.title} stages`}
                rows={rows}
                totalCount={rows.length}
                pageNumber={1}
                pageSize={Math.max(rows.length, 1)}
                loading={query.isFetching}
                columns={columns}
                rowKey="id"
                emptyText="No stages."
                onPageChange={() => undefined}
                onSortChange={(next: SortChange) =>
                  setUrl(
                    next && (SORTS as readonly string[]).includes(next.field)
                      ? { sort: next.field as (typeof SORTS)[number], order: next.order }
                      : { sort: null, order: null },
                  )
                }
              />
            </ReportChart>
          </>
        )}
      </ListResults>
      {byOrganization && data && !empty ? (
        <OrganizationConversionTable
          funnel={funnel}
          filters={filters}
          sort={{ field: url.orgSort, order: url.orgOrder }}
          pageNumber={url.orgPage ?? 1}
          onSort={(next) =>
            setUrl({ orgSort: next?.field ?? null, orgOrder: next?.order ?? null, orgPage: null })
          }
          onPage={(orgPage) => setUrl({ orgPage })}
          onOpen={(stage, stageOrg) => setUrl({ stage, stagePeriod: 'current', drillPage: null, stageOrg })}
        />
      ) : null}
      {openStage ? (
        <StageRecords
          funnel={funnel}
          stage={openStage.id}
          title={`${openStage.label}, ${showPeriod(url.stagePeriod === 'prior' ? prior : period)}`}
          filters={{
            ...filters,
            ...(url.stageOrg ? { referralSourceId: url.stageOrg } : {}),
            period: url.stagePeriod ?? 'current',
          }}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl(reset)}
        />
      ) : null}
    </PageFrame>
  );
}

function StageRecords({
  funnel,
  stage,
  title,
  filters,
  pageNumber,
  onPage,
  onClose,
}: {
  funnel: FunnelDefinition;
  stage: string;
  title: string;
  filters: FunnelFilters & { period: 'current' | 'prior' };
  pageNumber: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const query = useQuery(
    funnelQueries.records(funnel.key, stage, { ...filters, pageNumber, pageSize: DRILL_PAGE_SIZE }),
  );
  const drill = query.data;
  const subject = funnel.subject;
  const fileName = `${funnel.key}-${stage}-${filters.from}-to-${filters.to}.csv`;
  if (isRecordSubject(subject))
    return (
      <RecordsDrawer<FunnelRecordRow>
        title={title}
        noun={SUBJECT_TEXT[subject]}
        query={query}
        rows={drill && drill.subject !== 'visits' ? drill.rows : []}
        total={drill?.paging.totalCount ?? 0}
        columns={recordColumns(subject)}
        pageNumber={pageNumber}
        pageSize={DRILL_PAGE_SIZE}
        onPage={onPage}
        onClose={onClose}
        exportFile={everyRecordFile<FunnelRecordRow>({
          fetchPage: async (page, pageSize, signal) => {
            const answer = await funnelCalls.records(
              funnel.key,
              stage,
              { ...filters, pageNumber: page, pageSize },
              signal,
            );
            return { rows: answer.subject !== 'visits' ? answer.rows : [], paging: answer.paging };
          },
          keyOf: (row) => row.id,
          csvOf: (rows) => recordsCsv(subject, rows),
          fileName,
        })}
      />
    );
  return (
    <RecordsDrawer<MetricVisitRow>
      title={title}
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
          const answer = await funnelCalls.records(
            funnel.key,
            stage,
            { ...filters, pageNumber: page, pageSize },
            signal,
          );
          return { rows: answer.subject === 'visits' ? answer.rows : [], paging: answer.paging };
        },
        keyOf: (row) => row.id,
        csvOf: visitsCsv,
        fileName,
      })}
    />
  );
}

export function VisitFunnelPage() {
  return <FunnelReportPage funnelKey="visitFunnel" />;
}

export function EpisodeFunnelPage() {
  return <FunnelReportPage funnelKey="episodeFunnel" />;
}

export function PatientFunnelPage() {
  return <FunnelReportPage funnelKey="patientFunnel" />;
}

export function ReferralSourceFunnelPage() {
  return <FunnelReportPage funnelKey="referralSourceFunnel" />;
}

export function ProviderFunnelPage() {
  return <FunnelReportPage funnelKey="providerFunnel" />;
}

export function CommunicationFunnelPage() {
  return <FunnelReportPage funnelKey="communicationFunnel" />;
}

export function ReferralSourceConversionPage() {
  return <FunnelReportPage funnelKey="referralSourceConversion" byOrganization />;
}
