// /historicalChurn (issue 26, decision 055): per month of a window, the clinicians (staffed visits) or
// organizations (visits asked for) active, won, new, returning and lost, with the churn rate; and the cohorts of
// the month each was first active, followed month by month. Every count opens the clinicians or organizations
// behind it. The subject, the window, the filters and the open figure are in the URL.
import {
  CHURN_DEFAULT_MONTHS,
  CHURN_FIGURES,
  CHURN_MAX_MONTHS,
  CHURN_SUBJECT_KEYS,
  CHURN_SUBJECTS,
  addMonths,
  showMonth,
  toCsv,
  type Churn,
  type ChurnFigure,
  type ChurnMonthRow,
  type ChurnSubject,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  DataTable,
  EmptyState,
  ExportCsvButton,
  ListResults,
  OrganizationFilter,
  PageFrame,
  type DataTableColumns,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { ReportChart } from '../report-kit/ReportChart';
import { ProviderTypeFilter } from '../report-kit/ReportFilters';
import { ChurnRecords } from './ChurnRecords';
import { churnQueries, type ChurnCell, type ChurnFilters } from './churn-queries';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().regex(MONTH).optional().catch(undefined);
const id = z.coerce.number().int().positive().optional().catch(undefined);

export const churnUrlSchema = z.object({
  subject: z
    .enum(CHURN_SUBJECT_KEYS as [ChurnSubject, ...ChurnSubject[]])
    .optional()
    .catch(undefined),
  toMonth: month,
  months: z.coerce.number().int().min(1).max(CHURN_MAX_MONTHS).optional().catch(undefined),
  referralSourceId: id,
  providerTypeId: id,
  /** The open figure: a month's (month, figure) or a cohort's month (cohort, offset). */
  month,
  figure: z
    .enum(CHURN_FIGURES.map((f) => f.key) as [ChurnFigure, ...ChurnFigure[]])
    .optional()
    .catch(undefined),
  cohort: month,
  offset: z.coerce.number().int().min(0).max(CHURN_MAX_MONTHS).optional().catch(undefined),
  drillPage: z.coerce.number().int().min(1).optional().catch(undefined),
});
type ChurnUrl = z.infer<typeof churnUrlSchema>;

const WINDOW_CHOICES = [3, 6, 12, 18, 24];
/** How far back the window's last month may be picked. */
const END_MONTH_CHOICES = 36;
const count = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const CLOSED = { month: null, figure: null, cohort: null, offset: null, drillPage: null };

const subjectOf = (key: ChurnSubject) => CHURN_SUBJECTS.find((s) => s.key === key)!;
const figureOf = (key: ChurnFigure) => CHURN_FIGURES.find((f) => f.key === key)!;
const showRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** The window's months as CSV text, one row per month. */
export function churnCsv(report: Churn): string {
  return toCsv([
    ['Month', ...CHURN_FIGURES.map((f) => f.label), 'Churn rate'],
    ...report.rows.map((r) => [
      r.month,
      ...CHURN_FIGURES.map((f) => r[f.key]),
      r.churnRate === null ? '' : r.churnRate.toFixed(4),
    ]),
  ]);
}

/** The chart's accessible name: each month's active, won and lost. */
function chartLabel(report: Churn): string {
  const noun = subjectOf(report.subject as ChurnSubject).label.toLowerCase();
  const parts = report.rows.map(
    (r) => `${showMonth(r.month)}: ${r.active} active, ${r.won} won, ${r.lost} lost`,
  );
  return `Active, won and lost ${noun} per month: ${parts.join('; ')}`;
}

/** A count that opens what it counts; zero is plain text. */
function CountButton({ value, label, onOpen }: { value: number; label: string; onOpen: () => void }) {
  if (value === 0) return <>0</>;
  return (
    <Button type="link" size="small" aria-label={label} onClick={onOpen} style={{ padding: 0 }}>
      {count.format(value)}
    </Button>
  );
}

function monthColumns(
  subject: ChurnSubject,
  open: (cell: ChurnCell) => void,
): DataTableColumns<ChurnMonthRow> {
  const noun = subjectOf(subject).label.toLowerCase();
  return [
    { title: 'Month', key: 'month', primary: true, render: (_v, row) => showMonth(row.month) },
    ...CHURN_FIGURES.map((f) => ({
      title: f.label,
      key: f.key,
      align: 'right' as const,
      render: (_v: unknown, row: ChurnMonthRow) => (
        <CountButton
          value={row[f.key]}
          label={`${row[f.key]} ${f.label.toLowerCase()} ${noun}, ${showMonth(row.month)}`}
          onOpen={() => open({ month: row.month, figure: f.key })}
        />
      ),
    })),
    {
      title: 'Churn rate',
      key: 'churnRate',
      align: 'right',
      render: (_v, row) => showRate(row.churnRate),
    },
  ];
}

/** The cohorts: first active month, its size, and how many were active each month after. */
function CohortTable({ report, onOpen }: { report: Churn; onOpen: (cell: ChurnCell) => void }) {
  const noun = subjectOf(report.subject as ChurnSubject).label.toLowerCase();
  const offsets = report.months.map((_, i) => i);
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Cohorts, scrollable">
      <table className="report-kit-figures" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
        <caption style={{ textAlign: 'left', fontWeight: 600, paddingBottom: 4 }}>
          {subjectOf(report.subject as ChurnSubject).label} by first active month, active again in each month
          after
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
              First active
            </th>
            {offsets.map((offset) => (
              <th key={offset} scope="col" style={{ textAlign: 'right', paddingRight: 12 }}>
                {offset === 0 ? 'Size' : `+${offset} mo`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.cohorts.map((c) => (
            <tr key={c.month}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
                {showMonth(c.month)}
              </th>
              {offsets.map((offset) => (
                <td key={offset} style={{ textAlign: 'right', paddingRight: 12 }}>
                  {offset < c.retained.length ? (
                    <CountButton
                      value={c.retained[offset]!}
                      label={`${c.retained[offset]} ${noun} first active ${showMonth(c.month)}, active ${showMonth(addMonths(c.month, offset))}`}
                      onOpen={() => onOpen({ cohort: c.month, offset })}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChurnFilterBar({
  url,
  setUrl,
}: {
  url: ChurnUrl;
  setUrl: (update: Partial<Record<string, unknown>>) => void;
}) {
  const thisMonth = dayjs().format('YYYY-MM');
  const endMonths = Array.from({ length: END_MONTH_CHOICES }, (_, i) => addMonths(thisMonth, -i));
  const change = (update: Record<string, unknown>) => setUrl({ ...update, ...CLOSED });
  return (
    <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
      <Select<ChurnSubject>
        aria-label="Subject"
        value={url.subject ?? 'clinicians'}
        options={CHURN_SUBJECTS.map((s) => ({ value: s.key, label: s.label }))}
        onChange={(subject) => change({ subject: subject === 'clinicians' ? null : subject })}
        style={{ width: 160 }}
      />
      <Select<number>
        aria-label="Months"
        value={url.months ?? CHURN_DEFAULT_MONTHS}
        options={WINDOW_CHOICES.map((n) => ({ value: n, label: `${n} months` }))}
        onChange={(months) => change({ months: months === CHURN_DEFAULT_MONTHS ? null : months })}
        style={{ width: 130 }}
      />
      <Select<string>
        aria-label="Ending with"
        value={url.toMonth ?? thisMonth}
        options={endMonths.map((m) => ({ value: m, label: `Ending ${showMonth(m)}` }))}
        onChange={(toMonth) => change({ toMonth: toMonth === thisMonth ? null : toMonth })}
        style={{ width: 170 }}
      />
      <OrganizationFilter
        organizationStatus="ALL"
        value={url.referralSourceId}
        onChange={(referralSourceId) => change({ referralSourceId })}
      />
      <ProviderTypeFilter
        value={url.providerTypeId}
        onChange={(providerTypeId) => change({ providerTypeId })}
      />
    </Flex>
  );
}

function ChurnReport({ report, open }: { report: Churn; open: (cell: ChurnCell) => void }) {
  const subject = report.subject as ChurnSubject;
  const noun = subjectOf(subject).label.toLowerCase();
  const window = `${showMonth(report.months[0]!)} to ${showMonth(report.months[report.months.length - 1]!)}`;
  return (
    <>
      <ReportChart
        label={chartLabel(report)}
        categories={report.rows.map((r) => showMonth(r.month))}
        series={[
          { name: 'Active', values: report.rows.map((r) => r.active) },
          { name: 'Won', values: report.rows.map((r) => r.won) },
          { name: 'Lost', values: report.rows.map((r) => r.lost) },
        ]}
        valueName={subjectOf(subject).label}
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          By month
        </Typography.Title>
        <ExportCsvButton
          thing="the months"
          file={async () => ({
            ...csvFile(
              churnCsv(report),
              `historical-churn-${subject}-${report.months[0]}-to-${report.months.at(-1)}.csv`,
            ),
            rows: report.rows.length,
          })}
        />
      </Flex>
      <DataTable<ChurnMonthRow>
        ariaLabel={`Active, won and lost ${noun} per month, ${window}`}
        rows={report.rows}
        totalCount={report.rows.length}
        pageNumber={1}
        pageSize={Math.max(report.rows.length, 10)}
        pageSizeOptions={[Math.max(report.rows.length, 10)]}
        columns={monthColumns(subject, open)}
        rowKey="month"
        emptyText="No months."
        onPageChange={() => undefined}
      />
      <Typography.Title level={2} style={{ margin: '24px 0 8px', fontSize: 18 }}>
        Cohorts
      </Typography.Title>
      <CohortTable report={report} onOpen={open} />
    </>
  );
}

/** The figure a cell stands for, as a heading: "Lost clinicians, Oct 2026". */
function cellTitle(subject: ChurnSubject, cell: ChurnCell): string {
  const noun = subjectOf(subject).label.toLowerCase();
  if ('figure' in cell) return `${figureOf(cell.figure).label} ${noun}, ${showMonth(cell.month)}`;
  return `${subjectOf(subject).label} first active ${showMonth(cell.cohort)}, active ${showMonth(addMonths(cell.cohort, cell.offset))}`;
}

function openCellOf(url: ChurnUrl): ChurnCell | undefined {
  if (url.month && url.figure) return { month: url.month, figure: url.figure };
  if (url.cohort && url.offset !== undefined) return { cohort: url.cohort, offset: url.offset };
  return undefined;
}

export default function HistoricalChurnPage() {
  const [url, setUrl] = useUrlState(churnUrlSchema);
  const subject = url.subject ?? 'clinicians';
  const filters: ChurnFilters = {
    subject,
    toMonth: url.toMonth,
    months: url.months ?? CHURN_DEFAULT_MONTHS,
    referralSourceId: url.referralSourceId,
    providerTypeId: url.providerTypeId,
  };
  const report = useQuery(churnQueries.report(filters));
  const data = report.data;
  const cell = openCellOf(url);
  const empty = data && data.rows.every((r) => r.active === 0 && r.lost === 0);
  return (
    <PageFrame
      title="Historical churn"
      subtitle={`Active ${subjectOf(subject).activeRule.replace(/^an? \w+ is active /, '')}.`}
    >
      <ChurnFilterBar url={url} setUrl={setUrl} />
      <ListResults query={report} thing="the churn">
        {!data ? (
          <Skeleton active />
        ) : empty ? (
          <EmptyState
            title={`No active ${subjectOf(subject).label.toLowerCase()} in these months`}
            description={`${subjectOf(subject).activeRule[0]!.toUpperCase()}${subjectOf(subject).activeRule.slice(1)}, and none was from ${showMonth(data.months[0]!)} to ${showMonth(data.months.at(-1)!)} for these filters. Pick other months or another filter.`}
          />
        ) : (
          <ChurnReport report={data} open={(next) => setUrl({ ...CLOSED, ...next })} />
        )}
      </ListResults>
      {cell && data ? (
        <ChurnRecords
          key={JSON.stringify(cell)}
          title={cellTitle(subject, cell)}
          query={{ ...filters, toMonth: data.months.at(-1)!, months: data.months.length, ...cell }}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl(CLOSED)}
        />
      ) : null}
    </PageFrame>
  );
}
