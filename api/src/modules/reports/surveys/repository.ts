// Surveys in the database (decision 049): invitations (links stored as their hash, one per trigger), the recipients
// due an invitation, the answers, and the results' counts. Scale values and bands are read through the survey
// definitions' question ids and SURVEY_BANDS' bounds, so the counts and the drill-down use the same conditions.
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  CLINICIAN_SURVEY_AFTER_VISITS,
  ORGANIZATION_ROLE_IDS,
  ROLE,
  SURVEY_BANDS,
  SURVEY_KEYS,
  SURVEY_TOKEN_DAYS,
  surveyQuestionOf,
  type SurveyBand,
  type SurveyKey,
} from '@carelane/shared-domain';
import { idsParam, queryRows, type Executor } from '../../../db/client';
import { surveyInvitations, surveyResponses } from '../../../db/schema';

export type SurveyInvitationRow = typeof surveyInvitations.$inferSelect;

/** A recipient of an invitation: who, where it is sent, what it is about. */
export type SurveyRecipient = {
  survey: SurveyKey;
  user_id: number;
  first_name: string;
  email_id: string;
  referral_source_id: number | null;
  provider_type_id: number | null;
  trigger_key: string | null;
};

const ORGANIZATION_ROLES = idsParam([...ORGANIZATION_ROLE_IDS]);

/** The user as a recipient of `survey`, or null when they cannot answer it (inactive, or the wrong kind of user). */
export async function recipientOf(
  ex: Executor,
  survey: SurveyKey,
  userId: number,
): Promise<SurveyRecipient | null> {
  const rows = await queryRows<SurveyRecipient>(
    ex,
    survey === 'clinician'
      ? sql`select 'clinician' as survey, u.id as user_id, u.first_name, u.email_id, null::int as referral_source_id,
                   p.provider_type_id, null::text as trigger_key
              from users u join providers p on p.user_id = u.id
             where u.id = ${userId} and u.status = 'ACTIVE' and u.role_id = ${ROLE.CLINICIAN}
             order by p.id limit 1`
      : sql`select 'organization' as survey, u.id as user_id, u.first_name, u.email_id, u.referral_source_id,
                   null::int as provider_type_id, null::text as trigger_key
              from users u
             where u.id = ${userId} and u.status = 'ACTIVE' and u.referral_source_id is not null
               and u.role_id = any(${ORGANIZATION_ROLES})`,
  );
  return rows[0] ?? null;
}

/**
 * The recipients due an invitation (decision 049), at most `limit`, none already invited for the same trigger:
 * a clinician whose 5th checked-out visit was checked out in the last SURVEY_TOKEN_DAYS days (`visits:5`), and
 * for each service request Completed in that time its organization's contact user — the organization's first
 * active administrator, else its first active manager or user (`episode:<id>`).
 */
export async function dueRecipients(ex: Executor, now: Date, limit: number): Promise<SurveyRecipient[]> {
  const since = new Date(now.getTime() - SURVEY_TOKEN_DAYS * 86_400_000).toISOString();
  const nth = CLINICIAN_SURVEY_AFTER_VISITS;
  return queryRows<SurveyRecipient>(
    ex,
    sql`with recent as (
          select distinct v.provider_id from visits v
           where v.provider_id is not null and v.time_out >= ${since}::timestamptz
        ),
        checked_out as (
          select v.provider_id, v.time_out,
                 row_number() over (partition by v.provider_id order by v.time_out, v.id) as n
            from visits v join recent r on r.provider_id = v.provider_id
           where v.time_out is not null and not v.non_visit and v.status <> 'Deleted'
        ),
        clinicians as (
          select 'clinician'::text as survey, u.id as user_id, u.first_name, u.email_id,
                 null::int as referral_source_id, p.provider_type_id, ${`visits:${nth}`}::text as trigger_key
            from checked_out c
            join providers p on p.id = c.provider_id
            join users u on u.id = p.user_id and u.status = 'ACTIVE' and u.role_id = ${ROLE.CLINICIAN}
           where c.n = ${nth} and c.time_out >= ${since}::timestamptz and c.time_out <= ${now.toISOString()}::timestamptz
        ),
        organizations as (
          select 'organization'::text as survey, u.id as user_id, u.first_name, u.email_id,
                 e.referral_source_id, null::int as provider_type_id, 'episode:' || e.id as trigger_key
            from episodes e
            join lateral (
              select x.* from users x
               where x.referral_source_id = e.referral_source_id and x.status = 'ACTIVE'
                 and x.role_id = any(${ORGANIZATION_ROLES})
               order by case x.role_id when ${ROLE.ORGANIZATION_ADMINISTRATOR} then 0
                                       when ${ROLE.ORGANIZATION_MANAGER} then 1 else 2 end, x.id
               limit 1) u on true
           where e.status = 'Completed' and e.updated_at >= ${since}::timestamptz
        ),
        due as (select * from clinicians union all select * from organizations)
        select d.* from due d
         where not exists (select 1 from survey_invitations i
                            where i.survey = d.survey and i.user_id = d.user_id and i.trigger_key = d.trigger_key)
         order by d.survey, d.user_id, d.trigger_key
         limit ${limit}`,
  );
}

