// WCAG 2.2 AA (issue 10). axe-core over every page each role can open and over the signed-out pages: 0 serious
// or critical violations. One browser context per role walks its pages in order. Then a keyboard-only walk of
// the login, a list, a form and a drawer: Tab, Shift+Tab, Enter, Escape and the arrow keys, nothing else.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type AxeFinding, describeFindings, seriousViolations, stillMotion } from '../support/axe';
import { apiToken, baseUrl, DEMO_PASSWORD, expect, goInApp, signIn, test } from '../support/fixtures';
import { RUN_DIR } from '../support/paths';
import { SPEC_ROUTES } from '../support/spec-routes';

/** The shell's own pages beyond SPEC §2's list (shell/src/routing/routes.ts). */
const MORE_SHELL_ROUTES = ['/changePassword', '/outbox', '/verifyPhone'];
/** Every signed-in user can open these. */
const EVERYONE_ROUTES = ['/profile', '/help', '/changePassword'];
/** What a signed-out visitor can open (the facility pages without their token say the link is not valid). */
const PUBLIC_ROUTES = [
  '/',
  '/register',
  '/resetPassword',
  '/verifyEmail',
  '/confirmation',
  '/changeVisit',
  '/rejectReason',
  '/survey/clinician',
  '/no-such-page',
];

const SHELL_PATHS = new Set([...SPEC_ROUTES.shell!, ...MORE_SHELL_ROUTES, ...EVERYONE_ROUTES]);

type Found = Map<string, AxeFinding[]>;

/** Where each walk is written as it goes (e2e/.run/axe-<walk>.txt), to read after a failure. */
function reportFile(walk: string): string {
  fs.mkdirSync(RUN_DIR, { recursive: true });
  return path.join(RUN_DIR, `axe-${walk}.txt`);
}

async function list<T>(request: APIRequestContext, token: string, listPath: string): Promise<T[]> {
  const response = await request.get(`${baseUrl()}${listPath}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), listPath).toBe(true);
  const { rows } = (await response.json()) as { rows: T[] };
  expect(rows.length, `demo rows from ${listPath}`).toBeGreaterThan(0);
  return rows;
}

/** The id of the first row of a list the caller may read. */
async function firstId(request: APIRequestContext, token: string, listPath: string): Promise<number> {
  return (await list<{ id: number }>(request, token, listPath))[0]!.id;
}

/** Waits until the page at `to` has replaced the one before and has finished loading. */
async function settle(page: Page, to: string, before: string | null): Promise<void> {
  const pathname = new URL(to, baseUrl()).pathname;
  await expect(page).toHaveURL((url) => url.pathname === pathname);
  // A new page renders a new h1; an area frame keeps its h1 element and changes the title in it.
  await page.waitForFunction((previous) => {
    const heading = document.querySelector('h1');
    return heading !== null && (!heading.hasAttribute('data-axe-seen') || heading.textContent !== previous);
  }, before);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
}

/** Goes to a path as a link click does (or with a full load), and waits for its page. */
async function open(page: Page, to: string, how: 'inApp' | 'load' = 'inApp'): Promise<void> {
  const before = await page.evaluate(() => {
    const heading = document.querySelector('h1');
    heading?.setAttribute('data-axe-seen', '');
    return heading?.textContent ?? null;
  });
  if (how === 'inApp') {
    // A role's start page may be the first of its pages (the clinician's /providervisits): already there, no new h1.
    if (page.url() === new URL(to, baseUrl()).href) {
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, {
        timeout: 20_000,
      });
      return;
    }
    await goInApp(page, to);
    await settle(page, to, before);
    return;
  }
  await page.goto(to);
  await stillMotion(page);
  // The not-found page has a result title, not an h1.
  await page.locator('h1, .ant-result-title').first().waitFor();
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Waits for the colour transitions already running (a menu item fading to its selected colour) to end: the
 * motion style shortens only those that start after it, and axe would measure a colour half-way.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/** Scans the page as it is now under a name, and writes the count to the walk's report. */
async function scan(page: Page, where: string, found: Found, walk: string): Promise<void> {
  await transitionsDone(page);
  const findings = await seriousViolations(page);
  found.set(where, findings);
  fs.appendFileSync(reportFile(walk), `${where}\t${findings.length}\n`);
}

function expectNone(found: Found): void {
  const total = [...found.values()].reduce((sum, findings) => sum + findings.length, 0);
  expect(total, `serious or critical axe violations:\n${describeFindings(found)}`).toBe(0);
}

/** Signs in as one role and scans each path in turn, then the user menu opened. */
async function walkSignedIn(page: Page, walk: string, emailId: string, paths: () => Promise<string[]>) {
  fs.writeFileSync(reportFile(walk), '');
  const found: Found = new Map();
  await page.goto('/');
  await stillMotion(page);
  await signIn(page, emailId);
  try {
    for (const to of new Set(await paths())) {
      await open(page, to);
      await scan(page, to, found, walk);
    }
    await page.getByRole('button', { name: /user menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await scan(page, 'the user menu, open', found, walk);
  } finally {
    fs.appendFileSync(reportFile(walk), describeFindings(found));
  }
  expectNone(found);
}

type AreaLine = { routes: { path: string; built?: boolean; public?: boolean }[] };

/**
 * The areas' signed-in pages as deployed (/remotes.json): every built page, and one "Not built yet" frame per
 * area (the frames are one shared-ui component, NotBuiltYet, with another title).
 */
async function areaPages(request: APIRequestContext): Promise<{ built: Set<string>; frames: string[] }> {
  const response = await request.get(`${baseUrl()}/remotes.json`);
  expect(response.ok()).toBe(true);
  const areas = (await response.json()) as AreaLine[];
  const signedIn = areas.map((area) => area.routes.filter((route) => !route.public));
  return {
    built: new Set(
      signedIn.flatMap((routes) => routes.filter((route) => route.built).map((route) => route.path)),
    ),
    frames: signedIn.flatMap((routes) =>
      routes
        .filter((route) => !route.built)
        .map((route) => route.path)
        .slice(0, 1),
    ),
  };
}

/** The navigation's links, every group opened: the pages the role is offered. */
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

/** Of the navigation's paths: the shell's pages, the built area pages and the first frame. */
function builtOrOneFrame(paths: string[], areas: { built: Set<string> }): string[] {
  const framesAt = paths.filter((path) => !areas.built.has(path) && !SHELL_PATHS.has(path));
  return paths.filter((path) => !framesAt.includes(path) || path === framesAt[0]);
}

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} did not reach ${target.toString()}`);
}

