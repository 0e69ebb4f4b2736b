// Onboarding (issue 11): the clinician manager invites a new RN from /providerOnboard; the RN opens the
// registration link of the delivered email on a phone-sized screen, registers with the invited details, signs in
// and finds their onboarding at its first step, Agreement. Each page scanned by axe: 0 serious or critical
// violations. The walk stops at Agreement: signing the agreement (/credentialForm) is not built and committed
// yet, and the Contract step cannot be satisfied otherwise.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { describeFindings, seriousViolations, stillMotion, type AxeFinding } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';
import { MESSAGES_DIR } from '../support/paths';

const PASSWORD = 'Nurse-password-1';

async function expectAccessible(page: Page, name: string): Promise<void> {
  await stillMotion(page);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  const found = await seriousViolations(page);
  expect(found, describeFindings(new Map<string, AxeFinding[]>([[name, found]]))).toEqual([]);
}

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

test.describe('clinician onboarding', () => {
  test('a manager invites an RN, who registers from the emailed link and starts at the Agreement step', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const emailId = `rita.newhire.${stamp}@example.com`;

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
    await expect(page.getByText(`Invitation sent to ${emailId}.`).first()).toBeVisible();

    // The RN, on a phone, opens the link of the delivered email.
    await expect.poll(() => invitationLink(emailId)).toBeTruthy();
    const link = new URL(invitationLink(emailId)!);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const rn = await phone.newPage();
    await rn.goto(link.pathname + link.search);
    await expect(
      rn.getByText('You are invited to join Carelane as a clinician (RN).', { exact: false }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(rn.getByLabel('First name')).toHaveValue('Rita');
    await expect(rn.getByLabel('Last name')).toHaveValue('Newhire');
    await expect(rn.getByLabel('Email')).toHaveValue(emailId);
    await expect(rn.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(rn.getByRole('combobox', { name: 'Provider type' })).toHaveCount(0);
    await expectAccessible(rn, '/register?invitation=');
    await rn.getByLabel('Password').fill(PASSWORD);
    await rn.getByRole('button', { name: 'Register' }).click();
    await expect(rn.getByText('Registration successful.').first()).toBeVisible({ timeout: 30_000 });

    // Signed in, the RN's onboarding is at its first step.
    // On a phone the navigation is folded away, so the sign-in waits for the toast alone.
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
    await expect(rn.getByRole('link', { name: 'Sign the agreement' })).toHaveAttribute(
      'href',
      '/credentialForm?returnTo=/providerOnboard',
    );
    // Keyboard only: the agreement link and Continue are reached with Tab.
    await tabTo(rn, 'link', 'Sign the agreement');
    await tabTo(rn, 'button', 'Continue');
    await expectAccessible(rn, '/providerOnboard (clinician)');

    // Resumable: a reload comes back to the same step, from the server.
    await rn.reload();
    await expect(rn.getByRole('heading', { name: 'Step 1 of 7: Agreement' })).toBeVisible({
      timeout: 30_000,
    });
    await phone.close();
  });
});
