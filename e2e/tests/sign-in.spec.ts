import { DEFAULT_ROLE_PRIVILEGES, LOGIN_BLOCKED_MESSAGE } from '@carelane/shared-domain';
import { DEMO_LOGINS } from '../support/demo';
import { apiToken, baseUrl, expect, navigationLinks, signIn, test } from '../support/fixtures';

type RemoteLine = {
  routes: { title: string; pages?: string[]; menu?: boolean; menuPages?: string[]; menuTitle?: string }[];
};
const SHELL_MENU = [
  { title: 'Users', pages: ['users'] },
  { title: 'Audit logs', pages: ['activityLogs'] },
  { title: 'Outbox', pages: ['outbox'] },
  { title: 'Short links', pages: ['shortUrl'] },
];

test.describe('signing in', () => {
  test("a wrong password shows 'Sorry, login failed. ' with the server's text", async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill('admin@carelane.local');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(/^Sorry, login failed\. \S/);
    await expect(page).toHaveURL(`${baseUrl()}/`);
  });

  test("a user whose privileges set header.blockLogin sees 'Sorry, you don't have access to this.'", async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, 'admin@carelane.local');
    const headers = { Authorization: `Bearer ${admin}` };
    const list = await request.get(`${baseUrl()}/api/admin/users`, {
      headers,
      params: { search: 'lakeside.user@carelane.local', pageSize: 10, pageNumber: 1 },
    });
    const user = ((await list.json()) as { rows: { id: number; version: number }[] }).rows[0]!;
    const blocked = await request.put(`${baseUrl()}/api/admin/users/${user.id}/privileges`, {
      headers,
      data: { privileges: { header: '{"blockLogin":1}' }, version: user.version },
    });
    expect(blocked.status()).toBe(200);

    await page.goto('/');
    await page.getByLabel('Email').fill('lakeside.user@carelane.local');
    await page.getByLabel('Password').fill('Carelane-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(LOGIN_BLOCKED_MESSAGE);
    expect(LOGIN_BLOCKED_MESSAGE).toBe("Sorry, you don't have access to this.");
  });

  test("offline, signing in shows 'Please make sure you are online and then try again.'", async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await context.setOffline(true);
    await page.getByLabel('Email').fill('admin@carelane.local');
    await page.getByLabel('Password').fill('Carelane-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please make sure you are online and then try again.');
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
  });

  for (const login of DEMO_LOGINS) {
    test(`role ${login.roleId} (${login.emailId}) signs in and sees the menu its privileges give`, async ({
      page,
      request,
    }) => {
      await page.goto('/');
      await signIn(page, login.emailId);
      const links = await navigationLinks(page);
      for (const title of login.shows) expect(links, `${title} is in the menu`).toContain(title);
      for (const title of login.hides) expect(links, `${title} is not in the menu`).not.toContain(title);

      // Exactly the menu routes of every area and of the shell whose (menu) page keys the role holds, by their
      // menu titles (the demo clinician has finished onboarding: no onboarding entry, decision 044).
      const held = new Set(Object.keys(DEFAULT_ROLE_PRIVILEGES[login.roleId] ?? {}));
      const areas = (await (await request.get(`${baseUrl()}/remotes.json`)).json()) as RemoteLine[];
      const expected = [...areas.flatMap((area) => area.routes.filter((route) => route.menu)), ...SHELL_MENU]
        .filter((route) => (route.pages ?? []).some((key) => held.has(key)))
        .filter((route) => !('menuPages' in route) || (route.menuPages ?? []).some((key) => held.has(key)))
        .map((route) => ('menuTitle' in route && route.menuTitle) || route.title);
      expect([...links].sort()).toEqual([...expected, 'Help'].sort());
    });
  }

  test('logging out ends the session: a protected page asks to sign in again', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.goto('/episodes');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fepisodes$/);
    await signIn(page, 'coordinator@carelane.local');
    await expect(page).toHaveURL(`${baseUrl()}/episodes`);
  });
});
