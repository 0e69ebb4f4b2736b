// A report's bar chart (decision 031's pattern): echarts in its own chunk, fetched only when there is a chart to
// draw, with a placeholder of the same height, role and name until it arrives. The chart is one image whose
// accessible name reads every figure; the report's table, given as children, is its text alternative for
// screen readers and keyboards, shown below it.
import { lazy, Suspense, type ReactNode } from 'react';

const BarEChart = lazy(() => import(/* webpackChunkName: "report-echart" */ './BarEChart'));

/** One series of bars: its name in the legend and a value per category. */
export type ChartSeries = { name: string; values: readonly number[] };

export type ReportChartProps = {
  /** The chart's accessible name: what it shows, with its figures. */
  label: string;
  /** The categories along the axis, in order. */
  categories: readonly string[];
  /** Up to four series (each its own colour and decal pattern). */
  series: readonly ChartSeries[];
  /** The axis' name, such as 'Staffed visits'. */
  valueName: string;
  height?: number;
  /** Bars along the value axis from the left, the first category on top (a ranking, such as worst first). */
  horizontal?: boolean;
  /** The same figures as a table. */
  children?: ReactNode;
};

export function ReportChart({
  label,
  categories,
  series,
  valueName,
  height = 280,
  horizontal,
  children,
}: ReportChartProps) {
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <Suspense fallback={<div role="img" aria-label={label} style={{ height }} data-chart-placeholder />}>
        <BarEChart
          label={label}
          categories={categories}
          series={series}
          valueName={valueName}
          height={height}
          horizontal={horizontal}
        />
      </Suspense>
      {children}
    </figure>
  );
}
