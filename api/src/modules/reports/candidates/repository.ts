// /candidateReport's and /candidatePageView's reads and the beacon's write (issue 26, decision 058). Invitations
// are read by the day they were sent, as a range of instants on the report's calendar (their created-at index,
// migration 0038); views by their day (the views' day index).
import { STAFFED_VISIT_STATUSES, type ReportPeriod } from '@carelane/shared-domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client';
import { visitSetCondition } from '../dashboard/repository';

const STAFFED = visitSetCondition({ statuses: STAFFED_VISIT_STATUSES });

/** The instant `column` falls on a day of `range` on `timeZone`'s calendar. */
const dayIn = (column: ReturnType<typeof sql>, range: ReportPeriod, timeZone: string) =>
  sql`${column} >= (${range.from}::date)::timestamp at time zone ${timeZone}
      and ${column} < (${range.to}::date + 1)::timestamp at time zone ${timeZone}`;

export type CandidateDbRow = {
  invitation_id: number;
  provider_id: number;
  name: string;
  provider_type_id: number;
  provider_type_name: string;
  onboard_step: string;
  invited_at: string | Date;
  invited_day: string;
  expires_at: string | Date;
  registered_at: string | Date | null;
  invited_by_name: string | null;
  staffed: boolean;
};

/** Every invitation sent in `range` (of the provider type and the clinician's state, when given), as it is now. */
export function candidates(
  ex: Executor,
  range: ReportPeriod,
  timeZone: string,
  filter: { providerTypeId?: number; state?: string },
): Promise<CandidateDbRow[]> {
  const type =
    filter.providerTypeId === undefined ? sql`` : sql`and p.provider_type_id = ${filter.providerTypeId}`;
  const state = filter.state === undefined ? sql`` : sql`and upper(p.state) = ${filter.state.toUpperCase()}`;
  return queryRows<CandidateDbRow>(
    ex,
    sql`select i.id as invitation_id, p.id as provider_id, p.given_name || ' ' || p.family_name as name,
               p.provider_type_id, pt.type as provider_type_name, p.onboard_step,
               i.created_at as invited_at, (i.created_at at time zone ${timeZone})::date::text as invited_day,
               i.expires_at, i.accepted_at as registered_at,
               u.first_name || ' ' || u.last_name as invited_by_name,
               exists (select 1 from visits v where v.provider_id = p.id and ${STAFFED}) as staffed
          from clinician_invitations i
          join providers p on p.id = i.provider_id
          join provider_types pt on pt.id = p.provider_type_id
          left join users u on u.id = i.invited_by
         where ${dayIn(sql`i.created_at`, range, timeZone)} ${type} ${state}`,
  );
}

// ---- page views

export type PageViewDbRow = {
  id: number;
  page: string;
  day: string;
  visitor_hash: string;
  referrer_host: string | null;
  source: string | null;
  with_invitation: boolean;
  created_at: string | Date;
};

/** Every view of the days of `range` (of one page, when given). */
export function pageViews(
  ex: Executor,
  range: ReportPeriod,
  page: string | undefined,
): Promise<PageViewDbRow[]> {
  return queryRows<PageViewDbRow>(
    ex,
    sql`select id, page, day::text as day, visitor_hash, referrer_host, source, with_invitation, created_at
          from candidate_page_views
         where day between ${range.from}::date and ${range.to}::date
           ${page === undefined ? sql`` : sql`and page = ${page}`}`,
  );
}

export async function insertPageView(
  ex: Executor,
  view: {
    page: string;
    day: string;
    visitorHash: string;
    referrerHost: string | null;
    source: string | null;
    withInvitation: boolean;
  },
): Promise<void> {
  await ex.execute(
    sql`insert into candidate_page_views (page, day, visitor_hash, referrer_host, source, with_invitation)
        values (${view.page}, ${view.day}::date, ${view.visitorHash}, ${view.referrerHost}, ${view.source},
                ${view.withInvitation})`,
  );
}

export type RegistrationDbRow = {
  id: number;
  name: string;
  provider_type_name: string;
  onboard_step: string;
  registered_at: string | Date;
  invited: boolean;
};

/**
 * The clinicians who registered in `range`: a clinician's login (role 4) made on a day of the range, linked to
 * its clinician record; earliest first. Their count is the report's registrations.
 */
const REGISTRATIONS = (range: ReportPeriod, timeZone: string) =>
  sql`from users u join providers p on p.user_id = u.id
     where u.role_id = 4 and ${dayIn(sql`u.created_at`, range, timeZone)}`;

export async function registrationCount(
  ex: Executor,
  range: ReportPeriod,
  timeZone: string,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n ${REGISTRATIONS(range, timeZone)}`,
  );
  return Number(row?.n ?? 0);
}

export function registrations(
  ex: Executor,
  range: ReportPeriod,
  timeZone: string,
  page: { pageNumber: number; pageSize: number },
): Promise<RegistrationDbRow[]> {
  return queryRows<RegistrationDbRow>(
    ex,
    sql`select p.id, p.given_name || ' ' || p.family_name as name,
               (select pt.type from provider_types pt where pt.id = p.provider_type_id) as provider_type_name,
               p.onboard_step, u.created_at as registered_at,
               exists (select 1 from clinician_invitations i
                        where i.provider_id = p.id and i.accepted_at is not null) as invited
          ${REGISTRATIONS(range, timeZone)}
         order by u.created_at, p.id
         limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

/** Views older than the cut-off day are not kept (decision 058: 400 days). */
export async function prunePageViews(ex: Executor, before: string): Promise<void> {
  await ex.execute(sql`delete from candidate_page_views where day < ${before}::date`);
}

/** The page views' salt key: made by the first server that asks, kept in the database for every instance. */
export async function pageViewKey(ex: Executor, fresh: string): Promise<string> {
  await ex.execute(
    sql`insert into signing_keys (name, secret) values ('page-view-salt', ${fresh}) on conflict (name) do nothing`,
  );
  const [row] = await queryRows<{ secret: string }>(
    ex,
    sql`select secret from signing_keys where name = 'page-view-salt'`,
  );
  return row!.secret;
}
