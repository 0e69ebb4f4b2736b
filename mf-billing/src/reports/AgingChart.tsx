// AR health's stacked bar chart: one bar per organization, its balance split by aging bucket, drawn by echarts
// (decision 031). echarts comes in its own chunk, fetched only when the page has a chart to draw; until then a
// placeholder of the same height holds the place and the same accessible name. The chart is one image whose
// label reads the totals; the table below carries every figure for screen readers and keyboards.
import type { ArHealth } from '@carelane/shared-domain';
import { lazy, Suspense } from 'react';
import { agingChartHeight, agingChartLabel } from './aging-chart';

const AgingEChart = lazy(() => import(/* webpackChunkName: "aging-echart" */ './AgingEChart'));

export function AgingChart({ report }: { report: ArHealth }) {
  const label = agingChartLabel(report);
  const height = agingChartHeight(report);
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <Suspense fallback={<div role="img" aria-label={label} style={{ height }} data-chart-placeholder />}>
        <AgingEChart report={report} label={label} height={height} />
      </Suspense>
    </figure>
  );
}
