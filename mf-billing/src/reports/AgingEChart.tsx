// AR health's stacked bar chart drawn by echarts (decision 031): one bar per organization, its balance split by
// aging bucket. This module is the chart's own chunk, loaded lazily by AgingChart: echarts' tree-shakable core
// with only the bar chart, the grid, tooltip, legend and aria components and the SVG renderer.
import { AGING_BUCKETS, AGING_BUCKET_LABELS, formatCents, type ArHealth } from '@carelane/shared-domain';
import { carelaneTheme } from '@carelane/shared-ui';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type AriaComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useMemo } from 'react';
import { BUCKET_COLORS, CHART_SECONDARY_TEXT, CHART_TEXT } from './aging-chart';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export type AgingChartOption = echarts.ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | AriaComponentOption
>;

type AxisTooltipItem = { dataIndex: number };

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** One row's tooltip: its buckets and total as the server sent them, money written by formatCents. */
function rowTooltip(report: ArHealth, dataIndex: number): string {
  const row = report.rows[dataIndex];
  if (!row) return '';
  const lines = AGING_BUCKETS.map((bucket, i) => {
    const cell = row.buckets.find((c) => c.bucket === bucket);
    return `${echarts.format.getTooltipMarker(BUCKET_COLORS[i]!)}${AGING_BUCKET_LABELS[bucket]}: <b>${formatCents(cell?.balanceCents ?? 0)}</b>`;
  });
  return [
    `<b>${echarts.format.encodeHTML(row.organizationName)}</b>`,
    ...lines,
    `Total: <b>${formatCents(row.totalCents)}</b>`,
  ].join('<br/>');
}

/**
 * The echarts option: a horizontal stacked bar per organization (first organization on top), a series per bucket
 * whose values are the cells' cents unchanged (echarts only stacks them to draw); axis and tooltip figures are
 * written by formatCents. The legend is not clickable: the chart always shows what its accessible name says.
 */
export function agingChartOption(report: ArHealth, label: string): AgingChartOption {
  return {
    animation: !reducedMotion(),
    aria: { enabled: true, label: { enabled: true, description: label }, decal: { show: true } },
    // The product's font by name: echarts measures labels with it to fit them (with 'inherit' it measured a
    // default font, narrower than the one drawn, and cut the organizations' names at the chart's edge).
    textStyle: { color: CHART_TEXT, fontFamily: carelaneTheme.token?.fontFamily },
    legend: {
      top: 0,
      left: 0,
      selectedMode: false,
      itemWidth: 14,
      itemHeight: 14,
      textStyle: { color: CHART_TEXT, fontSize: 12 },
    },
    grid: {
      left: 8,
      right: 24,
      top: 36,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      textStyle: { color: CHART_TEXT },
      formatter: (params) => {
        const first = (Array.isArray(params) ? params[0] : params) as AxisTooltipItem | undefined;
        return first ? rowTooltip(report, first.dataIndex) : '';
      },
    },
    xAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: CHART_SECONDARY_TEXT, formatter: (cents: number) => formatCents(cents) },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: report.rows.map((row) => row.organizationName),
      axisTick: { show: false },
      axisLabel: { color: CHART_TEXT, fontSize: 12, width: 170, overflow: 'truncate' },
    },
    series: AGING_BUCKETS.map((bucket, i) => ({
      type: 'bar',
      name: AGING_BUCKET_LABELS[bucket],
      stack: 'balance',
      barWidth: 22,
      itemStyle: { color: BUCKET_COLORS[i] },
      emphasis: { focus: 'series' },
      data: report.rows.map((row) => row.buckets.find((c) => c.bucket === bucket)?.balanceCents ?? 0),
    })),
  };
}

export default function AgingEChart({
  report,
  label,
  height,
}: {
  report: ArHealth;
  label: string;
  height: number;
}) {
  const option = useMemo(() => agingChartOption(report, label), [report, label]);
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      opts={{ renderer: 'svg' }}
      style={{ height, width: '100%', maxWidth: 960 }}
      // The same role and name echarts' aria option sets once it has drawn, there from the first render.
      role="img"
      aria-label={label}
    />
  );
}
