// A report's bar chart drawn by echarts (decision 031): this module is the chart's own chunk, loaded lazily by
// ReportChart, with echarts' tree-shakable core and only the bar chart, grid, tooltip, legend and aria components
// and the SVG renderer. aria is on, with decal patterns, so the series differ by more than colour.
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
import type { ReportChartProps } from './ReportChart';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

type BarChartOption = echarts.ComposeOption<
  BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | AriaComponentOption
>;

/** Series colours: the current period strong, the prior light; apart in greyscale too, and by decal. */
export const SERIES_COLORS = ['#1677ff', '#91caff', '#389e0d', '#d48806'] as const;
/** Text on the chart: antd's text colours, 7:1 and more on white. */
const TEXT = '#262626';
const SECONDARY_TEXT = '#595959';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function barChartOption({
  label,
  categories,
  series,
  valueName,
  horizontal = false,
}: Omit<ReportChartProps, 'height' | 'children'>): BarChartOption {
  const categoryAxis = {
    type: 'category' as const,
    data: [...categories],
    inverse: horizontal,
    axisTick: { show: false },
    axisLabel: { color: TEXT, fontSize: 12, interval: 0, hideOverlap: true },
  };
  const valueAxis = {
    type: 'value' as const,
    name: valueName,
    minInterval: 1,
    nameTextStyle: { color: SECONDARY_TEXT, align: 'left' as const },
    axisLabel: { color: SECONDARY_TEXT },
  };
  return {
    animation: !reducedMotion(),
    aria: { enabled: true, label: { enabled: true, description: label }, decal: { show: true } },
    textStyle: { color: TEXT, fontFamily: carelaneTheme.token?.fontFamily },
    legend: { top: 0, left: 0, selectedMode: false, textStyle: { color: TEXT, fontSize: 12 } },
    grid: {
      left: 8,
      right: 16,
      top: 36,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { color: TEXT } },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s, i) => ({
      type: 'bar',
      name: s.name,
      itemStyle: { color: SERIES_COLORS[i % SERIES_COLORS.length] },
      emphasis: { focus: 'series' },
      data: [...s.values],
    })),
  };
}

export default function BarEChart({
  label,
  categories,
  series,
  valueName,
  height,
  horizontal,
}: Omit<ReportChartProps, 'children'> & { height: number }) {
  const option = useMemo(
    () => barChartOption({ label, categories, series, valueName, horizontal }),
    [label, categories, series, valueName, horizontal],
  );
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
