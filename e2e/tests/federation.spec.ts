import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_LOG, STATIC_DIR, ROOT } from '../support/paths';
import { expect, goInApp, signIn, test } from '../support/fixtures';

const AREA_ROUTES: Record<string, string> = {
  'mf-scheduling': '/episodes',
  'mf-clinicians': '/providers',
  'mf-billing': '/invoices',
  'mf-notes': '/notes',
  'mf-reports': '/reports',
  'mf-messaging': '/messages',
};
const DYNAMIC_PAGE_LOADING_FAILED = 'Dynamic page loading failed';

test.describe('the federated areas', () => {
  test('with all six areas loaded there is one React, one bus, one query cache and one antd theme', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    for (const [area, route] of Object.entries(AREA_ROUTES)) {
      await goInApp(page, route);
      await expect(page.locator(`[data-area="${area}"] h1`)).toBeVisible();
    }
    const report = await page.evaluate(() => {
      const records = (globalThis as unknown as Record<symbol, Record<string, Record<string, unknown>>>)[
        Symbol.for('carelane.singletons')
      ]!;
      const shell = records.shell!;
      const differences: string[] = [];
      for (const [owner, record] of Object.entries(records)) {
        for (const key of Object.keys(shell)) {
          if (record[key] !== shell[key]) differences.push(`${owner}.${key}`);
        }
      }
      return { owners: Object.keys(records).sort(), keys: Object.keys(shell).sort(), differences };
    });
    expect(report.owners).toEqual(['shell', ...Object.keys(AREA_ROUTES)].sort());
    expect(report.keys).toEqual(
      expect.arrayContaining([
        'react',
        'reactDomClient',
        'antd',
        'rxjs',
        'reactQuery',
        'dayjs',
        'bus',
        'queryClient',
        'theme',
        'colorPrimary',
      ]),
    );
    expect(report.differences).toEqual([]);
  });

  test("an area pointed at a dead address shows 'Dynamic page loading failed' while the other areas work", async ({
    page,
  }) => {
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const lines = (await response.json()) as { name: string; manifest: string }[];
      for (const line of lines)
        if (line.name === 'mf-reports') line.manifest = 'http://127.0.0.1:9/mf-manifest.json';
      await route.fulfill({ response, json: lines });
    });
    const logBefore = fs.readFileSync(SERVER_LOG, 'utf8').length;
    await page.goto('/');
    await signIn(page, 'executive@carelane.local');
    await goInApp(page, '/reports');
    await expect(
      page.getByText(`${DYNAMIC_PAGE_LOADING_FAILED}: Reports is not available right now.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(console.some((text) => text.includes(DYNAMIC_PAGE_LOADING_FAILED))).toBe(true);
    await expect
      .poll(() => fs.readFileSync(SERVER_LOG, 'utf8').slice(logBefore))
      .toContain(`client: ${DYNAMIC_PAGE_LOADING_FAILED}`);

    for (const route of ['/invoices', '/episodes', '/messages']) {
      await goInApp(page, route);
      await expect(page.locator('main#carelane-content h1').first()).toBeVisible();
      await expect(page.getByText(DYNAMIC_PAGE_LOADING_FAILED, { exact: false })).toHaveCount(0);
    }
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('an area that failed to load comes back with Retry once its address answers again', async ({
    page,
  }) => {
    await page.route('**/remotes/mf-messaging/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await goInApp(page, '/inbox');
    await expect(page.getByText(DYNAMIC_PAGE_LOADING_FAILED, { exact: false })).toBeVisible();
    await page.unroute('**/remotes/mf-messaging/mf-manifest.json');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.locator('[data-area="mf-messaging"]').getByRole('heading', { level: 1, name: 'Inbox' }),
    ).toBeVisible();
    await expect(page.getByText(DYNAMIC_PAGE_LOADING_FAILED, { exact: false })).toHaveCount(0);
  });

  test('one area rebuilt and published alone is served at the next page load, without rebuilding the shell', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const shellEntry = path.join(STATIC_DIR, 'main.js');
    const shellBefore = fs.readFileSync(shellEntry);
    const shellDistBefore = fs.statSync(path.join(ROOT, 'shell/dist/main.js')).mtimeMs;

    await page.goto('/');
    await signIn(page, 'backoffice@carelane.local');
    await goInApp(page, '/invoices');
    const frame = page.locator('[data-area="mf-billing"]');
    const buildBefore = await frame.getAttribute('data-build');

    const label = `e2e-${Date.now()}`;
    const { publishArea } = (await import(
      pathToFileURL(path.join(ROOT, 'scripts/publish-area.mjs')).href
    )) as {
      publishArea: (area: string, options: object) => { manifest: string };
    };
    const line = publishArea('mf-billing', { staticDir: STATIC_DIR, label, log: () => undefined });
    expect(line.manifest).toBe(`/remotes/mf-billing@${label}/mf-manifest.json`);

    await page.reload();
    await expect(frame.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(frame).toHaveAttribute('data-build', `mf-billing@${label}`);
    expect(buildBefore).not.toBe(`mf-billing@${label}`);
    expect(fs.readFileSync(shellEntry).equals(shellBefore)).toBe(true);
    expect(fs.statSync(path.join(ROOT, 'shell/dist/main.js')).mtimeMs).toBe(shellDistBefore);
  });
});
