// AR health's stacked bar chart: one bar per organization, its balance split by aging bucket. Drawn as SVG
// (echarts is not installed in this workspace yet; decision 030). Read as one image with a text label; the
// table beside it carries the same figures for screen readers and keyboards.
import { AGING_BUCKET_LABELS, formatCents, type ArHealth } from '@carelane/shared-domain';
import { Flex, Typography } from 'antd';

/** Bucket colours, current to over 90 days, distinguishable in greyscale too. */
export const BUCKET_COLORS = ['#52c41a', '#fadb14', '#fa8c16', '#f5222d', '#820014'] as const;

const BAR = 22;
const GAP = 10;
const LABEL_WIDTH = 180;
const WIDTH = 720;

export function agingChartLabel(report: ArHealth): string {
  const parts = report.totals.buckets.map(
    (b) => `${AGING_BUCKET_LABELS[b.bucket]} ${formatCents(b.balanceCents)}`,
  );
  return `Receivables aging as of ${report.asOf}, by organization: total ${formatCents(report.totals.totalCents)} (${parts.join(', ')})`;
}

export function AgingChart({ report }: { report: ArHealth }) {
  const max = Math.max(1, ...report.rows.map((r) => r.totalCents));
  const height = report.rows.length * (BAR + GAP) + GAP;
  const scale = (WIDTH - LABEL_WIDTH - 16) / max;
  return (
    <figure style={{ margin: '0 0 16px' }}>
      <svg
        role="img"
        aria-label={agingChartLabel(report)}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
      >
        <title>{agingChartLabel(report)}</title>
        {report.rows.map((row, i) => {
          const y = GAP + i * (BAR + GAP);
          let x = LABEL_WIDTH;
          return (
            <g key={row.referralSourceId}>
              <text x={LABEL_WIDTH - 8} y={y + BAR * 0.7} textAnchor="end" fontSize={12} fill="#262626">
                {row.organizationName}
              </text>
              {row.buckets.map((cell, b) => {
                const w = cell.balanceCents * scale;
                const rect = (
                  <rect key={cell.bucket} x={x} y={y} width={w} height={BAR} fill={BUCKET_COLORS[b]} />
                );
                x += w;
                return rect;
              })}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <Flex gap={12} wrap aria-hidden>
          {report.totals.buckets.map((b, i) => (
            <Flex key={b.bucket} gap={4} align="center">
              <span
                style={{ width: 12, height: 12, background: BUCKET_COLORS[i], display: 'inline-block' }}
              />
              <Typography.Text>{AGING_BUCKET_LABELS[b.bucket]}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      </figcaption>
    </figure>
  );
}
