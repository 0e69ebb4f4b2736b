// /userActivity through the API on both databases (decision 052): three users of an organization of their own
// with audit entries placed around the period's Central edges; each figure equals what the audit log's page lists
// for the same user, action and instants; a real sign-in counts at once; who may read it; bad periods.
import {
  activityWindow,
  localDayBounds,
  USER_ACTIVITY_FIGURES,
  USER_ACTIVITY_TIME_ZONE,
  type UserActivity,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

type Problem = { errors: { field: string }[] };

describeEachDatabase('user activity', (server) => {
  const s = (): TestServer => server();
  let director = '';
  let org = 0;
  const user: Record<'quiet' | 'busy' | 'reader', number> = { quiet: 0, busy: 0, reader: 0 };
  const get = <T>(path: string, token = director) => s().request<T>('GET', path, { token });
  const period = () => ({ from: orgDay(-6), to: orgDay(0) });
  const query = (extra = '') => `from=${period().from}&to=${period().to}&referralSourceId=${org}${extra}`;

  /** An audit entry of `userId` at an instant. */
  async function entry(userId: number, action: string, at: Date) {
    await s().sql(
      `insert into audit_log (at, user_id, user_email, entity, entity_id, action)
       values ($1, $2, 'activity@carelane.test', 'user', $3, $4)`,
      [at.toISOString(), userId, String(userId), action],
    );
  }

  beforeAll(async () => {
    director = await s().login('director@carelane.local');
    const [rs] = await s().sql<{ id: number }>(
      `insert into referral_sources (name, zipcode) values ('Activity Home Care', '78701') returning id`,
    );
    org = rs!.id;
    for (const who of ['quiet', 'busy', 'reader'] as const) {
      const [row] = await s().sql<{ id: number }>(
        `insert into users (email_id, first_name, last_name, role_id, referral_source_id, password_hash)
         select $1, $2, 'Activity', 9, $3, password_hash from users where email_id = 'orguser@carelane.local'
         returning id`,
        [`${who}.activity@carelane.test`, who, org],
      );
      user[who] = row!.id;
    }
    const first = localDayBounds(period().from, USER_ACTIVITY_TIME_ZONE);
    const last = localDayBounds(period().to, USER_ACTIVITY_TIME_ZONE);
    // busy: two sign-ins and an update in the period (one at its first instant, one at its last millisecond),
    // one sign-in the millisecond before it (the prior period) and one the instant after (not counted).
    await entry(user.busy, 'LOGIN', first.start);
    await entry(user.busy, 'LOGIN', new Date(last.end.getTime() - 1));
    await entry(user.busy, 'UPDATE', new Date(first.start.getTime() + 3_600_000));
    await entry(user.busy, 'LOGIN', new Date(first.start.getTime() - 1));
    await entry(user.busy, 'LOGIN', last.end);
    // reader: three patient reads today.
    for (let i = 0; i < 3; i++) await entry(user.reader, 'READ', new Date(last.start.getTime() + i * 60_000));
  });

  it('counts each figure in the period and the prior one, least active first', async () => {
    const res = await get<UserActivity>(`/api/admin/reports/userActivity?${query()}`);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual(period());
    expect(res.body.rows.map((r) => r.name)).toEqual(['quiet Activity', 'busy Activity', 'reader Activity']);
    const byName = Object.fromEntries(res.body.rows.map((r) => [r.name.split(' ')[0], r]));
    expect(byName.busy).toMatchObject({
      signIns: { current: 2, prior: 1 },
      patientReads: { current: 0, prior: 0 },
      entries: { current: 3, prior: 1 },
      role: expect.any(String),
      organizationName: 'Activity Home Care',
    });
    expect(byName.reader).toMatchObject({
      patientReads: { current: 3, prior: 0 },
      entries: { current: 3, prior: 0 },
    });
    expect(byName.quiet).toMatchObject({ entries: { current: 0, prior: 0 }, lastLogin: null });
    expect(res.body.paging.totalCount).toBe(3);

    const busiest = await get<UserActivity>(
      `/api/admin/reports/userActivity?${query('&sort=signIns&order=desc')}`,
    );
    expect(busiest.body.rows[0]!.name).toBe('busy Activity');
  });

  it("gives, for every figure, as many entries as the audit log's page lists for the same user, action and instants", async () => {
    const res = await get<UserActivity>(`/api/admin/reports/userActivity?${query()}`);
    const { start, end } = activityWindow(period());
    for (const row of res.body.rows)
      for (const figure of USER_ACTIVITY_FIGURES) {
        const params = new URLSearchParams({ userId: String(row.userId), startDate: start, endDate: end });
        if (figure.action) params.set('action', figure.action);
        const audit = await get<{ auditCount: number }>(
          `/api/admin/audit?${params.toString()}`,
          await s().login('admin@carelane.local'),
        );
        expect({ user: row.name, figure: figure.key, count: audit.body.auditCount }).toEqual({
          user: row.name,
          figure: figure.key,
          count: row[figure.key].current,
        });
      }
  });

  it('counts a real sign-in at once (the audit log keeps its rollup as it is written)', async () => {
    await s().sql(`update users set referral_source_id = $1 where email_id = 'orguser@carelane.local'`, [
      org,
    ]);
    const before = await get<UserActivity>(`/api/admin/reports/userActivity?${query('&q=orguser@')}`);
    expect(before.body.rows).toHaveLength(1);
    const signIns = before.body.rows[0]!.signIns.current;
    await s().login('orguser@carelane.local');
    const after = await get<UserActivity>(`/api/admin/reports/userActivity?${query('&q=orguser@')}`);
    expect(after.body.rows[0]!.signIns.current).toBe(signIns + 1);
    expect(after.body.rows[0]!.lastLogin).not.toBeNull();
  });

  it('opens for administrators, directors and executives only', async () => {
    const [coordinator, orgUser] = await s().loginAs('coordinator', 'orgUser');
    expect((await get(`/api/admin/reports/userActivity`, coordinator)).status).toBe(403);
    expect((await get(`/api/admin/reports/userActivity`, orgUser)).status).toBe(403);
    expect(
      (await get(`/api/admin/reports/userActivity`, await s().login('admin@carelane.local'))).status,
    ).toBe(200);
  });

  it('refuses a period over 366 days naming `to`, and an unknown sort', async () => {
    const long = await get<Problem>(`/api/admin/reports/userActivity?from=${orgDay(-366)}&to=${orgDay(0)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors[0]!.field).toBe('to');
    const sort = await get<Problem>(`/api/admin/reports/userActivity?sort=happiness`);
    expect(sort.status).toBe(400);
    expect(sort.body.errors[0]!.field).toBe('sort');
  });
});