/** Whether the focus is inside the element. */
async function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element.contains(document.activeElement));
}

test.describe('accessibility: axe-core, WCAG 2.2 AA, 0 serious or critical', () => {
  test('the signed-out pages', async ({ page }) => {
    test.setTimeout(180_000);
    fs.writeFileSync(reportFile('signed-out'), '');
    const found: Found = new Map();
    for (const to of PUBLIC_ROUTES) {
      await open(page, to, 'load');
      await scan(page, to, found, 'signed-out');
    }
    fs.appendFileSync(reportFile('signed-out'), describeFindings(found));
    expectNone(found);
  });

  test('every page the administrator can open, built or still a frame', async ({ page, request }) => {
    test.setTimeout(600_000);
    const token = await apiToken(request, 'admin@carelane.local');
    const areas = await areaPages(request);
    await walkSignedIn(page, 'administrator', 'admin@carelane.local', async () => [
      ...SPEC_ROUTES.shell!,
      ...MORE_SHELL_ROUTES,
      ...areas.built,
      ...areas.frames,
      `/episode?id=${await firstId(request, token, '/api/admin/episodes?pageSize=1&mine=false')}`,
      `/patient?id=${await firstId(request, token, '/api/admin/patients?pageSize=1')}`,
      `/physician?id=${await firstId(request, token, '/api/admin/physicians?pageSize=1')}`,
      `/referralSource?id=${await firstId(request, token, '/api/admin/referralSources?pageSize=1')}`,
      `/group?id=${await firstId(request, token, '/api/admin/groups?pageSize=1')}`,
      `/user?id=${await firstId(request, token, '/api/admin/users?pageSize=1')}`,
    ]);
  });

  test('every page an organization user can open', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request, 'orguser@carelane.local');
    const areas = await areaPages(request);
    await walkSignedIn(page, 'organization-user', 'orguser@carelane.local', async () => [
      ...builtOrOneFrame(await menuPaths(page), areas),
      ...EVERYONE_ROUTES,
      `/patient?id=${await firstId(request, token, '/api/admin/patients?pageSize=1')}`,
      `/episode?id=${await firstId(request, token, '/api/admin/episodes?pageSize=1&mine=false')}`,
    ]);
  });

  test('every page a clinician can open', async ({ page, request }) => {
    test.setTimeout(180_000);
    const areas = await areaPages(request);
    await walkSignedIn(page, 'clinician', 'clinician@carelane.local', async () => [
      ...builtOrOneFrame(await menuPaths(page), areas),
      ...EVERYONE_ROUTES,
    ]);
  });
});

