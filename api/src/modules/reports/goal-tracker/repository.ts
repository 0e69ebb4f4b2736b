// /goalTracker's reads (decision 056): the notes of the period with their goal builder values and their visits, and
// the names of the patients and clinicians the figures are for. Notes are found through their visits' date of
// service (visits' own date indexes) and the unique note per visit.
import { sql } from 'drizzle-orm';
import { idsParam, queryRows, type Executor } from '../../../db/client';

export type GoalNoteDbRow = {
  note_id: number;
  visit_id: number;
  episode_id: number;
  patient_id: number | null;
  provider_id: number | null;
  provider_type_id: number | null;
  date_of_service: string;
  start_at: string | Date;
  goals: unknown;
  goals_met: unknown;
};

/** Every note of a visit dated in the period (of one organization, when given) that has goals or a verdict. */
export function goalNotes(
  ex: Executor,
  period: { from: string; to: string },
  referralSourceId: number | undefined,
): Promise<GoalNoteDbRow[]> {
  const org = referralSourceId === undefined ? sql`` : sql`and v.referral_source_id = ${referralSourceId}`;
  return queryRows<GoalNoteDbRow>(
    ex,
    sql`select n.id as note_id, v.id as visit_id, v.episode_id, v.patient_id, v.provider_id, v.provider_type_id,
               v.date_of_service::text as date_of_service, v.start_at,
               n.values -> 'goals' as goals, n.values -> 'goalsMet' as goals_met
          from visits v join notes n on n.visit_id = v.id
         where v.date_of_service between ${period.from}::date and ${period.to}::date ${org}
           and (n.values -> 'goals' is not null or n.values -> 'goalsMet' is not null)`,
  );
}

export type NameRow = { id: number; name: string };

/** The names of patients or clinicians by id. */
export function groupNames(
  ex: Executor,
  groupBy: 'patient' | 'clinician',
  ids: readonly number[],
): Promise<NameRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return groupBy === 'patient'
    ? queryRows<NameRow>(
        ex,
        sql`select id, first_name || ' ' || last_name as name from patients where id = any(${idsParam(ids)})`,
      )
    : queryRows<NameRow>(
        ex,
        sql`select id, given_name || ' ' || family_name as name from providers where id = any(${idsParam(ids)})`,
      );
}
