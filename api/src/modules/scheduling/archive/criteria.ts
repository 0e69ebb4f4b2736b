import { sql, type SQL } from 'drizzle-orm';

/**
 * What /archiveOldData archives (docs/decisions/010-organizations-physicians-contacts-groups-archive.md):
 * - an episode that is not active (nor already archived or deleted), started before the day, with no
 *   visit (other than a deleted one) on or after the day;
 * - an active patient created before the day with no active episode: every episode of theirs is archived,
 *   deleted, or archived by the same run.
 * One definition serves the preview count and the run, so the confirmed count is what gets archived.
 */
export function episodeToArchive(alias: string, olderThan: string): SQL {
  const e = sql.raw(alias);
  return sql`${e}.status not in ('Active', 'Archived', 'Deleted')
    and ${e}.start_date < ${olderThan}::date
    and not exists (
      select 1 from visits v
      where v.episode_id = ${e}.id and v.status <> 'Deleted' and v.date_of_service >= ${olderThan}::date
    )`;
}

export function patientToArchive(alias: string, olderThan: string): SQL {
  const p = sql.raw(alias);
  return sql`${p}.status = 'ACTIVE'
    and ${p}.created_at < ${olderThan}::date
    and not exists (
      select 1 from episodes pe
      where pe.patient_id = ${p}.id
        and pe.status not in ('Archived', 'Deleted')
        and not (${episodeToArchive('pe', olderThan)})
    )`;
}