test.describe('accessibility: keyboard only', () => {
  // Tab by Tab through the header and the navigation to a page's content is slow on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('signing in: the email field has the focus, Tab and Shift+Tab move between the fields, Enter signs in', async ({
    page,
  }) => {
    await page.goto('/');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    await expect(email).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await expect(email).toBeFocused();
    await page.keyboard.type('admin@carelane.local');
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 60_000 });

    // The user menu: Enter opens it, Escape closes it and leaves the focus on its button.
    const userMenu = page.getByRole('button', { name: /user menu/i });
    await tabTo(page, userMenu);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
    await expect(userMenu).toBeFocused();
  });

  test('a list: search with Enter, then open a row with Enter', async ({ page, request }) => {
    const token = await apiToken(request, 'admin@carelane.local');
    const [patient] = await list<{ id: number; lastName: string }>(
      request,
      token,
      '/api/admin/patients?pageSize=1',
    );
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    await goInApp(page, '/patients');
    const search = page.getByLabel('Search patients');
    await tabTo(page, search);
    await page.keyboard.type(patient!.lastName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]search=/);
    const link = page.locator(`a[href$="/patient?id=${patient!.id}"]`);
    await expect(link).toBeVisible();
    await tabTo(page, link);
    // Shift+Tab goes back the way Tab came, to the search field at the last.
    await tabTo(page, search, 'Shift+Tab', 20);
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/patient\\?id=${patient!.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(patient!.lastName);
  });

  test('a form: fields in reading order, a select with the arrow keys, Enter on the button saves', async ({
    page,
  }) => {
    const lastName = `Keyboard${Date.now().toString(36)}`;
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    await goInApp(page, '/physician');
    const firstName = page.getByLabel('First name');
    await tabTo(page, firstName);
    await page.keyboard.type('Kira');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name')).toBeFocused();
    await page.keyboard.type(lastName);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('NPI')).toBeFocused();
    await page.keyboard.type(String(Date.now()).slice(-10)); // an NPI no other physician has

    const status = page.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    // ArrowDown opens the list on the current value, ArrowDown again moves to the next, Enter picks it.
    await page.keyboard.press('ArrowDown');
    const inactive = page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'Inactive' });
    await expect(inactive).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(inactive).toHaveClass(/ant-select-item-option-active/);
    await page.keyboard.press('Enter');
    await expect(inactive).toBeHidden();
    await expect(page.locator('.ant-select').filter({ has: status })).toContainText('Inactive');
    await expect(status).toBeFocused();

    await tabTo(page, page.getByRole('button', { name: 'Create physician' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Physician saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/physician\?id=\d+$/);
    await expect(page.getByLabel('Last name')).toHaveValue(lastName);
    await expect(page.locator('.ant-select').filter({ has: status })).toContainText('Inactive');
  });

  test('a drawer (find clinicians): Enter opens it with the focus inside, Tab stays inside, Escape closes it back to its button', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    await goInApp(page, '/visits');
    const match = page.getByRole('button', { name: /^Find clinicians for visit \d+$/ }).first();
    await tabTo(page, match);
    const trigger = (await match.getAttribute('aria-label'))!;
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Find clinicians' });
    await expect(drawer).toBeVisible();
    // antd focuses the drawer's own frame (around the dialog), so Tab goes on into the dialog.
    const frame = page.locator('.ant-drawer').filter({ has: drawer });
    await expect.poll(() => holdsFocus(frame)).toBe(true);
    await expect(drawer.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    // Tab goes round inside the drawer, never to the page behind it (past its last control the focus may
    // leave the document for the browser's own bar, as from any page's last control).
    for (let presses = 0; presses < 14; presses++) {
      await page.keyboard.press('Tab');
      const where = await frame.evaluate(
        (element) => element.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(where, `the focus after ${presses + 1} more Tab`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await holdsFocus(frame)).toBe(true);
    const found: Found = new Map();
    fs.writeFileSync(reportFile('drawer'), '');
    await scan(page, 'the match drawer, open', found, 'drawer');
    fs.appendFileSync(reportFile('drawer'), describeFindings(found));
    expectNone(found);

    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]match=/);
    await expect(page.getByRole('button', { name: trigger, exact: true })).toBeFocused();
  });
});
