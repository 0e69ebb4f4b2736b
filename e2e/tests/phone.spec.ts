// The phone (issue 24): a clinician on a 390 × 844 touch screen in Chicago's time zone. Every page the clinician
// can open, from the route tables the shell routes by (support/route-table.ts) and the clinician's privileges,
// a page that shows one record opened on a record of the demo data: no sideways scroll, the header on screen,
// nothing open that nobody tapped, axe-core's 0 serious or critical, a screenshot of each. Then the navigation
// drawer and the compact header, by touch and by keyboard.
import fs from 'node:fs';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { seriousViolations, stillMotion, describeFindings, expectAccessible } from '../support/axe';
import { baseUrl, expect, goInApp, test } from '../support/fixtures';
import { PHONE, signInOnPhone, sidewaysOverflow, tabTo, visiblePopups } from '../support/phone';
import { pagesUserCanOpen, type RouteLine, signInByApi } from '../support/route-table';

const CLINICIAN = 'clinician@carelane.local';
const WIDTH = PHONE.viewport.width;

/**
 * Pages that show one record, and where the clinician's demo data has one: the list to read, the field of its
 * first row, the page's query parameter. Any other page opens as its menu link opens it.
 */
const NOTES = '/api/notes/notes?pageSize=1';
const RECORD_OF: Record<string, { list: string; field: string; param: string }> = {
  '/note': { list: NOTES, field: 'visitId', param: 'visitId' },
  '/notev0': { list: NOTES, field: 'visitId', param: 'visitId' },
  '/noteMobile': { list: NOTES, field: 'visitId', param: 'visitId' },
  '/notesPrint': { list: NOTES, field: 'patientId', param: 'patientId' },
};

/** Each route as the walk opens it: with a record's id where the page shows one. */
async function addresses(request: APIRequestContext, token: string, routes: RouteLine[]) {
  const firstRows = new Map<string, Record<string, unknown>>();
  const out: { route: RouteLine; to: string }[] = [];
  for (const route of routes) {
    const record = RECORD_OF[route.path];
    if (!record) {
      out.push({ route, to: route.path });
      continue;
    }
    if (!firstRows.has(record.list)) {
      const response = await request.get(`${baseUrl()}${record.list}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.ok(), record.list).toBe(true);
      const { rows } = (await response.json()) as { rows: Record<string, unknown>[] };
      expect(rows.length, `the clinician's demo rows of ${record.list}`).toBeGreaterThan(0);
      firstRows.set(record.list, rows[0]!);
    }
    out.push({
      route,
      to: `${route.path}?${record.param}=${String(firstRows.get(record.list)![record.field])}`,
    });
  }
  return out;
}

/** Goes to a page as a link does and waits until it has loaded and stopped moving. */
async function open(page: Page, route: RouteLine, to: string): Promise<void> {
  const target = new URL(to, baseUrl());
  if (page.url() !== target.href) await goInApp(page, to);
  await expect(page).toHaveURL((url) => url.pathname === target.pathname);
  await expect(page).toHaveTitle(`${route.title} · Carelane`);
  await expect(page.locator('main#carelane-content')).toHaveAttribute('data-owner', route.owner);
  await expect(page.locator('main#carelane-content').locator('h1, .ant-result-title').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  await stillMotion(page);
}

/** What is wrong with the page on the phone as it stands, one line each; empty when nothing. */
async function phoneProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, culprits } = await sidewaysOverflow(page);
  if (scrollWidth > WIDTH)
    problems.push(`scrolls sideways by ${scrollWidth - WIDTH} px (${scrollWidth} px wide)`, ...culprits);
  const header = await page.getByRole('banner').boundingBox();
  if (!header) problems.push('no header');
  else if (header.x < 0 || header.x + header.width > WIDTH)
    problems.push(`the header spans ${Math.round(header.x)}..${Math.round(header.x + header.width)} px`);
  for (const control of await page.getByRole('banner').getByRole('button').all()) {
    const box = await control.boundingBox();
    if (box && (box.x < 0 || box.x + box.width > WIDTH || box.y + box.height > (header?.y ?? 0) + 64))
      problems.push(`the header's "${await control.getAttribute('aria-label')}" is off its bar`);
  }
  const popups = await visiblePopups(page);
  if (popups.length > 0) problems.push(`open without a tap: ${popups.join(', ')}`);
  if ((await page.locator('[data-page="no-access"], [data-page="not-found"]').count()) > 0)
    problems.push('shows no-access or not-found: the route table and the shell disagree');
  const axe = await seriousViolations(page);
  if (axe.length > 0) problems.push(describeFindings(new Map([['axe', axe]])));
  return problems;
}

