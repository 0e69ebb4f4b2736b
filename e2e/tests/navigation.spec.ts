// Finding the way (issue 24, docs/decisions/044-finding-the-way.md): per demo role, the menu's links compared with
// the built pages the role may open as deployed (/remotes.json; frames, areas' pages not built yet, left out), each
// menu link opened; and a newly registered clinician lands on onboarding and finds it in the menu.
import { DEFAULT_ROLE_PRIVILEGES } from '@carelane/shared-domain';
import type { Page } from '@playwright/test';
import { DEMO_LOGINS } from '../support/demo';
import { baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

type Route = {
  path: string;
  title: string;
  pages?: string[];
  public?: boolean;
  built?: boolean;
  onboarding?: boolean;
  linkedFrom?: string[];
};

const USER_MENU = 'userMenu';
/** The shell's signed-in pages (shell/src/routing/routes.ts), all built; Help ends every menu. */
const SHELL_ROUTES: Route[] = [
  { path: '/users', title: 'Users', pages: ['users'] },
  { path: '/auditLogs', title: 'Audit logs', pages: ['activityLogs'] },
  { path: '/outbox', title: 'Outbox', pages: ['outbox'] },
  { path: '/shortUrl', title: 'Short links', pages: ['shortUrl'] },
  { path: '/user', title: 'User', pages: ['userDetail'], linkedFrom: ['/users', '/referralSource'] },
  { path: '/profile', title: 'Profile', pages: ['profile', 'myProfile'], linkedFrom: [USER_MENU] },
  { path: '/changePassword', title: 'Change password', linkedFrom: [USER_MENU, '/profile'] },
  { path: '/verifyPhone', title: 'Verify phone number', linkedFrom: ['/profile'] },
  { path: '/help', title: 'Help' },
].map((route) => ({ ...route, built: true }));

/** The navigation's links, every group opened. */
async function menuPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const title of await nav.locator('.ant-menu-submenu-title').all()) {
    const item = title.locator('xpath=..');
    if (!(await item.getAttribute('class'))?.includes('ant-menu-submenu-open')) await title.click();
  }
  const hrefs = await nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

/** The built, signed-in pages the role may open and cannot reach from the menu by following links. */
function unreachable(routes: Route[], mayOpen: (route: Route) => boolean, menu: string[]): string[] {
  const openable = routes.filter((route) => route.built && !route.public && mayOpen(route));
  const reached = new Set([...menu, USER_MENU]);
  for (let grew = true; grew;) {
    grew = false;
    for (const route of openable) {
      if (reached.has(route.path) || !route.linkedFrom?.some((from) => reached.has(from))) continue;
      reached.add(route.path);
      grew = true;
    }
  }
  return openable.filter((route) => !reached.has(route.path)).map((route) => route.path);
}

/** Pages opened so far by the menu walk (the suite runs in one worker, in order). */
const OPENED = new Set<string>();

test.describe('finding the way', () => {
  for (const login of DEMO_LOGINS) {
    test(`role ${login.roleId} (${login.emailId}): the menu leads to every built page it may open, and each of its links opens`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await page.goto('/');
      await signIn(page, login.emailId);
      const areas = (await (await request.get(`${baseUrl()}/remotes.json`)).json()) as { routes: Route[] }[];
      const routes = [...areas.flatMap((area) => area.routes), ...SHELL_ROUTES];
      const byPath = new Map(routes.map((route) => [route.path, route]));
      const held = new Set(Object.keys(DEFAULT_ROLE_PRIVILEGES[login.roleId] ?? {}));
      const mayOpen = (route: Route) => !route.pages?.length || route.pages.some((key) => held.has(key));
      const menu = await menuPaths(page);

      // Nothing offered that the role may not open; frames (not built yet) may be offered.
      expect(menu.filter((path) => !byPath.has(path) || !mayOpen(byPath.get(path)!))).toEqual([]);
      // The demo clinician has finished onboarding: its page is theirs to open, no longer offered.
      const offered = routes.filter((route) => !(route.onboarding && login.roleId === 4));
      expect(unreachable(offered, mayOpen, menu)).toEqual([]);

      // Each page is opened once in the suite (by the first role whose menu has it) and each role opens at least
      // its first entry: what a page shows per role is routes.spec's and the areas' own tests'.
      const toOpen = menu.filter((path, index) => index === 0 || !OPENED.has(path));
      for (const path of toOpen) {
        OPENED.add(path);
        await goInApp(page, path);
        await expect(page, path).toHaveTitle(`${byPath.get(path)!.title} · Carelane`);
        await expect(page.locator('main#carelane-content h1').first(), path).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('[data-page="not-found"], [data-page="no-access"]'), path).toHaveCount(0);
        await expect(page.getByText('Page not found'), path).toHaveCount(0);
      }
    });
  }

  test('a newly registered clinician lands on onboarding and finds it in the menu', async ({ page }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const emailId = `new.clinician.${stamp}@example.com`;
    await page.goto('/register');
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Email').fill(emailId);
    await page.getByLabel('Mobile phone').fill(`512555${String(stamp % 10_000).padStart(4, '0')}`);
    await pickOption(page, /Provider type$/, /^RN$/, { shows: 'RN' });
    await page.getByLabel('Password').fill('A-long-password-24');
    await page.getByRole('button', { name: 'Register' }).click();

    // Sign-in follows: the success in a success box, the email filled in (not carried in the address).
    await expect(page.locator('.ant-alert-success', { hasText: 'Registration successful.' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await expect(page.getByLabel('Email')).toHaveValue(emailId);
    await page.getByLabel('Password').fill('A-long-password-24');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(`${baseUrl()}/providerOnboard`, { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeVisible();
    expect(await menuPaths(page)).toContain('/providerOnboard');
    await expect(nav.getByRole('link', { name: 'Onboarding' })).toHaveAttribute('href', '/providerOnboard');
  });
});
