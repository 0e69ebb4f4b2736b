// Orientations through the API: staff list them, administrators and clinician managers write them (stale
// version 409, sections and questions in index order), staff assign them and performance evaluations, and the
// demo clinician walks the seeded "Welcome to Carelane" and takes its quiz, scored on the server (failed below
// the mark, passed at it) without ever receiving the right answers. Every refusal, and bad input naming its field.
import type {
  ApiError,
  ClinicianOrientation,
  ClinicianOrientationList,
  Orientation,
} from '@carelane/shared-domain';
import { DEMO_ROLES, DEMO_USERS, describeEachDatabase } from '../../../test/harness';
import { providerIdOf } from '../../../test/identity-helpers';

const body = {
  title: 'Wound care basics',
  description: 'Dressings and infection signs.',
  providerTypeIds: [1, 2],
  required: false,
  passMark: 50,
  sections: [
    { index: 2, title: 'Infection signs', text: 'Redness, heat, swelling.', videoUrl: null },
    { index: 0, title: 'Hand hygiene', text: 'Wash first.', videoUrl: 'https://videos.example/hands' },
    { index: 1, title: 'Dressings', text: 'Clean to dirty.' },
  ],
  questions: [
    {
      index: 1,
      question: 'Which way do you clean?',
      options: ['Dirty to clean', 'Clean to dirty'],
      correctOption: 1,
    },
    {
      index: 0,
      question: 'What comes first?',
      options: ['Gloves', 'Hand hygiene', 'Dressing'],
      correctOption: 1,
    },
  ],
};

