// My Activity through the API on both databases (issue 26, decision 048): each role's kinds, the three windows
// (items placed just inside and just outside each window's start as the API reports it, so the test holds on any
// day and at any hour), counts equal to the items listed, another user's work not counted, who may read it.
// The users are made for this suite (copies of the demo users' roles and password), so the demo data's own work
// (the demo coordinator staffed and reviewed much of it) is not in their answers.
import {
  ACTIVITY_ITEM_LIMIT,
  localDayBounds,
  localDateIn,
  type ActivityKind,
  type ActivityWindowKey,
  type MyActivity,
} from '@carelane/shared-domain';
import { DEMO_PASSWORD, describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const PATH = '/api/admin/reports/myActivity';
const MINUTE = 60_000;

describeEachDatabase('my activity', (server) => {
  const s = (): TestServer => server();
  const get = (token?: string) => s().request<MyActivity>('GET', PATH, token ? { token } : {});

  const user: Record<'staff' | 'clinician' | 'org', { id: number; token: string }> = {
    staff: { id: 0, token: '' },
    clinician: { id: 0, token: '' },
    org: { id: 0, token: '' },
  };
  let adminId = 0;
  let adminToken = '';
  let providerId = 0;
  let org = 0;
  let refs = { episode: 0, patient: 0, visitType: 0, providerType: 0 };
  /** The windows as the API reports them, and their first instants. */
  let windows: MyActivity['windows'] = [];
  let zone = '';
  const startOf = (w: ActivityWindowKey) => {
    const win = windows.find((x) => x.window === w)!;
    return localDayBounds(win.from, zone).start.getTime();
  };
  /** Is the instant in the window (each ends with today)? */
  const inWindow = (w: ActivityWindowKey, at: number) => at >= startOf(w);

  /** A user of the demo user's role (and organization), signed in with the demo password. */
  async function userLike(demoEmail: string, email: string, referralSourceId?: number) {
    const [row] = await s().ownerSql<{ id: number }>(
      `insert into users (email_id, password_hash, first_name, last_name, role_id, referral_source_id, status,
         privileges, onboard_step, email_verified, change_password)
       select $1, password_hash, 'Ada', 'Activity', role_id, coalesce($2::int, referral_source_id), status,
              privileges, onboard_step, email_verified, false
         from users where email_id = $3
       returning id`,
      [email, referralSourceId ?? null, demoEmail],
    );
    return { id: row!.id, token: await s().login(email, DEMO_PASSWORD) };
  }

  async function addVisit(v: {
    assignedBy?: number;
    assignedAt?: number;
    createdBy?: number;
    createdAt?: number;
    providerId?: number;
    timeOut?: number;
    status?: string;
    nonVisit?: boolean;
  }): Promise<number> {
    const day = orgDay(-1);
    const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
    const [row] = await s().sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, time_zone, status, non_visit, provider_id, assigned_at, assigned_by,
         time_in, time_out, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'America/Chicago', $9, $10, $11, $12, $13, $14, $15, $16,
         coalesce($17::timestamptz, now())) returning id`,
      [
        refs.episode,
        org,
        refs.patient,
        refs.visitType,
        refs.providerType,
        day,
        `${day}T15:00:00Z`,
        `${day}T16:00:00Z`,
        v.status ?? 'Staffed',
        v.nonVisit ?? false,
        v.providerId ?? null,
        at(v.assignedAt),
        v.assignedBy ?? null,
        at(v.timeOut),
        at(v.timeOut),
        v.createdBy ?? null,
        at(v.createdAt),
      ],
    );
    return row!.id;
  }

  async function addNote(visitId: number, submittedAt: number | null) {
    await s().sql(
      `insert into notes (visit_id, note_type, definition_version, values, version, saved_by, submitted_at)
       select $1, d.note_type, d.version, '{}'::jsonb, 1, $2, $3::timestamptz
         from (select note_type, version from note_definitions order by id limit 1) d`,
      [visitId, adminId, submittedAt === null ? null : new Date(submittedAt).toISOString()],
    );
  }

  /** A review as notes/note/service.ts audits it, at a chosen moment (the API can only review now). */
  async function pastReview(visitId: number, userId: number, at: number, after: string) {
    await s().ownerSql(
      `insert into audit_log (at, user_id, user_email, entity, entity_id, action, diff)
       values ($1, $2, 'x@carelane.local', 'visit', $3, 'UPDATE', $4::jsonb)`,
      [
        new Date(at).toISOString(),
        userId,
        String(visitId),
        JSON.stringify({ status: { before: 'NotesInReview', after } }),
      ],
    );
  }

  const kindOf = (body: MyActivity, w: ActivityWindowKey, kind: ActivityKind) =>
    body.windows.find((x) => x.window === w)!.kinds.find((k) => k.kind === kind);

  /** Every window's count of the kind is the visits expected in it; listed newest first, all when ≤ 5. */
  function expectWindows(body: MyActivity, kind: ActivityKind, placed: { id: number; at: number }[]) {
    for (const w of ['today', 'week', 'month'] as const) {
      const expected = placed
        .filter((p) => inWindow(w, p.at))
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .map((p) => p.id);
      const got = kindOf(body, w, kind)!;
      expect([w, kind, got.count]).toEqual([w, kind, expected.length]);
      expect([w, kind, got.items.map((i) => i.visitId)]).toEqual([
        w,
        kind,
        expected.slice(0, ACTIVITY_ITEM_LIMIT),
      ]);
      if (got.count <= ACTIVITY_ITEM_LIMIT) expect(got.items).toHaveLength(got.count);
    }
  }

  beforeAll(async () => {
    adminToken = await s().login('admin@carelane.local');
    const [admin] = await s().sql<{ id: number }>(
      `select id from users where email_id = 'admin@carelane.local'`,
    );
    adminId = admin!.id;
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode, time_zone) values ('Activity Home Care', '78701',
         'America/Chicago') returning id`,
    );
    org = rs!.id;
    const [patient] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Pat', 'Private') returning id`,
      [org],
    );
    const [r] = await s().sql<{ episode: number; visit_type: number; provider_type: number }>(
      `select (select min(id) from episodes) as episode, (select min(id) from visit_types) as visit_type,
              (select min(id) from provider_types) as provider_type`,
    );
    refs = {
      episode: r!.episode,
      patient: patient!.id,
      visitType: r!.visit_type,
      providerType: r!.provider_type,
    };
    user.staff = await userLike('coordinator@carelane.local', 'activity.staff@carelane.local');
    user.clinician = await userLike('clinician@carelane.local', 'activity.clinician@carelane.local');
    user.org = await userLike('orguser@carelane.local', 'activity.org@carelane.local', org);
    const [provider] = await s().sql<{ id: number }>(
      `insert into providers (given_name, family_name, provider_type_id, provider_status_id, state, user_id)
       values ('Ada', 'Activity', $1, 3, 'TX', $2) returning id`,
      [refs.providerType, user.clinician.id],
    );
    providerId = provider!.id;
    const first = await get(user.staff.token);
    expect(first.status).toBe(200);
    windows = first.body.windows;
    zone = first.body.timeZone;
  });

  it('reports the three windows on the Central calendar: today, this week from Monday, this month from the 1st', () => {
    expect(zone).toBe('America/Chicago');
    expect(windows.map((w) => w.window)).toEqual(['today', 'week', 'month']);
    const today = orgDay(0);
    for (const w of windows) expect(w.to).toBe(today);
    expect(windows[0]!.from).toBe(today);
    const week = windows[1]!.from;
    expect(new Date(`${week}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(week <= today && week > orgDay(-7)).toBe(true);
    expect(windows[2]!.from).toBe(`${today.slice(0, 8)}01`);
  });

  it("gives staff the visits they staffed in each window, newest first, and not another user's", async () => {
    const today = startOf('today');
    const placed = [
      { at: today + 1_000 },
      { at: today + 2_000 },
      { at: today - MINUTE }, // yesterday: this week and month unless today is Monday or the 1st
      { at: startOf('week') - MINUTE }, // before this week: this month unless the week began it
      { at: startOf('month') - MINUTE }, // last month: in no window
    ];
    const mine = [];
    for (const p of placed)
      mine.push({ id: await addVisit({ assignedBy: user.staff.id, assignedAt: p.at }), at: p.at });
    // Another user's staffing, and a non-visit, are not counted.
    await addVisit({ assignedBy: adminId, assignedAt: today + 3_000 });
    await addVisit({ assignedBy: user.staff.id, assignedAt: today + 4_000, nonVisit: true });
    const res = await get(user.staff.token);
    expect(res.status).toBe(200);
    expect(res.body.windows.map((w) => w.kinds.map((k) => k.kind))).toEqual(
      Array(3).fill(['visitsStaffed', 'notesReviewed']),
    );
    expectWindows(res.body, 'visitsStaffed', mine);
    const item = kindOf(res.body, 'today', 'visitsStaffed')!.items[0]!;
    expect(item).toEqual({
      visitId: mine[1]!.id,
      episodeId: refs.episode,
      at: new Date(today + 2_000).toISOString(),
      dateOfService: orgDay(-1),
      startAt: `${orgDay(-1)}T15:00:00.000Z`,
      timeZone: 'America/Chicago',
      organizationName: 'Activity Home Care',
      visitTypeName: expect.any(String),
    });
    // No patient is named, so nothing of the answer is a patient read.
    expect(JSON.stringify(res.body)).not.toContain('Private');
  });

  it('gives staff the notes they approved or rejected (through the API today, and before), not the ones re-opened or reviewed by others', async () => {
    const approveNow = await addVisit({ status: 'NotesInReview' });
    const rejectNow = await addVisit({ status: 'NotesInReview' });
    for (const id of [approveNow, rejectNow]) await addNote(id, null);
    const approved = await s().request('POST', `/api/notes/visits/${approveNow}/note/approve`, {
      token: user.staff.token,
      body: { version: 1 },
    });
    expect(approved.status).toBe(200);
    const rejected = await s().request('POST', `/api/notes/visits/${rejectNow}/note/reject`, {
      token: user.staff.token,
      body: { version: 1, reason: 'Please add the vital signs.' },
    });
    expect(rejected.status).toBe(200);
    const [times] = await s().sql<{ approved: string; rejected: string }>(
      `select (select max(at) from audit_log where entity = 'visit' and entity_id = $1)::text as approved,
              (select max(at) from audit_log where entity = 'visit' and entity_id = $2)::text as rejected`,
      [String(approveNow), String(rejectNow)],
    );
    const earlier = await addVisit({ status: 'NotesApproved' });
    const older = await addVisit({ status: 'NotesRejected' });
    const today = startOf('today');
    await pastReview(earlier, user.staff.id, today - MINUTE, 'NotesApproved');
    await pastReview(older, user.staff.id, startOf('month') - MINUTE, 'NotesRejected');
    // Another reviewer's approval, and a move that is no review (a re-open), are not counted.
    await pastReview(earlier, adminId, today + 1_000, 'NotesApproved');
    await s().ownerSql(
      `insert into audit_log (user_id, entity, entity_id, action, diff) values ($1, 'visit', $2, 'UPDATE',
         '{"status": {"before": "NotesApproved", "after": "NotesDue"}}'::jsonb)`,
      [user.staff.id, String(earlier)],
    );
    const res = await get(user.staff.token);
    const placed = [
      { id: approveNow, at: Date.parse(times!.approved) },
      { id: rejectNow, at: Date.parse(times!.rejected) },
      { id: earlier, at: today - MINUTE },
      { id: older, at: startOf('month') - MINUTE },
    ];
    expectWindows(res.body, 'notesReviewed', placed);
    const outcomes = Object.fromEntries(
      kindOf(res.body, 'month', 'notesReviewed')!.items.map((i) => [i.visitId, i.outcome]),
    );
    expect(outcomes[approveNow]).toBe('approved');
    expect(outcomes[rejectNow]).toBe('rejected');
    // The demo coordinator's own reviews are theirs: the copy of the role sees none of them.
    expect(kindOf(res.body, 'month', 'notesReviewed')!.count).toBe(
      placed.filter((p) => inWindow('month', p.at)).length,
    );
  });

  it('gives a clinician their visits checked out and notes submitted, and no staff kinds', async () => {
    const today = startOf('today');
    const done = [
      { at: today + 5_000 },
      { at: today - MINUTE },
      { at: startOf('week') - MINUTE },
      { at: startOf('month') - MINUTE },
    ];
    const completed = [];
    const submitted = [];
    for (const d of done) {
      const id = await addVisit({ providerId, timeOut: d.at, status: 'NotesInReview' });
      await addNote(id, d.at + MINUTE);
      completed.push({ id, at: d.at });
      submitted.push({ id, at: d.at + MINUTE });
    }
    // Another clinician's visit is not theirs.
    const [other] = await s().sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [providerId],
    );
    await addVisit({ providerId: other!.id, timeOut: today + 6_000 });
    const res = await get(user.clinician.token);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    expect(res.body.windows[0]!.kinds.map((k) => k.kind)).toEqual(['visitsCompleted', 'notesSubmitted']);
    expectWindows(res.body, 'visitsCompleted', completed);
    expectWindows(res.body, 'notesSubmitted', submitted);
    // Checked out a minute before midnight, its note submitted at midnight: the visit is yesterday's work, the
    // note today's (each moment is judged on its own).
    expect(localDateIn(completed[1]!.at, zone)).toBe(orgDay(-1));
    expect(localDateIn(submitted[1]!.at, zone)).toBe(orgDay(0));
    expect(kindOf(res.body, 'today', 'notesSubmitted')!.items.map((i) => i.visitId)).toContain(
      submitted[1]!.id,
    );
    expect(kindOf(res.body, 'today', 'visitsCompleted')!.items.map((i) => i.visitId)).not.toContain(
      completed[1]!.id,
    );
  });

  it('gives an organization user the visits they requested (not deleted ones, not non-visits), on their organization calendar', async () => {
    const today = startOf('today');
    const placed = [{ at: today + 1_000 }, { at: today - MINUTE }, { at: startOf('month') - MINUTE }];
    const mine = [];
    for (const p of placed)
      mine.push({
        id: await addVisit({ createdBy: user.org.id, createdAt: p.at, status: 'Active' }),
        at: p.at,
      });
    await addVisit({ createdBy: user.org.id, createdAt: today + 2_000, status: 'Deleted' });
    await addVisit({ createdBy: user.org.id, createdAt: today + 3_000, nonVisit: true });
    await addVisit({ createdBy: adminId, createdAt: today + 4_000, status: 'Active' });
    const res = await get(user.org.token);
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    expect(res.body.windows.map((w) => w.kinds.map((k) => k.kind))).toEqual(
      Array(3).fill(['visitsRequested']),
    );
    expectWindows(res.body, 'visitsRequested', mine);
  });

  it('lists at most five items a kind while counting them all', async () => {
    const today = startOf('today');
    const many = [];
    for (let i = 0; i < 7; i++) {
      const at = today + 10_000 + i * 1_000;
      many.push({ id: await addVisit({ createdBy: user.org.id, createdAt: at, status: 'Active' }), at });
    }
    const res = await get(user.org.token);
    const got = kindOf(res.body, 'today', 'visitsRequested')!;
    expect(got.items).toHaveLength(ACTIVITY_ITEM_LIMIT);
    expect(got.count).toBeGreaterThanOrEqual(7);
    expect(got.items.map((i) => i.visitId)).toEqual(
      many
        .slice()
        .reverse()
        .slice(0, ACTIVITY_ITEM_LIMIT)
        .map((m) => m.id),
    );
  });

  it("gives the demo users their role's kinds, and refuses a request without a session (401)", async () => {
    const admin = await get(adminToken);
    expect(admin.status).toBe(200);
    expect(admin.body.windows[0]!.kinds.map((k) => k.kind)).toEqual(['visitsStaffed', 'notesReviewed']);
    const [coordinator, clinician, orgUser] = await s().loginAs('coordinator', 'clinician', 'orgUser');
    for (const [token, kinds] of [
      [coordinator, ['visitsStaffed', 'notesReviewed']],
      [clinician, ['visitsCompleted', 'notesSubmitted']],
      [orgUser, ['visitsRequested']],
    ] as const) {
      const res = await get(token);
      expect(res.status).toBe(200);
      for (const w of res.body.windows) {
        expect(w.kinds.map((k) => k.kind)).toEqual(kinds);
        for (const k of w.kinds) expect(k.items.length).toBe(Math.min(k.count, ACTIVITY_ITEM_LIMIT));
      }
    }
    expect((await get()).status).toBe(401);
  });
});
