// /candidateReport and /candidatePageView (issue 26, decision 058), and the public pages' view beacon. Every
// figure is a set computed by shared-domain's rules over the rows read here; a drill-down pages the same set, so
// its total is the figure. Page candidateReport (administrator and staffing roles; organization roles and
// clinicians refused by the route's page and again here). Days are Central's (no organization applies).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  PAGE_VIEW_KEEP_DAYS,
  candidateGroups,
  candidateStageFigures,
  candidatesBehind,
  daysOf,
  medianHoursToRegister,
  pageViewChannel,
  pageViewChannelLabel,
  pageViewCounts,
  pageViewGroups,
  pageViewsBehind,
  registrationRate,
  todayIn,
  type CandidatePageView,
  type CandidatePageViewQuery,
  type CandidatePageViewRecords,
  type CandidatePageViewRecordsQuery,
  type CandidateRecords,
  type CandidateRecordsQuery,
  type CandidateReport,
  type CandidateReportQuery,
  type CandidateRow,
  type PageViewInput,
  type PageViewRow,
  type ReportPeriod,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import { pagingOf } from '../../../lib/paging';
import type { Executor } from '../../../db/client';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { periodsOf, scopedFilter } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;
const ZONE = DEFAULT_TIME_ZONE;
const iso = (value: string | Date) => new Date(value).toISOString();

/** The period and the prior one asked for (Central), for a caller who may read the report. */
async function scope<Q extends CandidateReportQuery | CandidatePageViewQuery>(
  services: Services,
  ctx: RequestContext,
  query: Q,
) {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, { from: q.from, to: q.to });
  return { q, current, prior };
}

const candidateOf = (r: repo.CandidateDbRow): CandidateRow => ({
  invitationId: r.invitation_id,
  providerId: r.provider_id,
  name: r.name,
  providerTypeId: r.provider_type_id,
  providerTypeName: r.provider_type_name,
  onboardStep: r.onboard_step,
  invitedAt: iso(r.invited_at),
  invitedDay: r.invited_day,
  expiresAt: iso(r.expires_at),
  registeredAt: r.registered_at === null ? null : iso(r.registered_at),
  invitedByName: r.invited_by_name,
  staffed: Boolean(r.staffed),
});

/** The invitations of both periods, split by the day they were sent. */
async function cohorts(
  services: Services,
  q: CandidateReportQuery,
  current: ReportPeriod,
  prior: ReportPeriod,
) {
  const rows = await repo.candidates(services.reportsDb, { from: prior.from, to: current.to }, ZONE, {
    providerTypeId: q.providerTypeId,
    state: q.state,
  });
  const all = rows.map(candidateOf);
  return {
    current: all.filter((c) => c.invitedDay >= current.from),
    prior: all.filter((c) => c.invitedDay < current.from),
  };
}

/** GET /api/admin/reports/candidateReport */
export async function candidateReport(
  services: Services,
  ctx: RequestContext,
  query: CandidateReportQuery,
): Promise<CandidateReport> {
  const { q, current, prior } = await scope(services, ctx, query);
  const asOf = new Date().toISOString();
  const cohort = await cohorts(services, q, current, prior);
  return {
    period: current,
    prior,
    asOf,
    stages: candidateStageFigures(cohort.current, cohort.prior, asOf),
    medianHoursToRegister: medianHoursToRegister(cohort.current),
    priorMedianHoursToRegister: medianHoursToRegister(cohort.prior),
    groups: candidateGroups(cohort.current, cohort.prior, asOf),
  };
}

/** GET /api/admin/reports/candidateReport/records: the candidates behind a figure, in the order invited. */
export async function candidateRecords(
  services: Services,
  ctx: RequestContext,
  query: CandidateRecordsQuery,
): Promise<CandidateRecords> {
  const { q, current, prior } = await scope(services, ctx, query);
  const cohort = await cohorts(services, q, current, prior);
  const all = candidatesBehind(cohort[query.period], query.figure, new Date().toISOString());
  const page = all.slice((query.pageNumber - 1) * query.pageSize, query.pageNumber * query.pageSize);
  return {
    rows: page.map((c) => ({
      invitationId: c.invitationId,
      providerId: c.providerId,
      name: c.name,
      providerTypeName: c.providerTypeName,
      onboardStep: c.onboardStep,
      invitedAt: c.invitedAt,
      registeredAt: c.registeredAt,
      expiresAt: c.expiresAt,
      invitedByName: c.invitedByName,
      staffed: c.staffed,
    })),
    paging: pagingOf(query, all.length),
  };
}

// ---- page views

const keys = new WeakMap<object, Promise<string>>();

/** The day's salt: an HMAC of the day under the database's page-view key (every instance has the same). */
async function daySalt(ex: Executor, day: string): Promise<string> {
  let key = keys.get(ex);
  if (!key) {
    key = repo.pageViewKey(ex, randomBytes(32).toString('base64url'));
    key.catch(() => keys.delete(ex));
    keys.set(ex, key);
  }
  return createHmac('sha256', await key)
    .update(`candidate-page-views:${day}`)
    .digest('base64url');
}

