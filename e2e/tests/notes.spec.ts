// Visit notes (issue 12), the whole loop in Chromium: the demo clinician checks in to today's start of care,
// writes the note (choices, a medication row, a wound, vitals, Braden and fall-risk scores shown as typed, two
// goals from the builder), loses the server halfway (its notes routes blocked), keeps writing, reloads, and when
// the server is back the note on the server equals what was typed. She checks out and submits; the care
// coordinator rejects it with a comment; she fixes it and submits again; the coordinator approves it (Notes
// Approved) and prints every approved note of the service request into one PDF that holds it. (Her fix after
// signing clears the signature: she signs again before resubmitting, issue 24.) The organization's
// user is refused the note while it is in review and reads it once approved. axe finds no
// serious or critical violation on any page the spec visits.
import zlib from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const CLINICIAN = 'clinician@carelane.local';
const COORDINATOR = 'coordinator@carelane.local';
/** A user of the patient's organization: reads the notes of its patients once approved, no sooner. */
const ORG_USER = 'orguser@carelane.local';
/** The demo notes patient (api/src/db/seed-notes.ts), in Austin. */
const PATIENT = 'Whitmore';
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const SAVED_ON_DEVICE = 'Saved on this device — will send when online';

async function newSignedInPage(
  browser: Browser,
  emailId: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    geolocation: AUSTIN,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await signIn(page, emailId);
  return { context, page };
}

/** The antd select around a combobox: its input is zero-width in a select without search. */
function selectFrameOf(box: Locator): Locator {
  return box.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
}

