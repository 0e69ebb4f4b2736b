// /supplyDemandGap (issue 26, decision 057): where clinicians are short of the visits asked for, by county. The
// filters, the sort, the page, the selected county and the open figure are in the URL; a bar chart draws the worst
// counties' gap (its table is the chart's text alternative), a county map shades every county by its gap (the
// counties' table is the map's), and the table lists a county per row, largest gap first, each figure opening the
// records behind it; the CSV holds every county.
import {
  SUPPLY_DEMAND_CHART_COUNTIES,
  SUPPLY_DEMAND_FIGURES,
  formatSupplyDemand,
  supplyDemandChange,
  supplyDemandFigure,
  supplyDemandGap,
  supplyDemandValue,
  toCsv,
  type ReportPeriod,
  type SupplyDemandDrill,
  type SupplyDemandFigure,
  type SupplyDemandRow,
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
import { Flex, Skeleton, Spin, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { StateFilter, stateUrlSchema } from '../report-kit/StateFilter';
import { FigureValue } from '../report-kit/FigureValue';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption, ReportFilters, reportFiltersOf, reportUrlShape } from '../report-kit/ReportFilters';
import { countyShades, shadeLegend } from './gap-map-shades';
import { SupplyDemandRecords } from './SupplyDemandRecords';
import { supplyDemandQueries, type SupplyDemandFilters } from './supply-demand-queries';

const GapMap = lazy(() => import(/* webpackChunkName: "gap-map" */ './GapMap'));

export const supplyDemandUrlSchema = z.object({
  ...reportUrlShape,
  state: stateUrlSchema,
  sort: z.string().max(40).optional(),
  order: z.enum(['ascend', 'descend']).optional(),
  pageNumber: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  /** The county selected (on the map or by a figure) and its open figure. */
  county: z.string().max(10).optional(),
  figure: z.string().max(40).optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
});

const GAP = supplyDemandFigure('unstaffed')!;

/** Every county as CSV text: the county, its state, then each figure this period, the prior period and the change. */
export function supplyDemandCsv(rows: readonly SupplyDemandRow[]): string {
  return toCsv([
    [
      'County',
      'State',
      'FIPS code',
      ...SUPPLY_DEMAND_FIGURES.flatMap((f) =>
        f.compared ? [f.label, `${f.label} (prior period)`, `${f.label} (change)`] : [f.label],
      ),
    ],
    ...rows.map((row) => [
      row.name,
      row.state ?? '',
      row.county,
      ...SUPPLY_DEMAND_FIGURES.flatMap((f) => {
        const now = formatSupplyDemand(f, supplyDemandValue(f, row, 'current'));
        if (!f.compared) return [now];
        return [
          now,
          formatSupplyDemand(f, supplyDemandValue(f, row, 'prior')),
          supplyDemandChange(f, row)?.text ?? '',
        ];
      }),
    ]),
  ]);
}

/** A figure's cell: this period's value (a button opening its records), the prior period's and the change. */
function FigureCell({
  figure,
  row,
  onOpen,
}: {
  figure: SupplyDemandFigure;
  row: SupplyDemandRow;
  onOpen: () => void;
}) {
  const value = supplyDemandValue(figure, row, 'current');
  const shown = formatSupplyDemand(figure, value);
  const change = supplyDemandChange(figure, row);
  const prior = figure.compared
    ? `prior ${formatSupplyDemand(figure, supplyDemandValue(figure, row, 'prior'))}${change ? `, ${change.text}` : ''}`
    : 'as of today';
  return (
    <FigureValue
      shown={shown}
      ariaLabel={`${shown} ${figure.label.toLowerCase()}, ${row.name}`}
      secondLine={prior}
      onOpen={figure.drill && value ? onOpen : undefined}
    />
  );
}

/** The chart: the worst counties' gap this period and the prior, and the same as a table. */
function GapChart({
  rows,
  period,
  prior,
}: {
  rows: readonly SupplyDemandRow[];
  period: ReportPeriod;
  prior: ReportPeriod;
}) {
  const worst = rows.slice(0, SUPPLY_DEMAND_CHART_COUNTIES);
  const caption = `Unstaffed visits in the ${worst.length === 1 ? 'county' : `${worst.length} counties`} with the largest gap`;
  const label = `${caption}, ${showPeriod(period)} compared with ${showPeriod(prior)}: ${worst
    .map((r) => `${r.name} ${supplyDemandGap(r.current)} (prior ${supplyDemandGap(r.prior)})`)
    .join(', ')}`;
  return (
    <ReportChart
      label={label}
      categories={worst.map((r) => r.name)}
      series={[
        { name: 'This period', values: worst.map((r) => supplyDemandGap(r.current)) },
        { name: 'Prior period', values: worst.map((r) => supplyDemandGap(r.prior)) },
      ]}
      valueName={GAP.label}
      height={Math.max(200, worst.length * 44 + 60)}
      horizontal
    >
      <table
        className="report-kit-figures"
        style={{ marginTop: 8, borderCollapse: 'collapse', fontSize: 13 }}
      >
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
              County
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
          {worst.map((row) => (
            <tr key={row.county}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
                {row.name}
              </th>
              <td style={{ textAlign: 'right', paddingRight: 16 }}>{supplyDemandGap(row.current)}</td>
              <td style={{ textAlign: 'right' }}>{supplyDemandGap(row.prior)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ReportChart>
  );
}

/** The county map with its legend; the map is lazy (OpenLayers in its own chunk). */
function CountyMap({
  rows,
  selected,
  onSelect,
}: {
  rows: readonly SupplyDemandRow[];
  selected?: string;
  onSelect: (county: string) => void;
}) {
  const tileUrl = useQuery(supplyDemandQueries.tileUrl());
  const shades = useMemo(() => countyShades(rows), [rows]);
  const legend = shadeLegend(rows);
  const label = `Map of the counties shaded by their gap (unstaffed visits), darker for a larger gap; the table below lists every county's figures.`;
  return (
    <figure style={{ margin: '0 0 16px' }}>
      {tileUrl.isPending ? (
        <div style={{ height: 380 }} />
      ) : (
        <Suspense fallback={<Spin description="Loading the map" style={{ display: 'block', height: 380 }} />}>
          <GapMap
            shades={shades}
            selected={selected}
            onSelect={onSelect}
            tileUrl={tileUrl.data ?? ''}
            label={label}
          />
        </Suspense>
      )}
      <figcaption>
        <Flex gap={12} wrap align="center" style={{ marginTop: 8, fontSize: 13 }}>
          <span>Gap (unstaffed visits):</span>
          {legend.map((step) => (
            <Flex key={step.shade} gap={4} align="center">
              <span
                aria-hidden
                style={{
                  width: 14,
                  height: 14,
                  background: step.color,
                  border: '1px solid #94a3b8',
                  display: 'inline-block',
                }}
              />
              <span>{step.label}</span>
            </Flex>
          ))}
          <Typography.Text type="secondary">Click a county to show its row.</Typography.Text>
        </Flex>
      </figcaption>
    </figure>
  );
}

type Url = z.output<typeof supplyDemandUrlSchema>;
type SetUrl = (update: Partial<{ [K in keyof Url]: Url[K] | null }>) => void;

function countyColumns(url: Url, setUrl: SetUrl): DataTableColumns<SupplyDemandRow> {
  const sortOf = (key: string) => (url.sort === key && url.order ? url.order : null);
  return [
    {
      title: 'County',
      key: 'name',
      dataIndex: 'name',
      primary: true,
      sorter: true,
      sortOrder: sortOf('name'),
    },
    ...SUPPLY_DEMAND_FIGURES.map((figure) => ({
      title: figure.label,
      key: figure.key,
      align: 'right' as const,
      sorter: true,
      sortOrder: sortOf(figure.key),
      render: (_v: unknown, row: SupplyDemandRow) => (
        <FigureCell
          figure={figure}
          row={row}
          onOpen={() => setUrl({ county: row.county, figure: figure.drill ?? null, drillPage: null })}
        />
      ),
    })),
  ];
}

export default function SupplyDemandGapPage() {
  const [url, setUrl] = useUrlState(supplyDemandUrlSchema);
  // The page is the administrator's and the staffing roles' (page healthReports): the organization is a filter.
  const { period, prior, filters } = reportFiltersOf(url, false);
  const pageSize = url.pageSize ?? 10;
  const state = url.state ? { state: url.state } : {};
  const asked: SupplyDemandFilters = {
    ...filters,
    ...state,
    ...(url.sort && url.order ? { sort: url.sort, order: url.order } : {}),
    pageNumber: url.pageNumber ?? 1,
    pageSize,
  };
  const query = useQuery(supplyDemandQueries.report(asked));
  const data = query.data;
  const selected = data && url.county ? data.all.find((r) => r.county === url.county) : undefined;
  const drill = selected && SUPPLY_DEMAND_FIGURES.find((f) => f.drill && f.drill === url.figure);
  const columns = countyColumns(url, setUrl);
  const reset = { pageNumber: null, county: null, figure: null, drillPage: null };
  const onSort = (next: SortChange) =>
    setUrl(next ? { sort: next.field, order: next.order, pageNumber: null } : { sort: null, order: null });
  const exportFile = async () => {
    // The answer holds every county (worst first), whatever the page: the CSV is all of them.
    const rows = data?.all ?? [];
    return {
      ...csvFile(supplyDemandCsv(rows), `supply-demand-gap-${period.from}-to-${period.to}.csv`),
      rows: rows.length,
    };
  };

  return (
    <PageFrame title="Supply and demand gap" subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={false}
        onChange={(update) => setUrl({ ...update, ...reset })}
      >
        <StateFilter value={url.state} onChange={(next) => setUrl({ state: next, ...reset })} />
      </ReportFilters>
      <ListResults query={query} thing="the supply and demand gap">
        {!data ? (
          <Skeleton active />
        ) : data.paging.totalCount === 0 ? (
          <EmptyState
            title="No visits asked for"
            description={`No visit was requested (published, expired unstaffed or staffed) in ${showPeriod(data.period)} or the period before, for these filters: there is no demand to compare the clinicians with.`}
          />
        ) : (
          <>
            <GapChart rows={data.all} period={period} prior={prior} />
            <CountyMap
              rows={data.all}
              selected={url.county}
              onSelect={(county) => setUrl({ county, figure: null, drillPage: null })}
            />
            {selected ? (
              <DataTable<SupplyDemandRow>
                ariaLabel="Selected county"
                rows={[selected]}
                totalCount={1}
                pageNumber={1}
                pageSize={1}
                columns={columns.map((c) => ({ ...c, sorter: false, sortOrder: undefined }))}
                rowKey={(row) => row.county}
                onPageChange={() => undefined}
              />
            ) : null}
            <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
              <div>
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  By county
                </Typography.Title>
                <Typography.Text type="secondary">
                  {url.sort
                    ? 'Sorted as chosen.'
                    : 'The largest gap (requested visits nobody is staffed on) first, then the name.'}
                </Typography.Text>
              </div>
              <ExportCsvButton
                thing="the supply and demand gap"
                rowNames={{ one: 'county', many: 'counties' }}
                file={exportFile}
              />
            </Flex>
            <DataTable<SupplyDemandRow>
              ariaLabel="Supply and demand gap by county"
              rows={data.rows}
              totalCount={data.paging.totalCount}
              pageNumber={data.paging.pageNumber}
              pageSize={pageSize}
              loading={query.isFetching}
              columns={columns}
              rowKey={(row) => row.county}
              emptyText="Nothing on this page."
              onPageChange={(pageNumber, size) => setUrl({ pageNumber, pageSize: size === 10 ? null : size })}
              onSortChange={onSort}
            />
          </>
        )}
      </ListResults>
      {selected && drill ? (
        <SupplyDemandRecords
          key={`${url.county}-${url.figure}`}
          title={`${drill.label} — ${selected.name}`}
          filters={{
            ...filters,
            ...state,
            county: selected.county,
            figure: drill.drill as SupplyDemandDrill,
            period: 'current',
          }}
          period={period}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl({ figure: null, drillPage: null })}
        />
      ) : null}
    </PageFrame>
  );
}
