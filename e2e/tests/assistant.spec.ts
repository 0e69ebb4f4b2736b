// The intake assistant's first part (issue 28, decision 069) in Chromium: a care coordinator pastes an
// organization's request email on /assistant and sees what was read — each value's evidence marked in the email,
// the draft with its confidence — and axe finds nothing serious. Review into the forms, Create and the reply
// are not built yet.
import { expectAccessible } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

const EMAIL = [
  'From: Intake <intake@sunrise.example>',
  'Date: Sat, 28 Nov 2026 09:12:00 -0600',
  'Subject: New referral',
  '',
  'New SOC for Mary Jones, DOB 3/4/1941, 12 Elm St, Austin TX 78701, 512-555-0199, RN eval 12/2 then 2w4, Dr. Patel, CHF',
].join('\n');

test('a coordinator pastes a request email and sees the draft with its evidence marked', async ({ page }) => {
  await signIn(page, 'coordinator@carelane.local');
  await page.goto('/assistant');
  await page.getByLabel('Email text').fill(EMAIL);
  await page.getByRole('button', { name: 'Read the email' }).click();
  const email = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'The email' }) });
  await expect(email.locator('mark').filter({ hasText: 'Jones' })).toContainText('(Last name)');
  await expect(email.locator('mark').filter({ hasText: '512-555-0199' })).toContainText('(Phone)');
  const draft = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'Draft' }) });
  await expect(draft).toContainText('Dates read as of 11/28/2026.');
  await expect(draft).toContainText('I50.9');
  await expect(draft).toContainText('12/27/2026');
  await expectAccessible(page, '/assistant, an email read');
});