/** Picks an option of a choice field: a radio of a small list, or an option of a select (typed when searchable). */
async function choose(scope: Locator | Page, page: Page, label: string, option: string): Promise<void> {
  const group = scope.getByRole('radiogroup', { name: label, exact: true });
  if (await group.count()) {
    await group.getByRole('radio', { name: option, exact: true }).check();
    return;
  }
  const box = scope.getByRole('combobox', { name: label, exact: true });
  const exactly = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
  await expect(async () => {
    await selectFrameOf(box).click();
    if (await box.isEditable()) await box.fill(option);
    await page
      .locator('.ant-select-item-option:visible')
      .filter({ hasText: exactly })
      .first()
      .click({ timeout: 5000 });
    await page.keyboard.press('Escape');
    await expect(selectFrameOf(box)).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

/** The visit card of today's start of care (the one patient of the notes demo). */
function visitCard(page: Page): Locator {
  return page.locator('.ant-card').filter({ hasText: PATIENT });
}

/** Check in or out from the clinician's visits, through the confirmation. */
async function evv(page: Page, action: 'Check in' | 'Check out'): Promise<void> {
  await page.goto('/providervisits');
  const card = visitCard(page).filter({ has: page.getByRole('button', { name: action, exact: true }) });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await card.getByRole('button', { name: action, exact: true }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByText(action === 'Check in' ? /checked in/i : /checked out/i).first()).toBeVisible();
}

async function serverNote(request: APIRequestContext, token: string, visitId: number) {
  const response = await request.get(`${baseUrl()}/api/notes/visits/${visitId}/note`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    visit: { status: string; statusLabel: string };
    note: { version: number; values: Record<string, unknown> } | null;
  };
}

test.describe('visit notes', () => {
  test('a start-of-care note survives a lost server, is rejected, fixed, approved and printed', async ({
    browser,
    request,
  }) => {
    test.setTimeout(420_000);
    const clinician = await newSignedInPage(browser, CLINICIAN);
    const page = clinician.page;
    const token = await apiToken(request, CLINICIAN);

    // 1. Check in to today's start of care, then open its note from the visit card.
    await evv(page, 'Check in');
    // The visit under way: the one that now offers the check-out.
    await visitCard(page)
      .filter({ has: page.getByRole('button', { name: 'Check out', exact: true }) })
      .getByRole('link', { name: 'Write notes' })
      .click();
    await expect(page).toHaveURL(/\/note\?visitId=\d+/);
    const visitId = Number(new URL(page.url()).searchParams.get('visitId'));
    await expect(page.getByRole('heading', { name: 'Visit note', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Start of care').first()).toBeVisible();
    await expectAccessible(page, '/note (clinician)');

    // 2. Choices, times, a medication row, a wound, vitals.
    await choose(page, page, 'Reason for assessment', 'Start of care');
    await page.getByRole('textbox', { name: 'Time in', exact: true }).fill('09:05');
    await page.getByRole('textbox', { name: 'Time out', exact: true }).fill('10:10');
    await page.getByRole('button', { name: 'Add medication' }).click();
    const medication = page.getByRole('group', { name: 'Medication profile 1' });
    await medication.getByRole('textbox', { name: 'Medication name (row 1)', exact: true }).fill('Metformin');
    await medication.getByRole('textbox', { name: 'Dose (row 1)', exact: true }).fill('500 mg');
    await choose(medication, page, 'Status (row 1)', 'New');
    await page.getByRole('button', { name: 'Add wound' }).click();
    const wound = page.getByRole('group', { name: 'Wounds 1' });
    await wound.getByRole('textbox', { name: 'Location (row 1)', exact: true }).fill('Left hip incision');
    await choose(wound, page, 'Wound type (row 1)', 'Surgical wound');
    await wound.getByRole('spinbutton', { name: 'Length (row 1)', exact: true }).fill('8');
    await wound.getByRole('spinbutton', { name: 'Width (row 1)', exact: true }).fill('1');
    await page.getByRole('spinbutton', { name: 'Temperature', exact: true }).fill('98.6');
    await page.getByRole('spinbutton', { name: 'Pulse', exact: true }).fill('76');
    await page.getByRole('spinbutton', { name: 'Blood pressure systolic', exact: true }).fill('132');
    await page.getByRole('spinbutton', { name: 'Blood pressure diastolic', exact: true }).fill('84');

    // 3. Scores as typed: Braden 3+3+2+3+3+2 = 16 (mild risk); a history of falls alone is 15 (at risk).
    const braden = page.locator('output').filter({ hasText: 'Braden score' });
    await expect(braden).toContainText('not scored yet');
    for (const [item, option] of [
      ['Sensory perception', 'Slightly limited'],
      ['Moisture', 'Occasionally moist'],
      ['Activity', 'Chairfast'],
      ['Mobility', 'Slightly limited'],
      ['Nutrition intake', 'Adequate'],
      ['Friction and shear', 'Potential problem'],
    ] as const) {
      await choose(page, page, item, option);
    }
    await expect(braden).toContainText('16 — Mild risk');
    await choose(page, page, 'Fall risk factors', 'History of falls (within the last 3 months)');
    await expect(page.locator('output').filter({ hasText: 'Fall risk' })).toContainText('15 — At risk');

    // Everything so far reaches the server (a field left saves it).
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).fill('Alert and oriented.');
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).blur();
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.narrative, {
        timeout: 20_000,
      })
      .toBe('Alert and oriented.');

    // 4. The server goes away: she keeps writing, and the page says the note is kept on the device.
    await page.route('**/api/notes/**', (route) => route.abort('connectionrefused'));
    await page
      .getByRole('textbox', { name: 'Narrative', exact: true })
      .fill('Alert and oriented. Incision clean and dry.');
    await page.getByRole('textbox', { name: 'Narrative', exact: true }).blur();
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible({ timeout: 20_000 });

    // She reloads with the server still gone: everything typed is back, and she goes on.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Narrative', exact: true })).toHaveValue(
      'Alert and oriented. Incision clean and dry.',
      {
        timeout: 30_000,
      },
    );
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Medication profile 1' })
        .getByRole('textbox', { name: 'Medication name (row 1)', exact: true }),
    ).toHaveValue('Metformin');
    await expect(braden).toContainText('16 — Mild risk');

    // Two goals from the builder.
    for (const goal of [
      { category: 'Integumentary', person: 'Patient' },
      { category: 'Falls', person: 'Patient/Caregiver' },
    ]) {
      await choose(page, page, 'Category', goal.category);
      await choose(page, page, 'Person', goal.person);
      for (const name of ['Action', 'Phrase']) {
        const box = page.getByRole('combobox', { name, exact: true });
        await expect(async () => {
          await selectFrameOf(box).click();
          const first = page.locator('.ant-select-item-option:visible').first();
          const label = (await first.innerText({ timeout: 5000 })).trim();
          await first.click({ timeout: 5000 });
          await expect(selectFrameOf(box)).toContainText(label, { timeout: 2000 });
        }).toPass({ timeout: 30_000 });
      }
      for (const fill of await page.locator('.note-form-goals input[aria-required="true"]').all()) {
        if ((await fill.getAttribute('role')) !== 'combobox') await fill.fill('3');
      }
      await choose(page, page, 'Timeframe (optional)', 'within 4 weeks');
      await page.getByRole('button', { name: 'Add goal' }).click();
    }
    await expect(page.getByRole('list', { name: 'Goals' }).getByRole('listitem')).toHaveCount(2);
    const goalTexts = await page.getByRole('list', { name: 'Goals' }).getByRole('listitem').allInnerTexts();

    await page.getByRole('textbox', { name: 'Clinician signature', exact: true }).fill('Casey Rivera');
    await page.getByRole('button', { name: 'Sign', exact: true }).click();

    // 5. The server comes back: the note on the server equals what was typed.
    await page.unroute('**/api/notes/**');
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeHidden({ timeout: 30_000 });
    await expect
      .poll(async () => (await serverNote(request, token, visitId)).note?.values.signature, {
        timeout: 30_000,
      })
      .toMatchObject({ name: 'Casey Rivera' });
    const saved = (await serverNote(request, token, visitId)).note!.values;
    expect(saved).toMatchObject({
      assessmentReason: '01',
      timeIn: '09:05',
      timeOut: '10:10',
      narrative: 'Alert and oriented. Incision clean and dry.',
      medications: [{ name: 'Metformin', dose: '500 mg', status: 'New' }],
      wounds: [{ location: 'Left hip incision', length: 8, width: 1 }],
      bradenScore: { total: 16, level: 'Mild risk' },
      fallRiskScore: { total: 15, level: 'At risk' },
    });
    expect((saved.vitals as Record<string, { value: number }>).pulse?.value).toBe(76);
    const goals = saved.goals as { text: string }[];
    expect(goals).toHaveLength(2);
    for (const [i, goal] of goals.entries()) expect(goalTexts[i]).toContain(goal.text);

    // 6. Check out, then submit for review.
    await evv(page, 'Check out');
    await page.goto(`/note?visitId=${visitId}`);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Notes submitted for review.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Narrative', exact: true })).toHaveCount(0);
    expect((await serverNote(request, token, visitId)).visit.status).toBe('NotesInReview');

    // The organization's user may not read it while it is in review: refused on screen and by the API.
    const organization = await newSignedInPage(browser, ORG_USER);
    const orgPage = organization.page;
    await orgPage.goto(`/note?visitId=${visitId}`);
    await expect(orgPage.getByText('The note of this visit is not approved yet.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(orgPage.getByText('Metformin')).toHaveCount(0);
    await expectAccessible(orgPage, '/note (organization, in review)');
    const orgToken = await apiToken(request, ORG_USER);
    const refused = await request.get(`${baseUrl()}/api/notes/visits/${visitId}/note`, {
      headers: { authorization: `Bearer ${orgToken}` },
    });
    expect(refused.status()).toBe(403);

    // 7. The coordinator finds it in the review queue, comments on the wound and rejects it.
    const reviewer = await newSignedInPage(browser, COORDINATOR);
    const review = reviewer.page;
    await review.goto('/notes?status=NotesInReview');
    await expect(review.getByRole('heading', { name: 'Visit notes', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(review, '/notes (review queue)');
    await review.locator(`a[href="/note?visitId=${visitId}"]`).first().click();
    await expect(review.getByRole('button', { name: 'Approve', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(review, '/note (reviewer)');
    await review.getByRole('button', { name: 'Comment on Wounds' }).click();
    await review.getByRole('dialog').getByRole('textbox').fill('Add the wound depth.');
    await review.getByRole('dialog').getByRole('button', { name: 'Add comment' }).click();
    await expect(review.getByRole('list', { name: 'Comments on Wounds' })).toContainText(
      'Add the wound depth.',
    );
    await expect(review.getByText('Comment added successfully!')).toBeVisible();
    await expect(review.getByRole('dialog')).toBeHidden();
    await review.getByRole('button', { name: 'Reject', exact: true }).click();
    await review.getByRole('dialog').getByRole('textbox').fill('Wound measurements are incomplete.');
    await review.getByRole('dialog').getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(review.getByText('Notes sent back to the clinician.')).toBeVisible();

    // 8. The clinician sees the reason and the comment, fixes the wound and submits again.
    await page.reload();
    await expect(page.getByText('Wound measurements are incomplete.').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Add the wound depth.').first()).toBeVisible();
    await page
      .getByRole('group', { name: 'Wounds 1' })
      .getByRole('spinbutton', { name: 'Depth (row 1)', exact: true })
      .fill('0.3');
    // A change after signing clears the signature (issue 24): she signs again.
    await page.getByRole('spinbutton', { name: 'Depth (row 1)', exact: true }).blur();
    await expect(page.getByText('The note changed after it was signed. Sign it again.').first()).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('textbox', { name: 'Clinician signature', exact: true }).fill('Casey Rivera');
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByText('Notes submitted for review.')).toBeVisible();
    const resubmitted = await serverNote(request, token, visitId);
    expect(resubmitted.visit.status).toBe('NotesInReview');
    expect(resubmitted.note!.values.wounds).toMatchObject([{ depth: 0.3 }]);

    // 9. The coordinator approves: Notes Approved.
    await review.reload();
    await review.getByRole('button', { name: 'Approve', exact: true }).click();
    await review.locator('.ant-popconfirm').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(review.getByText('Notes completed.')).toBeVisible();
    await expect(review.getByText('Notes Approved').first()).toBeVisible();
    expect((await serverNote(request, token, visitId)).visit.status).toBe('NotesApproved');
    // Approved, the organization's user reads it, without a way to change it.
    await orgPage.reload();
    await expect(orgPage.getByText('Metformin').first()).toBeVisible({ timeout: 30_000 });
    await expect(orgPage.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
    await expect(orgPage.getByRole('textbox', { name: 'Narrative', exact: true })).toHaveCount(0);
    await organization.context.close();

    // 10. Print all notes of the service request: one PDF holding this note.
    await review.goto('/notes?status=NotesApproved');
    await review.locator(`a[href="/note?visitId=${visitId}"]`).first().waitFor();
    const episodeId = await episodeOf(request, visitId);
    const today = new Date().toISOString().slice(0, 10);
    await review.goto(`/notesPrint?episodeId=${episodeId}&startDate=2000-01-01&endDate=${today}`);
    await expectAccessible(review, '/notesPrint');
    await review.getByRole('button', { name: 'Print all notes' }).click();
    const downloadButton = review.getByRole('link', { name: /^Download notes-/ });
    await expect(downloadButton).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([review.waitForEvent('download'), downloadButton.click()]);
    const pdf = await download.createReadStream().then(
      (stream) =>
        new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
          stream.on('error', reject);
        }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Whitmore');
    expect(text).toContain('Signed by Casey Rivera');
    expect(text).toContain('Left hip incision');

    await reviewer.context.close();
    await clinician.context.close();
  });
});

/** The service request of a visit, through the coordinator's API. */
async function episodeOf(request: APIRequestContext, visitId: number): Promise<number> {
  const token = await apiToken(request, COORDINATOR);
  const response = await request.get(`${baseUrl()}/api/notes/visits/${visitId}/note`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { visit: { episodeId: number } }).visit.episodeId;
}

/** The text of a PDF's page streams, inflated (jsPDF compresses them): enough to find the words printed. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const body = pdf.subarray(start, end);
      parts.push(zlib.inflateSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1'));
    } catch {
      parts.push(raw.slice(start, end));
    }
  }
  return parts.join('\n');
}
