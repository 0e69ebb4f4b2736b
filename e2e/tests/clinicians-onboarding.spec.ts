// Onboarding (issue 11), the whole way: the clinician manager invites a new RN from /providerOnboard; the RN
// opens the registration link of the delivered email on a phone-sized screen, registers, and walks the seven
// steps with the SPEC §4 toasts: signs the agreement (the stored PDF carries the signature at the template's
// position), enters a rate, the ZIP code she works from, submits her licence and CPR card with scans, authorizes
// the background check and passes the welcome orientation. The manager approves the three credentials; the RN is
// then a fit-score candidate for a published Austin RN visit dated on the licence's last day, and not for one
// dated after it. Each page scanned by axe: 0 serious or critical violations.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';
import { MESSAGES_DIR } from '../support/paths';

const PASSWORD = 'Nurse-password-1';
const AGREEMENT = 'Independent Contractor Agreement';
// A one-page PDF and a 1 × 1 PNG: what a phone's scan app hands over, small.
const PDF_SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PNG_SCAN = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Moves the focus to a control with Tab alone. */
async function tabTo(page: Page, role: 'button' | 'link', name: string): Promise<void> {
  const control = page.getByRole(role, { name, exact: true });
  await expect(control).toBeVisible();
  for (let i = 0; i < 60 && !(await control.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
}

/** The registration link of the invitation emailed to `emailId`, as delivered (the outbox's copy masks it). */
function invitationLink(emailId: string): string | undefined {
  return (fs.existsSync(MESSAGES_DIR) ? fs.readdirSync(MESSAGES_DIR) : [])
    .filter((name) => name.endsWith('.email.json'))
    .map(
      (name) =>
        JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, name), 'utf8')) as { to?: string; body: string },
    )
    .filter(
      (message) =>
        message.body.includes('/register?invitation=') && JSON.stringify(message).includes(emailId),
    )
    .map((message) => /https?:\/\/\S+\/register\?invitation=\S+/.exec(message.body)?.[0])
    .find((found) => found !== undefined);
}

/** 2030-06-03 → 6/3/2030, as the date fields take it. */
const typedDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${m}/${d}/${y}`;
};

type VisitRow = { id: number; episodeTitle: string; dateOfService: string };

/**
 * Two published RN visits of the demo's Austin wound-care request: the earliest (the licence is made to end on
 * its date of service, the last day it counts) and the first one dated after it.
 */
async function austinVisits(request: APIRequestContext, headers: Record<string, string>) {
  const answer = await request.get(
    `${baseUrl()}/api/operation/visits?status=Active&providerTypeId=1&pageSize=100`,
    { headers },
  );
  expect(answer.ok()).toBe(true);
  const rows = ((await answer.json()) as { rows: VisitRow[] }).rows
    .filter((row) => row.episodeTitle === 'Post-surgical wound care after knee replacement')
    .sort((a, b) => a.dateOfService.localeCompare(b.dateOfService));
  const onLastDay = rows[0]!;
  const afterExpiry = rows.find((row) => row.dateOfService > onLastDay.dateOfService)!;
  expect(afterExpiry).toBeTruthy();
  return { onLastDay, afterExpiry };
}

/** Every candidate name the match drawer of a visit lists, page by page. */
async function candidatesShown(page: Page, visitId: number): Promise<string[]> {
  await page.goto(`/visits?match=${visitId}`);
  const drawer = page.getByRole('dialog', { name: 'Find clinicians' });
  await expect(
    drawer.getByRole('list', { name: 'Candidates' }).or(drawer.getByText(/no clinician/i)),
  ).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByLabel('Loading candidates')).toHaveCount(0, { timeout: 20_000 });
  const names: string[] = [];
  for (let pageNumber = 1; pageNumber < 20; pageNumber++) {
    const cards = drawer.getByTestId('match-card');
    for (const label of await cards.evaluateAll((all) =>
      all.map((el) => el.getAttribute('aria-label') ?? ''),
    ))
      names.push(label.replace(/^Candidate /, ''));
    const next = drawer.locator('.ant-pagination-next');
    if ((await next.count()) === 0 || (await next.getAttribute('aria-disabled')) === 'true') break;
    const first = await cards.first().getAttribute('aria-label');
    await next.click();
    await expect(cards.first()).not.toHaveAttribute('aria-label', first ?? '', { timeout: 20_000 });
  }
  return names;
}

/** Continue on the current step, then its toast (when SPEC §4 gives one) and the next step's heading. */
async function continueTo(rn: Page, heading: string, toast: string | null): Promise<void> {
  const button = rn.getByRole('button', { name: 'Continue', exact: true });
  try {
    await expect(button).toBeVisible({ timeout: 15_000 });
  } catch (error) {
    // Named otherwise (e.g. still 'loading Continue') or not there: print what the accessibility tree held.
    console.log(
      `Continue not found; the page's accessibility tree:\n${await rn.locator('body').ariaSnapshot()}`,
    );
    throw error;
  }
  await button.click();
  if (toast) await expect(rn.getByText(toast).first()).toBeVisible({ timeout: 20_000 });
  await expect(rn.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 });
}