/**
 * Inserts invitations (their token hashes made by the caller); those whose trigger was already invited are left
 * out (the partial unique index), so a second run or a second instance sends nothing twice. Answers those inserted.
 */
export async function insertInvitations(
  tx: Executor,
  rows: (typeof surveyInvitations.$inferInsert)[],
): Promise<SurveyInvitationRow[]> {
  if (!rows.length) return [];
  return tx.insert(surveyInvitations).values(rows).onConflictDoNothing().returning();
}

export async function findInvitation(
  ex: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<SurveyInvitationRow | null> {
  const query = ex.select().from(surveyInvitations).where(eq(surveyInvitations.tokenHash, tokenHash));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function firstNameOf(ex: Executor, userId: number): Promise<string> {
  const [row] = await queryRows<{ first_name: string }>(
    ex,
    sql`select first_name from users where id = ${userId}`,
  );
  return row?.first_name ?? '';
}

export async function insertResponse(
  tx: Executor,
  values: typeof surveyResponses.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(surveyResponses).values(values).returning({ id: surveyResponses.id });
  return row!.id;
}

export async function markInvitationUsed(tx: Executor, id: number): Promise<void> {
  await tx
    .update(surveyInvitations)
    .set({ usedAt: sql`now()` })
    .where(eq(surveyInvitations.id, id));
}

// ---- results

/** The filters of the results: the surveys, the instants [start, end), the organizations and provider type. */
export type ResponseFilter = {
  surveys: readonly SurveyKey[];
  start: Date;
  end: Date;
  referralSourceIds?: readonly number[];
  providerTypeId?: number;
};

/** A scale question's value in `r.answers` (each survey's question of that kind, by its id). */
function scaleValue(kind: 'csat' | 'nps'): SQL {
  return sql`(case ${sql.join(
    SURVEY_KEYS.map(
      (key) => sql`when r.survey = ${key} then r.answers ->> ${surveyQuestionOf(key, kind).id}`,
    ),
    sql` `,
  )} end)::int`;
}

function commentValue(): SQL {
  return sql`(case ${sql.join(
    SURVEY_KEYS.map(
      (key) => sql`when r.survey = ${key} then r.answers ->> ${surveyQuestionOf(key, 'text').id}`,
    ),
    sql` `,
  )} end)`;
}

export function bandCondition(band: SurveyBand): SQL {
  const { kind, min, max } = SURVEY_BANDS[band];
  return sql`${scaleValue(kind)} between ${min} and ${max}`;
}

function filterCondition(f: ResponseFilter): SQL {
  const parts: SQL[] = [
    sql`r.survey = any(${`{${f.surveys.join(',')}}`}::text[])`,
    sql`r.created_at >= ${f.start.toISOString()}::timestamptz`,
    sql`r.created_at < ${f.end.toISOString()}::timestamptz`,
  ];
  if (f.referralSourceIds) parts.push(sql`r.referral_source_id = any(${idsParam(f.referralSourceIds)})`);
  if (f.providerTypeId !== undefined) parts.push(sql`r.provider_type_id = ${f.providerTypeId}`);
  return sql.join(parts, sql` and `);
}

const COUNTS = sql`count(*)::int as responses,
  count(*) filter (where ${scaleValue('csat')} is not null)::int as answered,
  count(*) filter (where ${bandCondition('satisfied')})::int as satisfied,
  count(*) filter (where ${bandCondition('promoter')})::int as promoters,
  count(*) filter (where ${bandCondition('passive')})::int as passives,
  count(*) filter (where ${bandCondition('detractor')})::int as detractors,
  count(*) filter (where coalesce(${commentValue()}, '') <> '')::int as comments`;

export type CountsRow = {
  survey: SurveyKey;
  responses: number;
  answered: number;
  satisfied: number;
  promoters: number;
  passives: number;
  detractors: number;
  comments: number;
};

/** Per survey, the counts of the answers given in `filter`'s instants. */
export function periodCounts(ex: Executor, filter: ResponseFilter): Promise<CountsRow[]> {
  return queryRows(
    ex,
    sql`select r.survey, ${COUNTS} from survey_responses r where ${filterCondition(filter)} group by r.survey`,
  );
}

/**
 * Per survey and week, the counts: week 0 ends on `lastDay` (the zone's calendar), week 1 the 7 days before, and
 * so on for SURVEY_TREND_WEEKS weeks (`filter` spans them).
 */
export function weekCounts(
  ex: Executor,
  filter: ResponseFilter,
  lastDay: string,
  zone: string,
): Promise<(CountsRow & { week: number })[]> {
  return queryRows(
    ex,
    sql`select r.survey, (${lastDay}::date - (r.created_at at time zone ${zone})::date) / 7 as week, ${COUNTS}
          from survey_responses r where ${filterCondition(filter)}
         group by 1, 2`,
  );
}

/** Per survey, scale question kind and value: the answers giving it. */
export function valueCounts(
  ex: Executor,
  filter: ResponseFilter,
): Promise<{ survey: SurveyKey; kind: 'csat' | 'nps'; value: number; n: number }[]> {
  return queryRows(
    ex,
    sql`select r.survey, 'csat' as kind, ${scaleValue('csat')} as value, count(*)::int as n
          from survey_responses r where ${filterCondition(filter)} and ${scaleValue('csat')} is not null group by 1, 3
        union all
        select r.survey, 'nps' as kind, ${scaleValue('nps')} as value, count(*)::int as n
          from survey_responses r where ${filterCondition(filter)} and ${scaleValue('nps')} is not null group by 1, 3`,
  );
}

/** What narrows the answers listed beyond the filter: a band, one value of a scale question, a comment. */
export type ResponseNarrowing = {
  band?: SurveyBand;
  scale?: { kind: 'csat' | 'nps'; value: number };
  commented?: boolean;
};

function listCondition(filter: ResponseFilter, narrow: ResponseNarrowing): SQL {
  const parts = [filterCondition(filter)];
  if (narrow.band) parts.push(bandCondition(narrow.band));
  if (narrow.scale) parts.push(sql`${scaleValue(narrow.scale.kind)} = ${narrow.scale.value}`);
  if (narrow.commented) parts.push(sql`coalesce(${commentValue()}, '') <> ''`);
  return sql.join(parts, sql` and `);
}

export type ResponseDbRow = {
  id: number;
  survey: SurveyKey;
  created_at: string | Date;
  respondent_name: string;
  organization_name: string | null;
  provider_type_name: string | null;
  satisfaction: number | null;
  recommend: number | null;
  comment: string | null;
};

const SORTS = {
  submittedAt: sql`r.created_at`,
  satisfaction: scaleValue('csat'),
  recommend: scaleValue('nps'),
} as const;

export function responsesPage(
  ex: Executor,
  filter: ResponseFilter,
  narrow: ResponseNarrowing,
  page: { pageNumber: number; pageSize: number; sort: keyof typeof SORTS; order: 'asc' | 'desc' },
): Promise<ResponseDbRow[]> {
  const dir = page.order === 'asc' ? sql`asc` : sql`desc`;
  return queryRows(
    ex,
    sql`select r.id, r.survey, r.created_at, u.first_name || ' ' || u.last_name as respondent_name,
               rs.name as organization_name, pt.type as provider_type_name,
               ${scaleValue('csat')} as satisfaction, ${scaleValue('nps')} as recommend,
               ${commentValue()} as comment
          from survey_responses r
          join users u on u.id = r.user_id
          left join referral_sources rs on rs.id = r.referral_source_id
          left join provider_types pt on pt.id = r.provider_type_id
         where ${listCondition(filter, narrow)}
         order by ${SORTS[page.sort]} ${dir} nulls last, r.id ${dir}
         limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
}

export async function countResponses(
  ex: Executor,
  filter: ResponseFilter,
  narrow: ResponseNarrowing,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from survey_responses r where ${listCondition(filter, narrow)}`,
  );
  return Number(row?.n ?? 0);
}