async function screenshot(page: Page, testInfo: TestInfo, to: string): Promise<void> {
  const file = testInfo.outputPath(`phone${to.replace(/[^\w]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`phone ${to}`, { path: file, contentType: 'image/png' });
}

test.describe('the phone: a clinician at 390 × 844', () => {
  test.use(PHONE);

  test('every page a clinician can open: no sideways scroll, the header on screen, nothing open unasked, 0 serious axe findings', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(600_000);
    const routes = await pagesUserCanOpen(request, CLINICIAN);
    // The demo clinician's own pages (issue 24's report) must be among them: the derivation is not empty.
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/notes', '/providervisits', '/providerpayments', '/providerOnboard', '/help']),
    );
    const { token } = await signInByApi(request, CLINICIAN);
    const walk = await addresses(request, token, routes);
    await page.goto('/');
    await signInOnPhone(page, CLINICIAN);

    const report: string[] = [];
    let failing = 0;
    for (const { route, to } of walk) {
      await open(page, route, to);
      const problems = await phoneProblems(page);
      await screenshot(page, testInfo, to);
      if (problems.length > 0) failing++;
      report.push(`${to}\t${problems.length === 0 ? 'ok' : problems.join('\n\t')}`);
    }
    const text = `${walk.length} pages, ${failing} with problems\n${report.join('\n')}\n`;
    fs.writeFileSync(testInfo.outputPath('phone-report.txt'), text);
    await testInfo.attach('phone report', { body: text, contentType: 'text/plain' });
    expect(failing, text).toBe(0);
  });

  test('the menu button opens the navigation in a drawer; a tap outside closes it; a tapped link navigates and closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await signInOnPhone(page, CLINICIAN);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.tap();
    await expect(drawer.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page, 'the navigation drawer, open');
    const box = await drawer.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);

    // A tap on the page beside the drawer closes it.
    await page.touchscreen.tap(WIDTH - 20, 400);
    await expect(drawer).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // A group opens inline in the drawer (no popup over the page), and its first link goes to its page.
    await button.tap();
    const group = drawer.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    await group.first().tap();
    const link = drawer.locator('.ant-menu-submenu-open a[href]').last();
    await expect(link).toBeVisible();
    await expect(page.locator('.ant-menu-submenu-popup').filter({ visible: true })).toHaveCount(0);
    const href = (await link.getAttribute('href'))!;
    await link.tap();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(drawer).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await visiblePopups(page)).toEqual([]);

    // Help, a link outside the groups, too.
    await button.tap();
    await drawer.getByRole('link', { name: 'Help' }).tap();
    await expect(page).toHaveURL((url) => url.pathname === '/help');
    await expect(drawer).toBeHidden();
  });

  test('by keyboard: Tab reaches the menu button, Enter opens the drawer with the focus in it, Escape closes it back to the button', async ({
    page,
  }) => {
    await page.goto('/');
    await signInOnPhone(page, CLINICIAN);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(drawer).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('.ant-drawer') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the compact header: the search opens from its button, the user menu from the initials, both close again', async ({
    page,
  }) => {
    await page.goto('/');
    await signInOnPhone(page, CLINICIAN);
    const banner = page.getByRole('banner');
    const search = page.getByRole('combobox', { name: 'Search', exact: true });
    await expect(search).toBeHidden();
    await banner.getByRole('button', { name: 'Open search' }).tap();
    await expect(search).toBeVisible();
    await expect(search).toBeFocused();
    expect((await sidewaysOverflow(page)).scrollWidth).toBeLessThanOrEqual(WIDTH);
    await banner.getByRole('button', { name: 'Close search' }).tap();
    await expect(search).toBeHidden();

    await banner.getByRole('button', { name: /user menu/ }).tap();
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    await expect(logOut).toBeVisible();
    const menu = page.locator('.ant-dropdown').filter({ has: logOut });
    await expect(menu).toContainText('CLINICIAN');
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
    await expectAccessible(page, 'the user menu, open');
    await page.locator('main#carelane-content h1').first().tap();
    await expect(logOut).toBeHidden();
    expect(await visiblePopups(page)).toEqual([]);
  });
});
