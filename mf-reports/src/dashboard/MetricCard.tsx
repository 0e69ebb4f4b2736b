// One metric of the dashboard as a card: its value (formatMetricValue of metricValue of the counts), the prior
// period's, the change (metricChange: its text, an arrow and the word "better" or "worse", never colour alone),
// what it answers, the counts behind it as buttons that open their records, and the small trend.
import {
  formatMetricValue,
  metricChange,
  metricValue,
  type Dashboard,
  type MetricCounts,
  type MetricDefinition,
} from '@carelane/shared-domain';
import { Button, Card, Flex, Typography } from 'antd';
import { useId } from 'react';
import type { DrillTarget } from './dashboard-queries';
import { Sparkline } from './Sparkline';

type DashboardMetric = Dashboard['metrics'][number];

const count = new Intl.NumberFormat('en-US');
const BETTER_COLOR = '#237804';
const WORSE_COLOR = '#a8071a';

/** The figures a metric's records are behind: a ratio's two counts, an average's records. */
export function countLinks(
  metric: MetricDefinition,
  counts: MetricCounts,
): { part: DrillTarget['part']; text: string }[] {
  if (metric.kind === 'visitAverageHours')
    return [{ part: 'denominator', text: `Over ${count.format(counts.denominator)} ${metric.overLabel}` }];
  return [
    { part: 'numerator', text: `${count.format(counts.numerator)} ${metric.numeratorLabel}` },
    { part: 'denominator', text: `of ${count.format(counts.denominator)} ${metric.denominatorLabel}` },
  ];
}

/** The name of the records behind a part, for the drill-down's title. */
export function partLabel(metric: MetricDefinition, part: DrillTarget['part']): string {
  if (metric.kind === 'visitAverageHours') return metric.overLabel;
  return part === 'numerator' ? metric.numeratorLabel : metric.denominatorLabel;
}

function Arrow({ direction }: { direction: 'up' | 'down' | 'flat' }) {
  const path =
    direction === 'up'
      ? 'M6 1 L11 9 L1 9 Z'
      : direction === 'down'
        ? 'M1 3 L11 3 L6 11 Z'
        : 'M1 5 H11 V7 H1 Z';
  return (
    <svg aria-hidden="true" focusable="false" width={12} height={12} viewBox="0 0 12 12">
      <path d={path} fill="currentColor" />
    </svg>
  );
}

function Change({
  metric,
  current,
  prior,
}: {
  metric: MetricDefinition;
  current: number | null;
  prior: number | null;
}) {
  const change = metricChange(metric, current, prior);
  if (!change)
    return (
      <Typography.Text type="secondary">No change to show: a period has nothing to measure</Typography.Text>
    );
  const direction = change.delta > 0 ? 'up' : change.delta < 0 ? 'down' : 'flat';
  const verdict = change.better === null ? 'the same as' : change.better ? 'better than' : 'worse than';
  const color = change.better === null ? undefined : change.better ? BETTER_COLOR : WORSE_COLOR;
  return (
    <Typography.Text data-testid={`change-${metric.key}`} style={{ color }}>
      <Arrow direction={direction} /> {change.text}, {verdict} the prior period
    </Typography.Text>
  );
}

type OpenRecords = (target: Omit<DrillTarget, 'metric'>) => void;

/** The counts behind a figure: buttons that open their records, or plain text where the viewer may not open them. */
function CountLinks({
  metric,
  counts,
  period,
  onOpen,
}: {
  metric: MetricDefinition;
  counts: MetricCounts;
  period: DrillTarget['period'];
  onOpen?: OpenRecords;
}) {
  const suffix = period === 'prior' ? ' (prior)' : '';
  return (
    <Flex wrap gap={4} align="baseline">
      {countLinks(metric, counts).map((link) =>
        onOpen ? (
          <Button
            key={link.part}
            type="link"
            size="small"
            style={{ padding: 0, minHeight: 24, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
            onClick={() => onOpen({ part: link.part, period })}
          >
            {link.text + suffix}
          </Button>
        ) : (
          <Typography.Text key={link.part}>{link.text + suffix}</Typography.Text>
        ),
      )}
    </Flex>
  );
}

export type MetricCardProps = {
  metric: MetricDefinition;
  figures: DashboardMetric;
  /** Unset: the viewer may not open this figure's records (an organization's user and the clinicians). */
  onOpen?: OpenRecords;
};

export function MetricCard({ metric, figures, onOpen }: MetricCardProps) {
  const headingId = useId();
  const current = metricValue(metric, figures.current);
  const prior = metricValue(metric, figures.prior);
  return (
    <li aria-labelledby={headingId} style={{ listStyle: 'none', minWidth: 0 }}>
      <Card size="small" style={{ height: '100%' }}>
        <Flex vertical gap={4}>
          <Typography.Title level={2} id={headingId} style={{ fontSize: 16, margin: 0 }}>
            {metric.label}
          </Typography.Title>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 28 }} data-testid={`value-${metric.key}`}>
              {formatMetricValue(metric, current)}
            </Typography.Text>
            <Sparkline metric={metric} trend={figures.trend} />
          </Flex>
          <CountLinks metric={metric} counts={figures.current} period="current" onOpen={onOpen} />
          <Change metric={metric} current={current} prior={prior} />
          <Flex wrap gap={4} align="baseline">
            <Typography.Text type="secondary">
              Prior period: {formatMetricValue(metric, prior)}
            </Typography.Text>
            <CountLinks metric={metric} counts={figures.prior} period="prior" onOpen={onOpen} />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {metric.description}
          </Typography.Paragraph>
        </Flex>
      </Card>
    </li>
  );
}
