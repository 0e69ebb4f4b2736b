// A card's small trend: the metric's value day by day (metricValue of each day's counts), drawn as an inline SVG
// line. Decorative (aria-hidden): the card's text says the figures. A day with nothing to measure breaks the line.
import { metricValue, type MetricCounts, type MetricDefinition } from '@carelane/shared-domain';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;

/** The points of each unbroken run of days, in the SVG's coordinates (exported for its test). */
export function sparklineRuns(values: readonly (number | null)[]): string[] {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return [];
  const low = Math.min(...known);
  const high = Math.max(...known);
  const span = high - low || 1;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  const runs: string[][] = [[]];
  values.forEach((value, i) => {
    if (value === null) {
      if (runs.at(-1)!.length) runs.push([]);
      return;
    }
    const x = values.length > 1 ? PAD + i * step : WIDTH / 2;
    const y = HEIGHT - PAD - ((value - low) / span) * (HEIGHT - 2 * PAD);
    runs.at(-1)!.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  });
  return runs.filter((run) => run.length).map((run) => run.join(' '));
}

export function Sparkline({ metric, trend }: { metric: MetricDefinition; trend: readonly MetricCounts[] }) {
  const runs = sparklineRuns(trend.map((day) => metricValue(metric, day)));
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="carelane-sparkline"
      data-testid={`trend-${metric.key}`}
    >
      {runs.map((points) =>
        points.includes(' ') ? (
          <polyline key={points} points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
        ) : (
          <circle
            key={points}
            cx={points.split(',')[0]}
            cy={points.split(',')[1]}
            r={1.5}
            fill="currentColor"
          />
        ),
      )}
    </svg>
  );
}
