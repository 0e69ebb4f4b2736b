// In-app notifications through the API on both databases (issue 24): each user reads only their own, newest
// first and paged, with how many are not dismissed; signed out is 401 and a bad page is a 400 naming it.
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

    const hers = await s.request('GET', '/api/admin/notifications', { token: coordinator });
    const hersTitles = hers.body.rows.map((row: { title: string }) => row.title);
    expect(hersTitles).toContain(`${tag} not hers`);
    expect(hersTitles.some((t: string) => t === `${tag} first` || t === `${tag} second`)).toBe(false);
  });

  it('refuses a caller without a session (401) and a bad page size (400 naming pageSize)', async () => {
    const s = server();
    expect((await s.request('GET', '/api/admin/notifications')).status).toBe(401);
    const bad = await s.request('GET', '/api/admin/notifications?pageSize=0', { token: clinician });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('pageSize');
  });
});