/** Submits a credential from the onboarding step's form, with its scan. */
async function submitCredential(
  rn: Page,
  credential: string,
  fields: { number: string; issuedOn: string; expiresOn: string },
  scan: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const form = rn.locator('form').filter({ has: rn.getByRole('button', { name: 'Submit for review' }) });
  const box = form.getByRole('combobox', { name: 'Credential' });
  const select = form
    .locator('.ant-select')
    .filter({ has: rn.getByRole('combobox', { name: 'Credential' }) });
  // Typed into the searchable list, then picked; again if a busy machine re-rendered the list under the tap.
  await expect(async () => {
    await box.click();
    await box.fill(credential.split(' ')[0]!);
    await rn
      .locator('.ant-select-item-option:visible', { hasText: credential })
      .first()
      .click({ timeout: 5000 });
    await expect(select).toContainText(credential, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await form.getByLabel('Number').fill(fields.number);
  await form.getByLabel('Issuing state').fill('TX');
  await form.getByLabel('Issued on').fill(fields.issuedOn);
  await form.getByLabel('Issued on').press('Tab');
  await form.getByLabel('Expires on').fill(fields.expiresOn);
  await form.getByLabel('Expires on').press('Tab');
  await form.locator('input[type=file]').setInputFiles(scan);
  await expect(form.getByText(scan.name)).toBeVisible();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(rn.getByText('Credential submitted for review.').first()).toBeVisible({ timeout: 20_000 });
  await expect(
    rn.getByRole('cell', { name: credential.replace(/ \(required\)$/, ''), exact: true }),
  ).toBeVisible();
}

test.describe('clinician onboarding', () => {
  test('a manager invites an RN, who registers, walks every step and becomes a fit-score candidate until her licence ends', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(480_000);
    const stamp = Date.now();
    const emailId = `rita.newhire.${stamp}@example.com`;
    const name = `Rita Newhire`;
    const coordinatorHeaders = {
      Authorization: `Bearer ${await apiToken(request, 'coordinator@carelane.local')}`,
    };
    const { onLastDay, afterExpiry } = await austinVisits(request, coordinatorHeaders);

    // The clinician manager invites from /providerOnboard.
    await page.goto('/');
    await signIn(page, 'clinicianmanager@carelane.local');
    await page.goto('/providerOnboard');
    await expect(page.getByRole('heading', { name: 'Clinician onboarding', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(page, '/providerOnboard (staff)');
    await page.getByLabel('First name').fill('Rita');
    await page.getByLabel('Last name').fill('Newhire');
    await page.getByLabel('Email').fill(emailId);
    await page.getByLabel('Mobile phone').fill(`512555${String(stamp).slice(-4)}`);
    // By keyboard: the list opens on the first type, RN, and Enter picks it.
    await page.getByRole('combobox', { name: 'Provider type' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'RN', exact: true })).toHaveAttribute(
      'aria-selected',
      /.*/,
    );
    await page.keyboard.press('Enter');
    await expect(
      page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: /^RN$/ }),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByText('Invitation sent successfully.').first()).toBeVisible();

    // The RN, on a phone, opens the link of the delivered email and registers.
    await expect.poll(() => invitationLink(emailId)).toBeTruthy();
    const link = new URL(invitationLink(emailId)!);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const rn = await phone.newPage();
    await rn.goto(link.pathname + link.search);
    await expect(
      rn.getByText('You are invited to join Carelane as a clinician (RN).', { exact: false }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(rn.getByLabel('First name')).toHaveValue('Rita');
    await expect(rn.getByLabel('Last name')).toHaveValue('Newhire');
    await expect(rn.getByLabel('Email')).toHaveValue(emailId);
    await expect(rn.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(rn.getByRole('combobox', { name: 'Provider type' })).toHaveCount(0);
    await expectAccessible(rn, '/register?invitation=');
    await rn.getByLabel('Password').fill(PASSWORD);
    await rn.getByRole('button', { name: 'Register' }).click();
    await expect(rn.getByText('Registration successful.').first()).toBeVisible({ timeout: 30_000 });

    // Signed in (on a phone the navigation is folded away, so the sign-in waits for the toast alone), the
    // onboarding is at its first step.
    await rn.getByLabel('Email').fill(emailId);
    await rn.getByLabel('Password').fill(PASSWORD);
    await rn.getByRole('button', { name: 'Sign in' }).click();
    await expect(rn.getByText('Login successful.')).toBeVisible({ timeout: 60_000 });
    await rn.goto('/providerOnboard');
    await expect(rn.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(rn.getByRole('heading', { name: 'Step 1 of 7: Agreement' })).toBeVisible();
    const bar = rn.getByRole('group', { name: 'Onboarding steps' });
    for (const label of [
      'Agreement',
      'Rates',
      'Skills & Preferences',
      'Credentials',
      'Background',
      'Onboarded',
    ])
      await expect(bar.getByText(label, { exact: true })).toBeVisible();
    // Keyboard only: the agreement link and Continue are reached with Tab.
    await tabTo(rn, 'link', 'Sign the agreement');
    await tabTo(rn, 'button', 'Continue');
    await expectAccessible(rn, '/providerOnboard (clinician)');
    // Not signed yet: Continue names what is missing.
    await rn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(rn.getByText(`Sign the ${AGREEMENT}.`).first()).toBeVisible();
    // Resumable: a reload comes back to the same step, from the server.
    await rn.reload();
    await expect(rn.getByRole('heading', { name: 'Step 1 of 7: Agreement' })).toBeVisible({
      timeout: 30_000,
    });

    // Agreement: read, fill, sign with the typed signature (the keyboard alternative to drawing); back to
    // onboarding by itself.
    await rn.getByRole('link', { name: 'Sign the agreement' }).click();
    await expect(rn.getByRole('heading', { level: 1, name: 'My agreements' })).toBeVisible({
      timeout: 30_000,
    });
    await rn.getByRole('button', { name: `Read and sign the ${AGREEMENT}` }).click();
    await expect(rn.getByRole('region', { name: `Text of the ${AGREEMENT}` })).toBeVisible();
    await rn.getByLabel('Legal name').fill('Rita Newhire');
    await rn.getByLabel('Start date').fill('2026-12-01');
    await rn.getByRole('checkbox', { name: 'I have read the agreement' }).check();
    await rn.getByRole('radio', { name: 'Type my name as signature' }).focus();
    await rn.keyboard.press('Space');
    await rn.getByLabel('Type your full name as your signature').fill('Rita Newhire');
    await expectAccessible(rn, '/credentialForm signing');
    await rn.getByRole('button', { name: 'Sign agreement' }).click();
    await expect(rn.getByText('Agreement signed.').first()).toBeVisible({ timeout: 30_000 });
    await expect(rn.getByRole('heading', { name: 'Step 1 of 7: Agreement' })).toBeVisible({
      timeout: 30_000,
    });
    await continueTo(rn, 'Step 2 of 7: Rates', null);

    // Rates: what she charges, in dollars, for every RN visit type.
    await expectAccessible(rn, '/providerOnboard Rates');
    for (const amount of await rn.getByRole('spinbutton').all()) await amount.fill('85');
    await continueTo(rn, 'Step 3 of 7: Skills & Preferences', 'Contract signed! Tell us your preferences.');

    // Skills & Preferences: the ZIP code she works from is enough (geocoded by the server).
    await rn.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('78701');
    await rn.getByLabel('Distance you travel (miles)').fill('25');
    await expectAccessible(rn, '/providerOnboard Skills & Preferences');
    await continueTo(
      rn,
      'Step 4 of 7: Credentials',
      "Thank you! You'll see matching requests once your account setup is complete.",
    );

    // Credentials: the licence, ending on the date of service of the first Austin visit, with a PDF scan.
    await rn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(rn.getByText('Submit your Licence or certification.').first()).toBeVisible();
    await submitCredential(
      rn,
      'Licence or certification (required)',
      { number: `RN${stamp}`, issuedOn: '1/15/2024', expiresOn: typedDate(onLastDay.dateOfService) },
      { name: 'rn-licence.pdf', mimeType: 'application/pdf', buffer: PDF_SCAN },
    );
    await expectAccessible(rn, '/providerOnboard Credentials');
    await continueTo(
      rn,
      'Step 5 of 7: Background',
      "Great job! Your credentials are in review. We'll contact you if needed.",
    );

    // Background: consent with the full legal name.
    await rn.getByRole('checkbox', { name: 'I authorize Carelane to run a background check on me.' }).check();
    await rn.getByLabel('Full legal name').fill('Rita Ann Newhire');
    await expectAccessible(rn, '/providerOnboard Background');
    await continueTo(rn, 'Step 6 of 7: More Credentials', null);

    // More Credentials: the CPR card (a PNG photo), then the welcome orientation and its quiz.
    await submitCredential(
      rn,
      'CPR/BLS card (required)',
      { number: `BLS${stamp}`, issuedOn: '3/1/2025', expiresOn: '3/1/2027' },
      { name: 'cpr-card.png', mimeType: 'image/png', buffer: PNG_SCAN },
    );
    await rn.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(rn.getByText('Pass the required orientations.').first()).toBeVisible();
    await rn.getByRole('link', { name: 'Open my orientations' }).click();
    await expect(rn.getByRole('heading', { name: 'My orientation', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await rn.getByRole('button', { name: 'Start Welcome to Carelane' }).click();
    for (const section of ['Who we are', 'Your visits']) {
      await expect(rn.getByRole('heading', { name: section })).toBeVisible();
      await rn.getByRole('button', { name: 'Next section' }).click();
    }
    await expect(rn.getByRole('heading', { name: 'When something goes wrong' })).toBeVisible();
    await rn.getByRole('button', { name: 'Go to the quiz' }).click();
    for (const answer of [
      'When I arrive at the patient',
      'The same day',
      'Tell your care coordinator at once',
    ])
      await rn.getByRole('radio', { name: answer }).check();
    await rn.getByRole('button', { name: 'Submit answers' }).click();
    await expect(rn.getByText('Passed with 100%. (3 of 3 right)')).toBeVisible();
    await rn.goto('/providerOnboard');
    await expect(rn.getByRole('heading', { name: 'Step 6 of 7: More Credentials' })).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible(rn, '/providerOnboard More Credentials');
    await continueTo(rn, 'Onboarded', "Yay! You are on the final step. Let's learn the app.");
    await expect(rn.getByText(/You have finished every onboarding step/)).toBeVisible();

    // The signed agreement: the stored PDF downloads with the SHA-256 the API reports and the typed signature
    // as an image at the template's position (180 × 48 pt at x 72, 650 pt from the top of the page).
    await rn.goto('/credentialForm');
    await expect(rn.getByRole('heading', { level: 1, name: 'My agreements' })).toBeVisible({
      timeout: 30_000,
    });
    const rnHeaders = {
      Authorization: `Bearer ${((await (await request.post(`${baseUrl()}/api/security/authenticate`, { data: { emailId, password: PASSWORD } })).json()) as { token: string }).token}`,
    };
    const agreements = (await (
      await request.get(`${baseUrl()}/api/admin/myAgreements`, { headers: rnHeaders })
    ).json()) as {
      agreements: { templateName: string; templateVersion: number; sha256: string; fileName: string }[];
    };
    const stored = agreements.agreements.find((a) => a.templateName === AGREEMENT)!;
    const [download] = await Promise.all([
      rn.waitForEvent('download'),
      rn.getByRole('button', { name: `Download ${AGREEMENT} version ${stored.templateVersion}` }).click(),
    ]);
    const bytes = fs.readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.sha256);
    const pdf = bytes.toString('latin1');
    expect(pdf).toContain('/Subtype /Image');
    expect(pdf).toMatch(/180\.? 0 0 48\.? 72\.? 94\.? cm\s*\/I\d+ Do/);
    await phone.close();

    // Before the review she is no candidate: nothing of hers is approved.
    expect(await candidatesShown(page, onLastDay.id)).not.toContain(name);

    // The clinician manager approves her three credentials from the review queue, the scan beside the form.
    await page.goto('/providercredential?pageSize=100');
    await expect(page.getByRole('heading', { name: 'Credentials to review', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    for (const [credential, scan] of [
      ['Licence or certification', 'rn-licence.pdf'],
      ['CPR/BLS card', 'cpr-card.png'],
      ['Background check', null],
    ] as const) {
      await page.getByRole('button', { name: `Open ${credential} of ${name}` }).click();
      const drawer = page.getByRole('dialog', { name: `${credential} of ${name}` });
      await expect(drawer).toBeVisible();
      // The scan beside the form: the PDF in a frame, the photo as an image.
      if (scan)
        await expect(
          drawer.locator(
            `iframe[title="Scan of ${credential}: ${scan}"], img[alt="Scan of ${credential}: ${scan}"]`,
          ),
        ).toHaveCount(1, { timeout: 20_000 });
      await expectAccessible(page, `/providercredential review of ${credential}`);
      await drawer.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Credential approved.').first()).toBeVisible();
      await expect(drawer).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Open ${credential} of ${name}` })).toHaveCount(0);
    }

    // The care coordinator staffing the Austin wound-care request: she is a candidate on the licence's last day,
    // and not the day after.
    const office = await browser.newContext();
    const coordinator = await office.newPage();
    await coordinator.goto('/');
    await signIn(coordinator, 'coordinator@carelane.local');
    expect(await candidatesShown(coordinator, onLastDay.id)).toContain(name);
    await expectAccessible(coordinator, '/visits match drawer');
    expect(await candidatesShown(coordinator, afterExpiry.id)).not.toContain(name);
    // The API agrees, over every candidate.
    for (const [visit, listed] of [
      [onLastDay, true],
      [afterExpiry, false],
    ] as const) {
      const answer = await request.get(
        `${baseUrl()}/api/operation/fitScore?visitId=${visit.id}&pageSize=100`,
        { headers: coordinatorHeaders },
      );
      expect(answer.ok()).toBe(true);
      const names = (
        (await answer.json()) as { providerList: { givenName: string; familyName: string }[] }
      ).providerList.map((row) => `${row.givenName} ${row.familyName}`);
      expect(names.includes(name), `${name} listed for the visit of ${visit.dateOfService}`).toBe(listed);
    }
    await office.close();
  });
});