/** The referrer's host only (lower case); nothing for a referrer that is not a web address. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() || null : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/public/page-views: one view, stored without anything that names the visitor — a hash of the day's
 * salt, the client address and the user agent (the same visitor once a day, never followed across days).
 */
export async function recordPageView(
  services: Pick<AppServices, 'db'>,
  client: { ip: string; userAgent: string | undefined },
  input: PageViewInput,
): Promise<void> {
  const day = todayIn(ZONE);
  const salt = await daySalt(services.db, day);
  const visitorHash = createHash('sha256')
    .update(`${salt}\n${client.ip}\n${client.userAgent ?? ''}`)
    .digest('hex');
  await repo.insertPageView(services.db, {
    page: input.page,
    day,
    visitorHash,
    referrerHost: referrerHost(input.referrer),
    source: input.source ? input.source.toLowerCase() : null,
    withInvitation: input.invitation === true,
  });
  await prunePageViews(services, day);
}

/** The day each database's old views were last deleted (by this process). */
const pruned = new WeakMap<object, string>();

/** Views older than PAGE_VIEW_KEEP_DAYS are deleted: by the first view each day (the views' day index). */
export async function prunePageViews(
  services: Pick<AppServices, 'db'>,
  today = todayIn(ZONE),
): Promise<void> {
  if (pruned.get(services.db) === today) return;
  pruned.set(services.db, today);
  await repo.prunePageViews(
    services.db,
    dayjs(today).subtract(PAGE_VIEW_KEEP_DAYS, 'day').format('YYYY-MM-DD'),
  );
}

const viewOf = (r: repo.PageViewDbRow): PageViewRow => ({
  id: r.id,
  page: r.page,
  day: r.day,
  visitorHash: r.visitor_hash,
  referrerHost: r.referrer_host,
  source: r.source,
  withInvitation: Boolean(r.with_invitation),
  createdAt: iso(r.created_at),
});

async function totalsOf(services: Services, views: PageViewRow[], period: ReportPeriod) {
  const counts = pageViewCounts(views);
  const registrations = await repo.registrationCount(services.reportsDb, period, ZONE);
  return { ...counts, registrations, registrationRate: registrationRate(registrations, counts.visitors) };
}

/** GET /api/admin/reports/candidatePageView */
export async function candidatePageView(
  services: Services,
  ctx: RequestContext,
  query: CandidatePageViewQuery,
): Promise<CandidatePageView> {
  const { q, current, prior } = await scope(services, ctx, query);
  const rows = (await repo.pageViews(services.reportsDb, { from: prior.from, to: current.to }, q.page)).map(
    viewOf,
  );
  const now = rows.filter((v) => v.day >= current.from);
  const before = rows.filter((v) => v.day < current.from);
  return {
    period: current,
    prior,
    totals: await totalsOf(services, now, current),
    priorTotals: await totalsOf(services, before, prior),
    days: daysOf(current).map((day) => ({ day, ...pageViewCounts(now, { day }) })),
    pages: pageViewGroups(now, (v) => v.page).map(({ key, ...g }) => ({ page: key, ...g })),
    channels: pageViewGroups(now, pageViewChannel).map(({ key, ...g }) => ({
      channel: key,
      label: pageViewChannelLabel(key),
      ...g,
    })),
  };
}

/** GET /api/admin/reports/candidatePageView/records: the views, visitor-days or registrations behind a figure. */
export async function candidatePageViewRecords(
  services: Services,
  ctx: RequestContext,
  query: CandidatePageViewRecordsQuery,
): Promise<CandidatePageViewRecords> {
  const { q, current, prior } = await scope(services, ctx, query);
  const period = query.period === 'prior' ? prior : current;
  if (query.figure === 'registrations') {
    const total = await repo.registrationCount(services.reportsDb, period, ZONE);
    const rows = await repo.registrations(services.reportsDb, period, ZONE, query);
    return {
      subject: 'registrations',
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        providerTypeName: r.provider_type_name,
        onboardStep: r.onboard_step,
        registeredAt: iso(r.registered_at),
        invited: Boolean(r.invited),
      })),
      paging: pagingOf(query, total),
    };
  }
  const views = (await repo.pageViews(services.reportsDb, period, q.page)).map(viewOf);
  const all = pageViewsBehind(views, query.figure, { day: query.day, channel: query.channel });
  const page = all.slice((query.pageNumber - 1) * query.pageSize, query.pageNumber * query.pageSize);
  return {
    subject: 'views',
    rows: page.map((v) => ({
      id: v.id,
      page: v.page,
      day: v.day,
      at: v.createdAt,
      channel: pageViewChannelLabel(pageViewChannel(v)),
      withInvitation: v.withInvitation,
    })),
    paging: pagingOf(query, all.length),
  };
}