describeEachDatabase('orientations', (server) => {
  let admin = '';
  let manager = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let ownId = 0;
  let otherId = 0;
  let welcomeId = 0;

  beforeAll(async () => {
    const s = server();
    [admin, manager, coordinator, clinician, orgUser] = await s.loginAs(...DEMO_ROLES);
    ownId = await providerIdOf(s, DEMO_USERS.clinician);
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 and provider_type_id = 1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    const [welcome] = await s.sql<{ id: number }>(
      `select id from orientations where title = 'Welcome to Carelane'`,
    );
    welcomeId = welcome!.id;
  });

  const request = <T = unknown>(method: string, path: string, token: string, payload?: unknown) =>
    server().request<T & ApiError>(method, path, { token, body: payload });
  const theirs = (providerId: number, rest = '') =>
    `/api/operation/providers/${providerId}/orientations${rest}`;
  const count = async (table: string) =>
    (await server().sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  it('lists orientations to staff with a paging block; the seeded welcome is required of every type', async () => {
    const res = await request<{
      rows: { title: string; providerTypeIds: number[] }[];
      paging: { totalCount: number };
    }>('GET', '/api/admin/orientations?search=welcome', coordinator);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        title: 'Welcome to Carelane',
        required: true,
        passMark: 67,
        sectionCount: 3,
        questionCount: 3,
        providerTypeIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      }),
    ]);
    expect((res.body.rows[0] as unknown as { passedCount: number }).passedCount).toBeGreaterThan(20);
    expect(res.body.paging).toMatchObject({ pageNumber: 1, pageSize: 10, totalCount: 1 });
  });

  it('creates and edits an orientation in index order; a stale version is refused with 409', async () => {
    expect((await request('POST', '/api/admin/orientations', coordinator, body)).status).toBe(403);
    const created = await request<Orientation>('POST', '/api/admin/orientations', manager, body);
    expect(created.status).toBe(201);
    expect(created.body.sections.map((s) => [s.index, s.title])).toEqual([
      [0, 'Hand hygiene'],
      [1, 'Dressings'],
      [2, 'Infection signs'],
    ]);
    expect(created.body.questions.map((q) => q.question)).toEqual([
      'What comes first?',
      'Which way do you clean?',
    ]);
    expect(created.body).toMatchObject({
      version: 0,
      active: true,
      passMark: 50,
      sections: expect.any(Array),
    });
    const [hands, dressings] = created.body.sections;
    const edit = (version: number) =>
      request<Orientation>('PUT', `/api/admin/orientations/${created.body.id}`, admin, {
        ...body,
        passMark: 100,
        // Dressings first now; hand hygiene kept (its id), infection signs dropped, a new section last.
        sections: [
          { id: dressings!.id, index: 0, title: 'Dressings', text: 'Clean to dirty.' },
          { id: hands!.id, index: 1, title: 'Hand hygiene', text: 'Wash first.' },
          { index: 2, title: 'Documenting', text: 'Photos and measurements.' },
        ],
        version,
      });
    const changed = await edit(0);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ version: 1, passMark: 100 });
    expect(changed.body.sections.map((s) => [s.id, s.title])).toEqual([
      [dressings!.id, 'Dressings'],
      [hands!.id, 'Hand hygiene'],
      [expect.any(Number), 'Documenting'],
    ]);
    const stale = await edit(0);
    expect([stale.status, stale.body.code]).toEqual([409, 'STALE_VERSION']);
    const read = await request<Orientation>('GET', `/api/admin/orientations/${created.body.id}`, coordinator);
    expect([read.body.version, read.body.sections.length]).toEqual([1, 3]);
    const audit = await server().sql<{ action: string }>(
      `select action from audit_log where entity = 'orientation' and entity_id = $1 order by id`,
      [String(created.body.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await count('orientations');
    const field = async (payload: unknown) => {
      const res = await request('POST', '/api/admin/orientations', manager, payload);
      return [res.status, res.body.errors?.[0]?.field];
    };
    const [s0, s1, s2] = body.sections;
    expect(await field({ ...body, sections: [s0, { ...s1, index: 2 }, s2] })).toEqual([
      400,
      'sections.1.index',
    ]);
    expect(
      await field({ ...body, questions: [{ ...body.questions[0], correctOption: 2 }, body.questions[1]] }),
    ).toEqual([400, 'questions.0.correctOption']);
    expect(await field({ ...body, sections: [{ ...s0, videoUrl: 'javascript:alert(1)' }] })).toEqual([
      400,
      'sections.0.videoUrl',
    ]);
    expect(await field({ ...body, passMark: 101 })).toEqual([400, 'passMark']);
    expect(await field({ ...body, title: ' ' })).toEqual([400, 'title']);
    expect(await field({ ...body, questions: [] })).toEqual([400, 'questions']);
    expect(await count('orientations')).toBe(before);
  });

  it('gives the clinician their orientations and the quiz without its answers', async () => {
    const mine = await request<ClinicianOrientationList>('GET', '/api/operation/myOrientations', clinician);
    expect(mine.status).toBe(200);
    expect(mine.body.providerId).toBe(ownId);
    expect(mine.body.rows.find((r) => r.orientationId === welcomeId)).toMatchObject({
      required: true,
      status: 'NotStarted',
      sectionCount: 3,
      sectionsViewed: 0,
      passedAt: null,
    });
    expect(mine.body.complete).toBe(false);
    const take = await server().request('GET', theirs(ownId, `/${welcomeId}`), { token: clinician });
    expect(take.status).toBe(200);
    expect(take.body.questions).toHaveLength(3);
    expect(JSON.stringify(take.body)).not.toContain('correctOption');
    expect(take.body.sections.map((s: { index: number }) => s.index)).toEqual([0, 1, 2]);
  });

  it('scores the quiz on the server: sections first, failed below the pass mark, passed at it', async () => {
    const take = (await request<ClinicianOrientation>('GET', theirs(ownId, `/${welcomeId}`), clinician)).body;
    const right = [0, 1, 2];
    const answers = (rightCount: number) =>
      take.questions.map((q, i) => ({
        questionId: q.id,
        option: i < rightCount ? right[i]! : (right[i]! + 1) % 3,
      }));
    const quiz = (payload: unknown) =>
      request<{ score: number; passed: boolean; attempts: number; passedAt: string | null }>(
        'POST',
        theirs(ownId, `/${welcomeId}/quiz`),
        clinician,
        payload,
      );
    const early = await quiz({ answers: answers(3) });
    expect([early.status, early.body.error]).toEqual([409, 'Read every section before taking the quiz.']);
    for (const section of take.sections) {
      const viewed = await request<ClinicianOrientation>(
        'POST',
        theirs(ownId, `/${welcomeId}/sections/${section.id}/viewed`),
        clinician,
      );
      expect(viewed.status).toBe(200);
    }
    const walked = (await request<ClinicianOrientation>('GET', theirs(ownId, `/${welcomeId}`), clinician))
      .body;
    expect([walked.status, walked.sections.every((s) => s.viewed)]).toEqual(['InProgress', true]);

    const missing = await quiz({ answers: answers(3).slice(1) });
    expect([missing.status, missing.body.errors?.[0]?.field]).toEqual([400, 'answers']);
    const failed = await quiz({ answers: answers(1) });
    expect(failed.body).toMatchObject({ score: 33, passed: false, attempts: 1, passedAt: null });
    const passed = await quiz({ answers: answers(2) });
    expect(passed.body).toMatchObject({ score: 67, passed: true, attempts: 2 });
    expect(passed.body.passedAt).toEqual(expect.any(String));
    const mine = await request<ClinicianOrientationList>('GET', '/api/operation/myOrientations', clinician);
    expect(mine.body.rows.find((r) => r.orientationId === welcomeId)).toMatchObject({
      status: 'Passed',
      lastScore: 67,
      attempts: 2,
    });
    expect(mine.body.complete).toBe(true);
    const attempts = await server().sql<{ score: number; passed: boolean }>(
      `select score, passed from orientation_quiz_attempts where provider_id = $1 order by id`,
      [ownId],
    );
    expect(attempts).toEqual([
      { score: 33, passed: false },
      { score: 67, passed: true },
    ]);
  });

  it('lets staff assign an orientation or a performance evaluation; the clinician then has it', async () => {
    const [created] = await server().sql<{ id: number }>(
      `select id from orientations where title = 'Wound care basics'`,
    );
    const assign = (token: string, providerId: number, payload: unknown) =>
      request<{ id: number; kind: string; orientationTitle: string | null; assignedByName: string }>(
        'POST',
        `/api/admin/providers/${providerId}/assignments`,
        token,
        payload,
      );
    const res = await assign(coordinator, ownId, {
      kind: 'Orientation',
      orientationId: created!.id,
      dueOn: '2030-01-31',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'Orientation',
      orientationTitle: 'Wound care basics',
      dueOn: '2030-01-31',
    });
    const evaluation = await assign(manager, ownId, {
      kind: 'PerformanceEvaluation',
      note: 'Six-month review',
    });
    expect(evaluation.status).toBe(201);
    const bad = await assign(manager, ownId, { kind: 'PerformanceEvaluation', orientationId: created!.id });
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'orientationId']);
    const none = await assign(manager, ownId, { kind: 'Orientation' });
    expect([none.status, none.body.errors?.[0]?.field]).toEqual([400, 'orientationId']);
    const unknown = await assign(manager, ownId, { kind: 'Orientation', orientationId: 2_000_000 });
    expect([unknown.status, unknown.body.errors?.[0]?.field]).toEqual([400, 'orientationId']);

    const mine = await request<ClinicianOrientationList>('GET', '/api/operation/myOrientations', clinician);
    expect(mine.body.rows.find((r) => r.orientationId === created!.id)).toMatchObject({
      assigned: true,
      required: false,
      dueOn: '2030-01-31',
      status: 'NotStarted',
    });
    expect(mine.body.evaluations).toEqual([
      expect.objectContaining({
        kind: 'PerformanceEvaluation',
        note: 'Six-month review',
        orientationId: null,
      }),
    ]);
    // An assigned orientation not yet passed is required before Done too.
    expect(mine.body.complete).toBe(false);
    const staffView = await request<ClinicianOrientationList>('GET', theirs(ownId), coordinator);
    expect(staffView.body.rows.map((r) => r.orientationId)).toEqual(
      mine.body.rows.map((r) => r.orientationId),
    );
  });

  it('refuses organization users, clinicians on staff routes and on other clinicians, and staff taking a quiz', async () => {
    const refused = async (token: string, method: string, path: string, payload?: unknown) =>
      (await request(method, path, token, payload)).status;
    // Organization user: no orientation route at all.
    expect(await refused(orgUser, 'GET', '/api/admin/orientations')).toBe(403);
    expect(await refused(orgUser, 'POST', '/api/admin/orientations', body)).toBe(403);
    expect(await refused(orgUser, 'GET', '/api/operation/myOrientations')).toBe(403);
    expect(await refused(orgUser, 'GET', theirs(ownId))).toBe(403);
    // Clinician on the staff routes.
    expect(await refused(clinician, 'GET', '/api/admin/orientations')).toBe(403);
    expect(await refused(clinician, 'GET', `/api/admin/orientations/${welcomeId}`)).toBe(403);
    expect(await refused(clinician, 'POST', '/api/admin/orientations', body)).toBe(403);
    expect(
      await refused(clinician, 'POST', `/api/admin/providers/${ownId}/assignments`, {
        kind: 'PerformanceEvaluation',
      }),
    ).toBe(403);
    // Clinician on another clinician's progress.
    expect(await refused(clinician, 'GET', theirs(otherId))).toBe(403);
    expect(await refused(clinician, 'GET', theirs(otherId, `/${welcomeId}`))).toBe(403);
    const sections = await server().sql<{ id: number }>(
      `select id from orientation_sections where orientation_id = $1 order by index`,
      [welcomeId],
    );
    expect(
      await refused(clinician, 'POST', theirs(otherId, `/${welcomeId}/sections/${sections[0]!.id}/viewed`)),
    ).toBe(403);
    expect(
      await refused(clinician, 'POST', theirs(otherId, `/${welcomeId}/quiz`), {
        answers: [{ questionId: 1, option: 0 }],
      }),
    ).toBe(403);
    // Staff may look at a clinician's orientations, not take them: the coordinator lacks myVisits; the
    // administrator holds it, but the clinician is not them.
    expect(await refused(coordinator, 'GET', theirs(otherId, `/${welcomeId}`))).toBe(200);
    expect(
      await refused(coordinator, 'POST', theirs(otherId, `/${welcomeId}/sections/${sections[0]!.id}/viewed`)),
    ).toBe(403);
    expect(
      await refused(admin, 'POST', theirs(otherId, `/${welcomeId}/sections/${sections[0]!.id}/viewed`)),
    ).toBe(403);
    expect(await refused(admin, 'GET', '/api/operation/myOrientations')).toBe(404);
  });
});
