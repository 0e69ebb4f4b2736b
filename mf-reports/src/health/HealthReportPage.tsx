// The health reports' one page (issue 26, decision 050), made for each report by its config (health-reports.tsx):
// a row per organization, state or clinician with its figures this period against the prior one, worst first by
// default. The filters, the sort, the page and the open figure are in the URL; a horizontal bar chart draws the
// page's rows (its table is the chart's text alternative); every figure opens the records behind it (the
// dashboard's drill-down for a dashboard rate, the health visits otherwise); the CSV holds every row.
import {
  formatHealthFigure,
  healthFigureChange,
  healthFigureRecords,
  healthFigureValue,
  toCsv,
  type HealthFigure,
  type HealthRow,
  type Paging,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  DataTable,
  EmptyState,
  ExportCsvButton,
  fetchEveryPage,
  ListResults,
  PageFrame,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { MetricDrawer } from '../dashboard/MetricDrawer';
import { FigureValue } from '../report-kit/FigureValue';
import { ReportChart } from '../report-kit/ReportChart';
import { StateFilter, stateUrlSchema } from '../report-kit/StateFilter';
import {
  comparedCaption,
  ReportFilters,
  reportFiltersOf,
  reportUrlShape,
  type ReportFilterValues,
} from '../report-kit/ReportFilters';
import { healthCalls, healthQueries, type HealthFilters } from './health-queries';
import { HealthVisitsDrawer } from './HealthVisitsDrawer';

/** What narrows a row's records: its organization, its state or its clinician. */
export type RowScope = { referralSourceId?: number; state?: string; providerId?: number };

type CsvCell = string | number | null;

/** One health report: what it reads and how its rows are told apart, named and shown. */
export type HealthReport<C, R extends HealthRow<C>> = {
  title: string;
  /** What a load failure and the export name ('the organization health'). */
  thing: string;
  /** The API's address of the report. */
  path: string;
  schema: z.ZodType<{ period: ReportPeriod; prior: ReportPeriod; rows: R[]; paging: Paging }>;
  /** The name column's title, such as 'Organization'. */
  nameTitle: string;
  /** The row's key in the URL (the open figure's row). */
  keyOf: (row: R) => string;
  /** A number per row (the export keeps each row once). */
  idOf: (row: R) => number;
  scopeOf: (row: R) => RowScope;
  figures: readonly HealthFigure<C>[];
  /** The figure the chart draws. */
  chartFigure: string;
  /** The worst-first order in words, under the table's heading. */
  worstFirst: string;
  /** Columns after the name (the clinician's type, rating and engagement). */
  extraColumns?: (sort: SortState) => DataTableColumns<R>;
  extraCsv?: { header: string[]; cells: (row: R) => CsvCell[] };
  emptyTitle: string;
  emptyDescription: (period: string) => string;
  /** The CSV file's name before the period. */
  fileName: string;
};

export type SortState = { field: string; order: 'ascend' | 'descend' } | null;

export const healthUrlSchema = z.object({
  ...reportUrlShape,
  state: stateUrlSchema,
  sort: z.string().max(40).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
  pageNumber: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  /** The row and figure whose records are open. */
  row: z.string().max(40).optional(),
  figure: z.string().max(40).optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
});

const EXPORT_PAGE_SIZE = 1000;

/** A figure's cell: this period's value (a button opening its records), the prior period's and the change. */
function FigureCell<C>({
  figure,
  row,
  onOpen,
}: {
  figure: HealthFigure<C>;
  row: HealthRow<C>;
  onOpen: () => void;
}) {
  const shown = formatHealthFigure(figure, row.current);
  const change = healthFigureChange(figure, row.current, row.prior);
  const prior = `prior ${formatHealthFigure(figure, row.prior)}${change ? `, ${change.text}` : ''}`;
  return (
    <FigureValue
      shown={shown}
      ariaLabel={`${shown} ${figure.label.toLowerCase()}, ${row.name}`}
      secondLine={prior}
      onOpen={healthFigureRecords(figure, row.current) > 0 ? onOpen : undefined}
    />
  );
}

/** The chart's figures as a table: its text alternative. */
function ChartTable<C>({
  caption,
  figure,
  rows,
}: {
  caption: string;
  figure: HealthFigure<C>;
  rows: readonly HealthRow<C>[];
}) {
  return (
    <table className="report-kit-figures" style={{ marginTop: 8, borderCollapse: 'collapse', fontSize: 13 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
            Name
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
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
              {row.name}
            </th>
            <td style={{ textAlign: 'right', paddingRight: 16 }}>
              {formatHealthFigure(figure, row.current)}
            </td>
            <td style={{ textAlign: 'right' }}>{formatHealthFigure(figure, row.prior)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every row as CSV text: the name, any extra cells, then each figure this period, the prior period and the change. */
export function healthCsv<C, R extends HealthRow<C>>(report: HealthReport<C, R>, rows: readonly R[]): string {
  return toCsv([
    [
      report.nameTitle,
      ...(report.extraCsv?.header ?? []),
      ...report.figures.flatMap((f) => [f.label, `${f.label} (prior period)`, `${f.label} (change)`]),
    ],
    ...rows.map((row) => [
      row.name,
      ...(report.extraCsv?.cells(row) ?? []),
      ...report.figures.flatMap((f) => [
        formatHealthFigure(f, row.current),
        formatHealthFigure(f, row.prior),
        healthFigureChange(f, row.current, row.prior)?.text ?? '',
      ]),
    ]),
  ]);
}

/** The chart: the page's rows as horizontal bars of the report's chart figure, this period and the prior. */
function HealthChart<C, R extends HealthRow<C>>({
  report,
  rows,
  period,
  prior,
}: {
  report: HealthReport<C, R>;
  rows: readonly R[];
  period: ReportPeriod;
  prior: ReportPeriod;
}) {
  const figure = report.figures.find((f) => f.key === report.chartFigure)!;
  const caption = `${figure.label} by ${report.nameTitle.toLowerCase()}`;
  const label = `${caption}, ${showPeriod(period)} compared with ${showPeriod(prior)}: ${rows
    .map(
      (r) =>
        `${r.name} ${formatHealthFigure(figure, r.current)} (prior ${formatHealthFigure(figure, r.prior)})`,
    )
    .join(', ')}`;
  return (
    <ReportChart
      label={label}
      categories={rows.map((r) => r.name)}
      series={[
        { name: 'This period', values: rows.map((r) => healthFigureValue(figure, r.current) ?? 0) },
        { name: 'Prior period', values: rows.map((r) => healthFigureValue(figure, r.prior) ?? 0) },
      ]}
      valueName={figure.kind === 'rate' ? `${figure.label} (%)` : figure.label}
      height={Math.max(200, rows.length * 44 + 60)}
      horizontal
    >
      <ChartTable caption={caption} figure={figure} rows={rows} />
    </ReportChart>
  );
}

/** The records behind an open figure: the dashboard's drill-down for a dashboard rate's part, else the health visits. */
function FigureDrawer<C>({
  figure,
  rowName,
  filters,
  period,
  pageNumber,
  onPage,
  onClose,
}: {
  figure: HealthFigure<C>;
  rowName: string;
  filters: ReportFilterValues & RowScope;
  period: ReportPeriod;
  pageNumber: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
}) {
  const paging = { period, pageNumber, onPage, onClose };
  if (figure.drill.kind === 'metric')
    return (
      <MetricDrawer
        target={{ metric: figure.drill.metric, part: figure.drill.part, period: 'current' }}
        filters={filters}
        {...paging}
      />
    );
  return (
    <HealthVisitsDrawer
      title={`${figure.label} — ${rowName}`}
      filters={{ ...filters, figure: figure.drill.figure, period: 'current' }}
      {...paging}
    />
  );
}

export function HealthReportPage<C, R extends HealthRow<C>>({ report }: { report: HealthReport<C, R> }) {
  const [url, setUrl] = useUrlState(healthUrlSchema);
  // The page is the administrator's and the staffing roles' (page healthReports): the organization is a filter.
  const { period, prior, filters } = reportFiltersOf(url, false);
  const sort: SortState = url.sort && url.order ? { field: url.sort, order: url.order } : null;
  const pageSize = url.pageSize ?? 10;
  const asked: HealthFilters = {
    ...filters,
    ...(url.state ? { state: url.state } : {}),
    ...(sort ? { sort: sort.field, order: sort.order } : {}),
    pageNumber: url.pageNumber ?? 1,
    pageSize,
  };
  const query = useQuery(healthQueries.report(report.path, report.schema, asked));
  const data = query.data;
  const openRow = data && url.row ? data.rows.find((r) => report.keyOf(r) === url.row) : undefined;
  const openFigure = openRow ? report.figures.find((f) => f.key === url.figure) : undefined;
  const sortOf = (key: string) => (sort?.field === key ? sort.order : null);

  const columns: DataTableColumns<R> = [
    {
      title: report.nameTitle,
      key: 'name',
      dataIndex: 'name',
      primary: true,
      sorter: true,
      sortOrder: sortOf('name'),
    },
    ...(report.extraColumns?.(sort) ?? []),
    ...report.figures.map((figure) => ({
      title: figure.label,
      key: figure.key,
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOf(figure.key),
      render: (_v: unknown, row: R) => (
        <FigureCell
          figure={figure}
          row={row}
          onOpen={() => setUrl({ row: report.keyOf(row), figure: figure.key, drillPage: null })}
        />
      ),
    })),
  ];

  const onSort = (next: SortChange) =>
    setUrl(next ? { sort: next.field, order: next.order, pageNumber: null } : { sort: null, order: null });
  const reset = { pageNumber: null, row: null, figure: null, drillPage: null };

  const exportFile = async (progress: (done: number, total: number) => void, signal: AbortSignal) => {
    const rows = await fetchEveryPage<R>(
      (pageNumber, size) =>
        healthCalls.report(
          report.path,
          report.schema,
          { ...asked, pageNumber, pageSize: Math.min(size, EXPORT_PAGE_SIZE) },
          signal,
        ),
      report.idOf,
      progress,
    );
    return {
      ...csvFile(healthCsv(report, rows), `${report.fileName}-${period.from}-to-${period.to}.csv`),
      rows: rows.length,
    };
  };

  return (
    <PageFrame title={report.title} subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={false}
        onChange={(update) => setUrl({ ...update, ...reset })}
      >
        <StateFilter value={url.state} onChange={(state) => setUrl({ state, ...reset })} />
      </ReportFilters>
      <ListResults query={query} thing={report.thing}>
        {!data ? (
          <Skeleton active />
        ) : data.paging.totalCount === 0 ? (
          <EmptyState
            title={report.emptyTitle}
            description={report.emptyDescription(showPeriod(data.period))}
          />
        ) : (
          <>
            <HealthChart report={report} rows={data.rows} period={period} prior={prior} />
            <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
              <div>
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  By {report.nameTitle.toLowerCase()}
                </Typography.Title>
                <Typography.Text type="secondary">
                  {sort ? 'Sorted as chosen.' : report.worstFirst}
                </Typography.Text>
              </div>
              <ExportCsvButton
                thing={report.thing}
                rowNames={{ one: 'row', many: 'rows' }}
                file={exportFile}
              />
            </Flex>
            <DataTable<R>
              ariaLabel={`${report.title} by ${report.nameTitle.toLowerCase()}`}
              rows={data.rows}
              totalCount={data.paging.totalCount}
              pageNumber={data.paging.pageNumber}
              pageSize={pageSize}
              loading={query.isFetching}
              columns={columns}
              rowKey={(row) => report.keyOf(row)}
              emptyText="Nothing on this page."
              onPageChange={(pageNumber, size) => setUrl({ pageNumber, pageSize: size === 10 ? null : size })}
              onSortChange={onSort}
            />
          </>
        )}
      </ListResults>
      {openRow && openFigure ? (
        <FigureDrawer
          key={`${url.row}-${url.figure}`}
          figure={openFigure}
          rowName={openRow.name}
          filters={{ ...filters, ...(url.state ? { state: url.state } : {}), ...report.scopeOf(openRow) }}
          period={period}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl({ row: null, figure: null, drillPage: null })}
        />
      ) : null}
    </PageFrame>
  );
}
