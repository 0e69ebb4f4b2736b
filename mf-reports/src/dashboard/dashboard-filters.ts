// The dashboard's URL: the period (from / to, default the last 7 days), the organization, the provider type, and
// the figure whose records are open (metric, part, period, page). SPEC §5's range rules and decision 046's
// longest period apply to what the URL says, so the page asks for what it shows.
import {
  DASHBOARD_METRIC_KEYS,
  defaultReportPeriod,
  formatDate,
  isoDateSchema,
  METRIC_PARTS,
  priorPeriod,
  REPORT_MAX_DAYS,
  type ReportPeriod,
} from '@carelane/shared-domain';
import { askedRange, isoDay, rangeOf } from '@carelane/shared-ui';
import { z } from 'zod';
import type { DrillTarget } from './dashboard-queries';

const id = z.coerce.number().int().positive().optional();

export const dashboardUrlSchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  referralSourceId: id,
  providerTypeId: id,
  metric: z.enum(DASHBOARD_METRIC_KEYS as [string, ...string[]]).optional(),
  part: z.enum(METRIC_PARTS).optional(),
  period: z.enum(['prior']).optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
});
export type DashboardUrl = z.output<typeof dashboardUrlSchema>;

/** The drill-down's page size (SPEC §9's default page size). */
export const DRILL_PAGE_SIZE = 10;

/** The period the URL asks for, on the viewer's calendar today when it names none. */
export function urlPeriod(url: Pick<DashboardUrl, 'from' | 'to'>, today: string = isoDay(new Date())) {
  const fallback = defaultReportPeriod(today);
  const asked = askedRange(
    url.from,
    url.to,
    rangeOf({ startDate: fallback.from, endDate: fallback.to }),
    REPORT_MAX_DAYS,
  );
  const period: ReportPeriod = { from: asked.startDate, to: asked.endDate };
  return { period, prior: priorPeriod(period) };
}

/** The figure whose records the URL opens, if any. */
export function urlDrill(url: DashboardUrl): DrillTarget | null {
  if (!url.metric) return null;
  return {
    metric: url.metric as DrillTarget['metric'],
    part: url.part ?? 'numerator',
    period: url.period === 'prior' ? 'prior' : 'current',
  };
}

/** A period as people read it: '11/26/2026–12/2/2026'. */
export const showPeriod = (period: ReportPeriod): string =>
  `${formatDate(period.from)}–${formatDate(period.to)}`;
