// The goal phrase library (issue 12, /noteTemplates) in Chromium: the administrator adds a goal template and
// changes it with the keyboard alone, finds it in the list by category and words (both in the URL), and axe finds
// no serious or critical violation on the list or the form. A clinician and an organization user get the shell's
// no-access page, no menu entry, and a 403 from the API for a write.
import type { Browser, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, navigationLinks, signIn, test } from '../support/fixtures';

const ADMIN = 'admin@carelane.local';

/** Presses Tab until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${max} presses of Tab did not reach ${target.toString()}`);
}

async function signedInPage(browser: Browser, emailId: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, emailId);
  return page;
}

test.describe('goal templates', () => {
  test('the administrator adds a goal template and changes it with the keyboard; it shows in the list', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const phrase = `{count} fall risks named at home ${stamp}`;
    const changed = `{count} fall risks removed at home ${stamp}`;
    await page.goto('/');
    await signIn(page, ADMIN);
    await goInApp(page, '/noteTemplates');
    await expect(page.getByRole('heading', { level: 1, name: 'Goal templates' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Goal templates' });
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, '/noteTemplates');

    // A form sent empty names each field it needs.
    const add = page.getByRole('button', { name: 'New goal template' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New goal template' });
    await expect(form).toBeVisible();
    await tabTo(page, form.getByRole('button', { name: 'Add template' }));
    await page.keyboard.press('Enter');
    await expect(form.getByText('Choose the category.')).toBeVisible();
    await expect(form.getByText('Enter the phrase.')).toBeVisible();
    await expectAccessible(page, 'the new goal template form, with its errors');

    await tabTo(page, form.getByRole('combobox', { name: 'Category' }));
    await page.keyboard.type('Falls');
    await page.keyboard.press('Enter');
    await expect(form.locator('.ant-select').first()).toContainText('Falls');
    await tabTo(page, form.getByRole('combobox', { name: 'Person' }));
    await page.keyboard.type('Patient/Caregiver');
    await tabTo(page, form.getByRole('combobox', { name: 'Action' }));
    await page.keyboard.type('will verbalize');
    await tabTo(page, form.getByLabel('Phrase'));
    await page.keyboard.type(phrase);
    await expect(form.getByText('Fill-ins: count.')).toBeVisible();
    await tabTo(page, form.getByLabel('German text'));
    await page.keyboard.type('{count} Sturzrisiken zu Hause');
    await tabTo(page, form.getByRole('button', { name: 'Add template' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Goal template saved.')).toBeVisible();
    await expect(form).toBeHidden();

    const search = page.getByRole('searchbox', { name: 'Search goal templates' });
    await tabTo(page, search);
    await page.keyboard.type(stamp);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]search=${stamp}`));
    const row = table.getByRole('row').filter({ hasText: stamp });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Falls');
    await expect(row).toContainText('Patient/Caregiver');
    await expect(row).toContainText('will verbalize');
    await expect(row).toContainText('{count} Sturzrisiken zu Hause');

    const edit = row.getByRole('button', { name: /^Edit the goal template Falls:/ });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const editForm = page.getByRole('dialog', { name: 'Edit goal template' });
    await expect(editForm.getByLabel('Phrase')).toHaveValue(phrase);
    await expectAccessible(page, 'the edit goal template form');
    await tabTo(page, editForm.getByLabel('Phrase'));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(changed);
    await tabTo(page, editForm.getByRole('button', { name: 'Save changes' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Goal template saved.').last()).toBeVisible();
    await expect(editForm).toBeHidden();
    await expect(row).toContainText(changed);

    // The category filter keeps it, in the URL too; the next goal builder reads it from the API.
    await page.goto(`/noteTemplates?category=Falls&search=${stamp}`);
    await expect(table.getByRole('row').filter({ hasText: changed })).toHaveCount(1);
    const token = await apiToken(page.request, ADMIN);
    const library = await page.request.get(`${baseUrl()}/api/notes/templates`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const saved = ((await library.json()) as { rows: { phrase: string; version: number }[] }).rows.find(
      (template) => template.phrase === changed,
    );
    expect(saved?.version).toBe(1);
  });

  test('a clinician or an organization user is refused the page, and the API refuses their writes', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    for (const emailId of ['clinician@carelane.local', 'orguser@carelane.local']) {
      const page = await signedInPage(browser, emailId);
      expect(await navigationLinks(page), emailId).not.toContain('Goal templates');
      await page.goto('/noteTemplates');
      await expect(page.getByText('No access')).toBeVisible();
      await expect(
        page.getByText("You don't have access to Goal templates.", { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'Goal templates' })).toHaveCount(0);
      await expectAccessible(page, `/noteTemplates refused to ${emailId}`);
      const token = await apiToken(page.request, emailId);
      const write = await page.request.post(`${baseUrl()}/api/notes/templates`, {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          category: 'Falls',
          person: 'Patient',
          action: 'will have',
          phrase: 'no falls',
          phraseDe: null,
        },
      });
      expect(write.status(), emailId).toBe(403);
      await page.context().close();
    }
  });
});
