// The clinician list /providers (issue 11, decision 021): filters in the URL, the distance from a ZIP code,
// the CSV of the filtered list, axe-core with 0 serious or critical violations, keyboard use, and the roles
// refused on screen and by the API.
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';

type ListAnswer = {
  providers: { id: number; givenName: string; familyName: string; distanceMiles?: number }[];
  pageTotalCount: number;
};

/** Presses Tab (or Shift+Tab) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${max} presses of ${key} did not reach ${target.toString()}`);
}

/** The table's rows once the list has loaded (the spinner gone). */
async function settled(page: Page): Promise<Locator> {
  const table = page.getByRole('table', { name: 'Clinicians' });
  await expect(table).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  return table;
}

test.describe('clinician list', () => {
  test('a clinician manager finds active clinicians near a ZIP code, keeps the filters in the URL and exports them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, 'clinicianmanager@carelane.local');
    const headers = { Authorization: `Bearer ${token}` };
    const active = (await (
      await request.get(`${baseUrl()}/api/admin/providers`, { headers })
    ).json()) as ListAnswer;
    const near = (await (
      await request.get(`${baseUrl()}/api/admin/providers?zipcode=78701&distance=10&pageSize=100`, {
        headers,
      })
    ).json()) as ListAnswer;
    expect(near.pageTotalCount).toBeGreaterThan(0);
    expect(near.pageTotalCount).toBeLessThan(active.pageTotalCount);

    await page.goto('/');
    await signIn(page, 'clinicianmanager@carelane.local');
    await goInApp(page, '/providers');
    await expect(page.getByRole('heading', { level: 1, name: 'Clinicians' })).toBeVisible();
    let table = await settled(page);
    // SPEC §4's default: active clinicians (provider status 3), 10 a page, with the summary line.
    await expect(
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Status' }) }),
    ).toContainText('Active');
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`Showing 1–10 of ${active.pageTotalCount}`)).toBeVisible();
    await expect(table.getByLabel(/^Provider rating/).first()).toBeVisible();
    await expect(table.getByRole('img', { name: /^Engagement: / }).first()).toBeVisible();
    await expectAccessible(page, '/providers');

    // A ZIP code and a distance: nearest first, each with its distance, the filters in the URL.
    await page.getByRole('searchbox', { name: 'ZIP code' }).fill('78701');
    await page.getByRole('searchbox', { name: 'ZIP code' }).press('Enter');
    await expect(page).toHaveURL(/[?&]zipcode=78701/);
    // The distance select with the keyboard: ArrowDown opens it on 5 miles, ArrowDown again is 10, Enter picks it.
    const distance = page.getByRole('combobox', { name: 'Distance' });
    await expect(distance).toBeEnabled();
    await distance.focus();
    await page.keyboard.press('ArrowDown');
    const ten = page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'Within 10 miles' });
    await expect(ten).toBeAttached();
    for (let presses = 0; presses < 6; presses++) {
      if ((await ten.getAttribute('class'))?.includes('ant-select-item-option-active')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]distance=10/);
    table = await settled(page);
    const shown = Math.min(10, near.pageTotalCount);
    await expect(page.getByText(`Showing 1–${shown} of ${near.pageTotalCount}`)).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /Distance/ })).toBeVisible();
    const first = near.providers[0]!;
    await expect(table.getByRole('row').nth(1)).toContainText(`${first.familyName}, ${first.givenName}`);
    await expect(table.getByRole('row').nth(1)).toContainText(`${first.distanceMiles} mi`);

    // A reload keeps them.
    await page.reload();
    table = await settled(page);
    await expect(page.getByText(`Showing 1–${shown} of ${near.pageTotalCount}`)).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'ZIP code' })).toHaveValue('78701');
    await expectAccessible(page, '/providers?zipcode=78701&distance=10');

    // The CSV holds the whole filtered list.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^clinicians-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toContain('Distance (miles)');
    expect(lines).toHaveLength(near.pageTotalCount + 1);
  });

  test('keyboard only: search with Enter, sort by a header, open a clinician with Enter', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, 'admin@carelane.local');
    const list = (await (
      await request.get(`${baseUrl()}/api/admin/providers?pageSize=1`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as ListAnswer;
    const clinician = list.providers[0]!;
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    await goInApp(page, '/providers');
    await settled(page);
    const search = page.getByLabel('Search clinicians');
    await tabTo(page, search);
    await page.keyboard.type(clinician.familyName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]search=/);
    const link = page.locator(`a[href$="/provider?providerId=${clinician.id}"]`);
    await expect(link).toBeVisible();

    // The Status select with the arrow keys: every status.
    const status = page.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    await page.keyboard.press('ArrowDown');
    const every = page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: 'All statuses' });
    await expect(every).toBeVisible();
    for (let presses = 0; presses < 8; presses++) {
      if ((await every.getAttribute('class'))?.includes('ant-select-item-option-active')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]providerStatusId=0/);

    // A sortable header takes Enter.
    const lastLogin = page.getByRole('columnheader', { name: /Last login/ });
    await tabTo(page, lastLogin);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]sort=lastLogin/);

    await tabTo(page, link);
    await tabTo(page, search, 'Shift+Tab', 40);
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/provider\\?providerId=${clinician.id}$`));
  });

  test('organization users and clinicians are refused the list on screen and by the API', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    for (const email of ['orguser@carelane.local', 'clinician@carelane.local']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/`);
      await signIn(page, email);
      await page.goto(`${baseUrl()}/providers`);
      await expect(page.getByText("You don't have access to Clinicians.", { exact: false })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Clinicians' })).toHaveCount(0);
      await context.close();
      const headers = { Authorization: `Bearer ${await apiToken(request, email)}` };
      for (const path of ['/api/admin/providers', '/api/admin/providers/export']) {
        expect((await request.get(`${baseUrl()}${path}`, { headers })).status(), `${email} ${path}`).toBe(
          403,
        );
      }
    }
  });
});
