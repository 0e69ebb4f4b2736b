// Migration 0026 on a database where a visit was rated twice (decision 037): the visit keeps its first rating,
// the clinician's average patient rating is of the ratings kept, and the unique index then refuses a second one.
import fs from 'node:fs';
import path from 'node:path';
import { databaseFailure } from '../../../lib/errors';
import { describeEachDatabase } from '../../../test/harness';
import {
  freshPoint,
  makeEpisode,
  makeOrganization,
  makeProvider,
  makeVisit,
} from '../../scheduling/matching/test-fixtures';

/** The statements of migration 0026 that make a visit's rating unique. */
const ratingStatements = fs
  .readFileSync(path.join(__dirname, '../../../../migrations/0026_clinicians_trust.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => statement.includes('clinician_feedback'));

describeEachDatabase('one rating per visit (migration 0026)', (server) => {
  it('keeps the first rating of a visit rated twice and recomputes the average of the ratings kept', async () => {
    const s = server();
    expect(ratingStatements).toHaveLength(3);
    const rsId = await makeOrganization(s);
    const point = freshPoint();
    const episode = await makeEpisode(s, rsId);
    const providerId = await makeProvider(s, { point });
    const twice = await makeVisit(s, { rsId, ...episode, point, status: 'NotesDue', providerId });
    const once = await makeVisit(s, {
      rsId,
      ...episode,
      point,
      status: 'NotesDue',
      providerId,
      date: '2030-06-05',
    });
    await s.ownerSql('drop index clinician_feedback_visit_key');
    const rate = async (visitId: number, rating: number) => {
      const [token] = await s.sql<{ id: number }>(
        `insert into clinician_feedback_tokens (token_hash, visit_id, provider_id, expires_at, used_at)
         values ($1, $2, $3, now(), now()) returning id`,
        [`zz-rating-${visitId}-${rating}-${Date.now()}`, visitId, providerId],
      );
      await s.sql(
        'insert into clinician_feedback (token_id, visit_id, provider_id, rating) values ($1, $2, $3, $4)',
        [token!.id, visitId, providerId, rating],
      );
    };
    await rate(twice, 5);
    await rate(twice, 1);
    await rate(once, 4);
    await s.sql(`update providers set rating_details = '{"avgPatientRating": 3.33}'::jsonb where id = $1`, [
      providerId,
    ]);

    for (const statement of ratingStatements) await s.ownerSql(statement);

    const kept = await s.sql<{ visit_id: number; rating: number }>(
      'select visit_id, rating from clinician_feedback where provider_id = $1 order by visit_id',
      [providerId],
    );
    expect(kept.map((r) => [r.visit_id, r.rating])).toEqual([
      [twice, 5],
      [once, 4],
    ]);
    const [provider] = await s.sql<{ rating_details: Record<string, number> }>(
      'select rating_details from providers where id = $1',
      [providerId],
    );
    expect(provider!.rating_details.avgPatientRating).toBe(4.5);
    const third = await s
      .sql(
        `insert into clinician_feedback (token_id, visit_id, provider_id, rating)
         select id, visit_id, provider_id, 2 from clinician_feedback_tokens
          where visit_id = $1 and id not in (select token_id from clinician_feedback) limit 1`,
        [twice],
      )
      .then(
        () => null,
        (error: unknown) => databaseFailure(error),
      );
    expect(third).toMatchObject({ code: '23505', constraint: 'clinician_feedback_visit_key' });
  });
});
