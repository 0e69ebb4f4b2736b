// What AR health's aging chart says and how tall it is, without echarts (decision 031): the page's own chunk uses
// these for the chart's accessible name and its placeholder; the echarts chunk uses them to draw.
import { AGING_BUCKET_LABELS, formatCents, type ArHealth } from '@carelane/shared-domain';

/** Bucket colours, current to over 90 days, distinguishable in greyscale too (and by echarts' decal patterns). */
export const BUCKET_COLORS = ['#52c41a', '#fadb14', '#fa8c16', '#f5222d', '#820014'] as const;

/** Text on the chart (axis labels, legend, tooltip): antd's text colours, 7:1 and more on white (WCAG AA). */
export const CHART_TEXT = '#262626';
export const CHART_SECONDARY_TEXT = '#595959';

/** One bar per organization: 22 px and a 10 px gap, as the SVG chart had; room for the legend and the axis. */
const ROW = 32;
const LEGEND_AND_AXIS = 84;
const MIN_HEIGHT = 150;

export const agingChartHeight = (report: ArHealth): number =>
  Math.max(MIN_HEIGHT, report.rows.length * ROW + LEGEND_AND_AXIS);

/** The chart's accessible name: the totals per bucket, as the server summed them and formatCents writes them. */
export function agingChartLabel(report: ArHealth): string {
  const parts = report.totals.buckets.map(
    (b) => `${AGING_BUCKET_LABELS[b.bucket]} ${formatCents(b.balanceCents)}`,
  );
  const organizations = report.rows.length === 1 ? '1 organization' : `${report.rows.length} organizations`;
  return `Receivables aging as of ${report.asOf}, by organization: total ${formatCents(report.totals.totalCents)} (${parts.join(', ')}) across ${organizations}`;
}
