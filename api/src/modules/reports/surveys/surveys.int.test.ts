// Surveys through the API on both databases (issue 26, decision 049): staff send a survey, the emailed link answers
// it once and the answer is counted in the results; a used, expired or forged link and an answer out of range are
// refused with nothing written; the results' figures equal the answers behind them; who may read and send; the
// job invites after its triggers, once.
import type { PublicSurvey, SurveyResponses, SurveySummary } from '@carelane/shared-domain';
import { csatScore, npsScore } from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';
import { runSurveyInvitationJob } from './job';

type Problem = { errors: { field: string; message: string }[]; error?: string };
const TYPE = 931;

describeEachDatabase('surveys', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let clinicianUserId = 0;
  let orgUserId = 0;
  let org = 0;
  let otherOrg = 0;

  const userId = async (email: string) =>
    (await s().sql<{ id: number }>('select id from users where email_id = $1', [email]))[0]!.id;

  /** Staff send `survey` to `user`; the token of the link as delivered (the outbox's copy masks it). */
  async function send(survey: 'clinician' | 'organization', user: number): Promise<string> {
    const res = await s().request<{ id: number; sentTo: string }>('POST', '/api/admin/surveys/invitations', {
      token: admin,
      body: { survey, userId: user },
    });
    expect(res.status).toBe(201);
    const [secret] = await s().sql<{ body: string }>(
      `select x.body from outbox o join outbox_secrets x on x.outbox_id = o.id where o.dedupe_key = $1`,
      [`surveyInvitation:${res.body.id}`],
    );
    const match = new RegExp(`/survey/${survey}\\?token=([\\w-]+)`).exec(secret!.body);
    expect(match).not.toBeNull();
    return decodeURIComponent(match![1]!);
  }

  const answer = (token: string, answers: Record<string, unknown>) =>
    s().request<Problem & { message: string }>('POST', `/api/public/surveys/${token}`, { body: { answers } });
  const responsesOf = async (token: string) =>
    Number(
      (
        await s().sql<{ n: number }>(
          `select count(*)::int as n from survey_responses r join survey_invitations i on i.id = r.invitation_id
            where i.token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
          [token],
        )
      )[0]!.n,
    );
  const summary = (query: string, token = admin) =>
    s().request<SurveySummary>('GET', `/api/admin/reports/surveys/summary?${query}`, { token });
  const responses = (query: string, token = admin) =>
    s().request<SurveyResponses>('GET', `/api/admin/reports/surveys/responses?${query}`, { token });

  beforeAll(async () => {
    admin = await s().login('admin@carelane.local');
    [coordinator, clinician, orgUser] = await s().loginAs('coordinator', 'clinician', 'orgUser');
    clinicianUserId = await userId('clinician@carelane.local');
    orgUserId = await userId('orguser@carelane.local');
    org = (
      await s().sql<{ id: number }>('select referral_source_id as id from users where id = $1', [orgUserId])
    )[0]!.id;
    otherOrg = (
      await s().sql<{ id: number }>('select min(id) as id from referral_sources where id <> $1', [org])
    )[0]!.id;
    // The demo clinician gets a provider type of this test's own, so the filter isolates these answers.
    await s().ownerSql(`insert into provider_types (id, type) values ($1, 'Survey RN')`, [TYPE]);
    await s().sql('update providers set provider_type_id = $1 where user_id = $2', [TYPE, clinicianUserId]);
  });

  it('shows only what the link grants, takes the answer once, and counts it in the results', async () => {
    const token = await send('clinician', clinicianUserId);
    const shown = await s().request<PublicSurvey>('GET', `/api/public/surveys/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.survey).toBe('clinician');
    expect(shown.body.questions.map((q) => [q.id, q.kind])).toEqual([
      ['satisfaction', 'csat'],
      ['recommend', 'nps'],
      ['comment', 'text'],
    ]);
    expect(Object.keys(shown.body).sort()).toEqual([
      'expiresAt',
      'firstName',
      'questions',
      'survey',
      'title',
    ]);
    const before = await summary(`survey=clinician&providerTypeId=${TYPE}`);
    expect(before.body.surveys[0]!.current.responses).toBe(0);

    const sent = await answer(token, { satisfaction: 5, recommend: 10, comment: 'Great coordinators.' });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Thank you. Your answers were received.');

    const after = await summary(`survey=clinician&providerTypeId=${TYPE}`);
    expect(after.status).toBe(200);
    expect(after.body.period).toEqual({ from: orgDay(-6), to: orgDay(0) });
    expect(after.body.surveys[0]!.current).toEqual({
      responses: 1,
      answered: 1,
      satisfied: 1,
      promoters: 1,
      passives: 0,
      detractors: 0,
      comments: 1,
    });
    expect(after.body.surveys[0]!.trend.at(-1)).toMatchObject({ to: orgDay(0), responses: 1 });
  });

  it('refuses a used, expired, forged link and an answer out of range, writing nothing', async () => {
    const used = await send('clinician', clinicianUserId);
    expect((await answer(used, { satisfaction: 4, recommend: 8 })).status).toBe(201);
    const again = await answer(used, { satisfaction: 1, recommend: 0 });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('This survey link has already been used.');
    expect((await s().request('GET', `/api/public/surveys/${used}`)).status).toBe(410);
    expect(await responsesOf(used)).toBe(1);

    const expired = await send('clinician', clinicianUserId);
    await s().sql(
      `update survey_invitations set expires_at = now() - interval '1 second'
        where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [expired],
    );
    const late = await answer(expired, { satisfaction: 4, recommend: 8 });
    expect(late.status).toBe(410);
    expect(late.body.error).toBe('This survey link has expired.');
    expect(await responsesOf(expired)).toBe(0);

    const forged = 'x'.repeat(43);
    expect((await s().request('GET', `/api/public/surveys/${forged}`)).status).toBe(404);
    const unknown = await answer(forged, { satisfaction: 4, recommend: 8 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('This survey link is not valid.');

    const open = await send('clinician', clinicianUserId);
    const high = await answer(open, { satisfaction: 6, recommend: 8 });
    expect(high.status).toBe(400);
    expect(high.body.errors).toEqual([
      { field: 'answers.satisfaction', message: 'must be a whole number from 1 to 5' },
    ]);
    const npsHigh = await answer(open, { satisfaction: 3, recommend: 11 });
    expect(npsHigh.body.errors.map((e) => e.field)).toEqual(['answers.recommend']);
    const missing = await answer(open, { satisfaction: 3 });
    expect(missing.body.errors.map((e) => e.field)).toEqual(['answers.recommend']);
    expect(await responsesOf(open)).toBe(0);
    // Still open after the refusals.
    expect((await answer(open, { satisfaction: 2, recommend: 3 })).status).toBe(201);
  });

  it("gives figures whose drill-downs' totals equal them", async () => {
    const res = await summary(`survey=clinician&providerTypeId=${TYPE}`);
    const current = res.body.surveys[0]!.current;
    // Answers so far: (5, 10, comment), (4, 8), (2, 3).
    expect(current).toMatchObject({ responses: 3, answered: 3, satisfied: 2, promoters: 1, passives: 1 });
    expect(csatScore(current)).toBe(66.7);
    expect(npsScore(current)).toBe(0);
    const base = `survey=clinician&providerTypeId=${TYPE}`;
    const total = async (query: string) => (await responses(`${base}&${query}`)).body.paging.totalCount;
    expect(await total('')).toBe(current.responses);
    expect(await total('band=satisfied')).toBe(current.satisfied);
    expect(await total('band=promoter')).toBe(current.promoters);
    expect(await total('band=passive')).toBe(current.passives);
    expect(await total('band=detractor')).toBe(current.detractors);
    expect(await total('commented=true')).toBe(current.comments);
    for (const question of res.body.surveys[0]!.distribution)
      for (const { value, count } of question.values)
        if (count > 0) expect(await total(`questionId=${question.questionId}&value=${value}`)).toBe(count);
    const listed = await responses(`${base}&sort=satisfaction&order=desc`);
    expect(listed.body.rows.map((r) => [r.satisfaction, r.recommend, r.providerTypeName])).toEqual([
      [5, 10, 'Survey RN'],
      [4, 8, 'Survey RN'],
      [2, 3, 'Survey RN'],
    ]);
    expect(listed.body.rows[0]!.comment).toBe('Great coordinators.');
    // The prior period has none of them.
    expect((await responses(`${base}&period=prior`)).body.paging.totalCount).toBe(0);
    expect(res.body.surveys[0]!.prior.responses).toBe(0);
    const bad = await s().request<Problem>(
      'GET',
      `/api/admin/reports/surveys/responses?${base}&questionId=comment&value=1`,
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]!.field).toBe('questionId');
  });

  it("sends the organization survey to an organization's user and filters the results by organization", async () => {
    const token = await send('organization', orgUserId);
    expect((await answer(token, { satisfaction: 4, recommend: 9 })).status).toBe(201);
    const res = await summary(`referralSourceId=${org}`);
    expect(res.body.surveys.map((x) => [x.survey, x.current.responses, x.current.promoters])).toEqual([
      ['clinician', 0, 0],
      ['organization', 1, 1],
    ]);
    const rows = await responses(`survey=organization&referralSourceId=${org}`);
    expect(rows.body.rows.map((r) => [r.recommend, r.organizationName !== null])).toEqual([[9, true]]);
    expect(
      (await summary(`referralSourceId=${otherOrg}&survey=organization`)).body.surveys[0]!.current.responses,
    ).toBe(0);
  });

  it('refuses to send a survey to the wrong kind of user, and refuses callers without the reports page', async () => {
    const wrong = await s().request<Problem>('POST', '/api/admin/surveys/invitations', {
      token: admin,
      body: { survey: 'clinician', userId: orgUserId },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]!.field).toBe('userId');
    const before = await s().sql<{ n: number }>('select count(*)::int as n from survey_invitations');
    for (const token of [clinician, orgUser]) {
      const res = await s().request('POST', '/api/admin/surveys/invitations', {
        token,
        body: { survey: 'clinician', userId: clinicianUserId },
      });
      expect(res.status).toBe(403);
    }
    expect(await s().sql('select count(*)::int as n from survey_invitations')).toEqual(before);
    expect((await summary('', clinician)).status).toBe(403);
    expect((await summary('', orgUser)).status).toBe(403);
    expect((await summary(`referralSourceId=${otherOrg}`, orgUser)).status).toBe(403);
    expect((await responses(`referralSourceId=${otherOrg}`, orgUser)).status).toBe(403);
    // A coordinator (a staffing role) may send and read.
    expect((await summary('', coordinator)).status).toBe(200);
    const long = await s().request<Problem>(
      'GET',
      `/api/admin/reports/surveys/summary?from=${orgDay(-366)}&to=${orgDay(0)}`,
      { token: admin },
    );
    expect(long.status).toBe(400);
    expect(long.body.errors[0]!.field).toBe('to');
  });

  it("invites after a service request is completed and after a clinician's 5th checked-out visit, once", async () => {
    const db = s().services.db;
    const url = s().services.config.publicUrl;
    // Whatever the demo data makes due first.
    await runSurveyInvitationJob(db, url);
    const [episode] = await s().sql<{ id: number }>(
      `update episodes set status = 'Completed', updated_at = now()
        where id = (select min(id) from episodes where referral_source_id = $1 and status <> 'Completed')
        returning id`,
      [org],
    );
    // A new clinician with five visits checked out today.
    const [user] = await s().sql<{ id: number }>(
      `insert into users (email_id, first_name, last_name, role_id) values ('five.visits@carelane.local', 'Fay', 'Five', 4)
       returning id`,
    );
    const [provider] = await s().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, user_id) values ('Fay', 'Five', $1, $2)
       returning id`,
      [TYPE, user!.id],
    );
    const [refs] = await s().sql<{ episode: number; patient: number; visit_type: number; rs: number }>(
      `select e.id as episode, e.patient_id as patient, e.referral_source_id as rs,
              (select min(id) from visit_types) as visit_type
         from episodes e where e.patient_id is not null order by e.id limit 1`,
    );
    const addVisits = (n: number) =>
      s().sql(
        `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id, provider_id,
           date_of_service, start_at, end_at, time_zone, status, time_in, time_out)
         select $1, $2, $3, $4, $5, $6, $7::date, now() - interval '3 hours', now() - interval '2 hours',
                'America/Chicago', 'NotesDue', now() - interval '3 hours', now() - interval '2 hours' - g * interval '1 minute'
           from generate_series(1, $8::int) g`,
        [refs!.episode, refs!.rs, refs!.patient, refs!.visit_type, TYPE, provider!.id, orgDay(0), n],
      );
    await addVisits(4);
    const first = await runSurveyInvitationJob(db, url);
    expect(first.skipped).toBe(false);
    const invited = (trigger: string, who: number | null) =>
      s().sql<{ survey: string; user_id: number; referral_source_id: number | null }>(
        `select survey, user_id, referral_source_id from survey_invitations
          where trigger_key = $1 and ($2::int is null or user_id = $3::int)`,
        [trigger, who, who],
      );
    expect(await invited(`episode:${episode!.id}`, null)).toEqual([
      expect.objectContaining({ survey: 'organization', referral_source_id: org }),
    ]);
    expect(await invited('visits:5', user!.id)).toEqual([]);
    await addVisits(1);
    expect((await runSurveyInvitationJob(db, url)).invited).toBe(1);
    expect(await invited('visits:5', user!.id)).toEqual([expect.objectContaining({ survey: 'clinician' })]);
    const [mail] = await s().sql<{ to: string; body: string }>(
      `select o."to", o.body from outbox o join survey_invitations i on o.dedupe_key = 'surveyInvitation:' || i.id
        where i.user_id = $1`,
      [user!.id],
    );
    expect(mail!.to).toBe('five.visits@carelane.local');
    expect(mail!.body).toContain('/survey/clinician?token=•••');
    // Nothing is sent twice.
    expect((await runSurveyInvitationJob(db, url)).invited).toBe(0);
    await addVisits(3);
    expect((await runSurveyInvitationJob(db, url)).invited).toBe(0);
  });
});
