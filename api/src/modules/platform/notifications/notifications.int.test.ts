// In-app notifications through the API on both databases (issue 24): each user reads only their own, newest
// first and paged, with how many are not dismissed; signed out is 401 and a bad page is a 400 naming it.
import { eventArrives, openEventStream } from '../../../test/event-stream';
import { describeEachDatabase, DEMO_USERS } from '../../../test/harness';

describeEachDatabase('in-app notifications', (server) => {
  let clinician = '';
  let coordinator = '';

  beforeAll(async () => {
    [clinician, coordinator] = await server().loginAs('clinician', 'coordinator');
  });

  async function notify(emailId: string, title: string, dismissed = false) {
    await server().sql(
      `insert into user_notifications (user_id, kind, title, body, link, dismissed_at)
       select id, 'noteRejected', $1, $2, '/note?visitId=1', $3::timestamptz from users where email_id = $4`,
      [title, `body of ${title}`, dismissed ? new Date().toISOString() : null, emailId],
    );
  }

  it("answers the caller's own notifications only, newest first, paged", async () => {
    const s = server();
    const tag = `n${Date.now()}`;
    await notify(DEMO_USERS.clinician, `${tag} first`);
    await notify(DEMO_USERS.clinician, `${tag} second`, true);
    await notify(DEMO_USERS.coordinator, `${tag} not hers`);

    const mine = await s.request('GET', '/api/admin/notifications', { token: clinician });
    expect(mine.status).toBe(200);
    const titles = mine.body.rows.map((row: { title: string }) => row.title);
    expect(titles.filter((t: string) => t.startsWith(tag))).toEqual([`${tag} second`, `${tag} first`]);
    expect(mine.body.rows[0]).toMatchObject({ kind: 'noteRejected', link: '/note?visitId=1' });
    expect(mine.body.rows[0].dismissedAt).not.toBeNull();
    const [counts] = await s.sql<{ all: number; open: number }>(
      `select count(*)::int as all, count(*) filter (where dismissed_at is null)::int as open
         from user_notifications n join users u on u.id = n.user_id where u.email_id = $1`,
      [DEMO_USERS.clinician],
    );
    expect(mine.body.paging.totalCount).toBe(counts!.all);
    expect(mine.body.undismissedCount).toBe(counts!.open);

    const page = await s.request('GET', '/api/admin/notifications?pageSize=1&pageNumber=1', {
      token: clinician,
    });
    expect(page.body.rows).toHaveLength(1);

    const open = await s.request('GET', '/api/admin/notifications?undismissed=true&pageSize=100', {
      token: clinician,
    });
    const openTitles = open.body.rows.map((row: { title: string }) => row.title);
    expect(openTitles).toContain(`${tag} first`);
    expect(openTitles).not.toContain(`${tag} second`);
    expect(open.body.paging.totalCount).toBe(counts!.open);

    const hers = await s.request('GET', '/api/admin/notifications', { token: coordinator });
    const hersTitles = hers.body.rows.map((row: { title: string }) => row.title);
    expect(hersTitles).toContain(`${tag} not hers`);
    expect(hersTitles.some((t: string) => t === `${tag} first` || t === `${tag} second`)).toBe(false);
  });

  it("dismisses one of the caller's own (another's is 404, nothing changed), then all, and tells their open pages", async () => {
    const s = server();
    const tag = `d${Date.now()}`;
    await notify(DEMO_USERS.clinician, `${tag} one`);
    await notify(DEMO_USERS.clinician, `${tag} two`);
    await notify(DEMO_USERS.coordinator, `${tag} hers`);
    const idOf = async (token: string, title: string) =>
      (await s.request('GET', '/api/admin/notifications?pageSize=100', { token })).body.rows.find(
        (row: { title: string }) => row.title === title,
      ).id as number;
    const one = await idOf(clinician, `${tag} one`);
    const hers = await idOf(coordinator, `${tag} hers`);
    const before = (await s.request('GET', '/api/admin/notifications', { token: clinician })).body
      .undismissedCount as number;

    const stream = await openEventStream(s, clinician);
    const dismissed = await s.request('POST', `/api/admin/notifications/${one}/dismiss`, {
      token: clinician,
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.notification).toMatchObject({ id: one, title: `${tag} one` });
    expect(dismissed.body.notification.dismissedAt).not.toBeNull();
    expect(dismissed.body.undismissedCount).toBe(before - 1);
    await eventArrives(() =>
      stream.events.some(
        (e) => e.event === 'entityChanged' && e.data.entity === 'userNotification' && e.data.id === one,
      ),
    );
    stream.close();

    const notMine = await s.request('POST', `/api/admin/notifications/${hers}/dismiss`, { token: clinician });
    expect(notMine.status).toBe(404);
    expect(notMine.body.error).toBe('This notification was not found.');
    const [still] = await s.sql<{ open: boolean }>(
      'select dismissed_at is null as open from user_notifications where id = $1',
      [hers],
    );
    expect(still!.open).toBe(true);

    const all = await s.request('POST', '/api/admin/notifications/dismissAll', { token: clinician });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ dismissed: before - 1, undismissedCount: 0 });
    const after = await s.request('GET', '/api/admin/notifications', { token: clinician });
    expect(after.body.undismissedCount).toBe(0);
    const again = await s.request('POST', '/api/admin/notifications/dismissAll', { token: clinician });
    expect(again.body).toEqual({ dismissed: 0, undismissedCount: 0 });
  });

  it('refuses a caller without a session (401) and a bad page size (400 naming pageSize)', async () => {
    const s = server();
    expect((await s.request('GET', '/api/admin/notifications')).status).toBe(401);
    const bad = await s.request('GET', '/api/admin/notifications?pageSize=0', { token: clinician });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('pageSize');
  });
});
