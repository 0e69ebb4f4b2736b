// Never lose a note (issue 24), in Chromium: the demo clinician's Notes Due start of care. A pulse of 400 is saved
// by the autosave as typed (no 'Note not auto-saved…'), and only the submit refuses it, the error on the field. A
// change made one second before the tab closes, or before she leaves the page (warned first), reaches the server.
// Offline, a change says at once that it is only on the device, and it is sent as soon as the connection returns.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { NOTE_TEXTS } from '@carelane/shared-domain';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const CLINICIAN = 'clinician@carelane.local';

type ServerNote = {
  visit: { status: string };
  note: { version: number; values: Record<string, unknown> } | null;
};

async function serverNote(request: APIRequestContext, token: string, visitId: number): Promise<ServerNote> {
  const response = await request.get(`${baseUrl()}/api/notes/visits/${visitId}/note`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerNote;
}

/** The clinician's Notes Due start of care (seeded without a note). */
async function notesDueStartOfCare(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${baseUrl()}/api/notes/notes?status=NotesDue&pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { rows } = (await response.json()) as { rows: { visitId: number; noteType: string | null }[] };
  const row = rows.find((r) => r.noteType === 'SOC');
  expect(row, 'a Notes Due start of care of the demo clinician').toBeTruthy();
  return row!.visitId;
}

async function openNote(browser: Browser, visitId: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, CLINICIAN);
  await page.goto(`/note?visitId=${visitId}`);
  await expect(page.getByRole('textbox', { name: 'Narrative', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  return page;
}

test.describe('a note is never lost', () => {
  let token = '';
  let visitId = 0;

  test.beforeAll(async ({ request }) => {
    token = await apiToken(request, CLINICIAN);
    visitId = await notesDueStartOfCare(request, token);
  });

  test('a pulse of 400 is autosaved as typed; only the submit refuses it, on the field', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const page = await openNote(browser, visitId);
    const pulse = page.getByRole('spinbutton', { name: 'Pulse', exact: true });
    await pulse.fill('400');
    await pulse.blur();
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.vitals, { timeout: 20_000 })
      .toMatchObject({ pulse: { value: 400 } });
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expect(page.getByText(NOTE_TEXTS.autoSaveFailed)).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Submit', exact: true }).click();
    // In the note (a toast may say it too, for a while).
    await expect(
      page
        .getByRole('region', { name: 'Visit note' })
        .getByRole('alert')
        .filter({ hasText: NOTE_TEXTS.submitFailed }),
    ).toBeVisible();
    // On the field: the reading is marked invalid and the field says why.
    await expect(pulse).toHaveAttribute('aria-invalid', 'true');
    const vitals = page.locator('.note-form-field').filter({ has: pulse }).last();
    await expect(vitals).toContainText('Out of range: 20–250 bpm');
    await expect(page.locator('[data-field$="-vitals"]')).toContainText('pulse: must be between 20 and 250');
    expect((await serverNote(request, token, visitId)).visit.status).toBe('NotesDue');
    await expect(page.getByText(NOTE_TEXTS.autoSaveFailed)).toHaveCount(0);

    // Put back in range for the next steps.
    await pulse.fill('76');
    await pulse.blur();
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.vitals, { timeout: 20_000 })
      .toMatchObject({ pulse: { value: 76 } });
    await page.context().close();
  });

  test('a change made one second before the tab closes reaches the server', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const page = await openNote(browser, visitId);
    const text = `Typed one second before closing (${Date.now()}).`;
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill(text);
    await page.waitForTimeout(1_000);
    await page.close({ runBeforeUnload: false });
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.narrative, {
        timeout: 15_000,
      })
      .toBe(text);
  });

  test('leaving the page one second after a change warns first, and the change reaches the server', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const page = await openNote(browser, visitId);
    const text = `Typed one second before leaving (${Date.now()}).`;
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill(text);
    await page.waitForTimeout(1_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.evaluate(() => window.location.assign('/notes'));
    await expect(page).toHaveURL(/\/notes/, { timeout: 30_000 });
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.narrative, {
        timeout: 15_000,
      })
      .toBe(text);
    expect(dialogs).toEqual(['beforeunload']);
    await page.context().close();
  });

  test('offline, a change says it is on this device; back online it is sent at once', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const page = await openNote(browser, visitId);
    await page.context().setOffline(true);
    const text = `Typed offline (${Date.now()}).`;
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill(text);
    await expect(page.getByText(NOTE_TEXTS.savedOnDevice)).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await page.context().setOffline(false);
    await expect(page.getByText('All changes saved.')).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(NOTE_TEXTS.savedOnDevice)).toHaveCount(0);
    expect((await serverNote(request, token, visitId)).note?.values.narrative).toBe(text);
    await page.context().close();
  });
});
