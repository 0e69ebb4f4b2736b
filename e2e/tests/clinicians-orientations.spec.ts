// Orientations (issue 11): the demo clinician walks the seeded "Welcome to Carelane" on a phone-sized screen with
// the keyboard and passes its quiz; a care coordinator opens the orientations list and one orientation, read-only.
// Each page scanned by axe: 0 serious or critical violations.
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

/** Moves the focus to a button with Tab alone, then presses Enter. */
async function tabToAndPress(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  for (let i = 0; i < 60 && !(await button.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

test.describe('orientations', () => {
  test('the demo clinician walks the welcome orientation and passes its quiz', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await signIn(page, 'clinician@carelane.local');
    // A phone-sized screen from here (the sign-in helper waits for the navigation a phone folds away).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/providerOrientation');
    await expect(page.getByRole('heading', { name: 'My orientation', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('0 of 3 sections read')).toBeVisible();
    await expectAccessible(page, '/providerOrientation');

    await tabToAndPress(page, 'Start Welcome to Carelane');
    await expect(page.getByRole('heading', { name: 'Who we are' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Watch the video: Who we are/ })).toBeVisible();
    await expectAccessible(page, '/providerOrientation section');
    await tabToAndPress(page, 'Next section');
    await expect(page.getByRole('heading', { name: 'Your visits' })).toBeVisible();
    await tabToAndPress(page, 'Next section');
    await expect(page.getByRole('heading', { name: 'When something goes wrong' })).toBeVisible();
    await tabToAndPress(page, 'Go to the quiz');
    await expect(page.getByRole('heading', { name: 'Quiz' })).toBeVisible();
    await expectAccessible(page, '/providerOrientation quiz');

    // Resumable: a reload comes back to the quiz, every section read.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quiz' })).toBeVisible({ timeout: 30_000 });
    for (const answer of [
      'When I arrive at the patient',
      'The same day',
      'Tell your care coordinator at once',
    ]) {
      const radio = page.getByRole('radio', { name: answer });
      await radio.focus();
      await page.keyboard.press('Space');
      await expect(radio).toBeChecked();
    }
    await tabToAndPress(page, 'Submit answers');
    await expect(page.getByText('Passed with 100%. (3 of 3 right)')).toBeVisible();
    await expectAccessible(page, '/providerOrientation result');
    await tabToAndPress(page, 'Back to my orientations');
    await expect(page.getByText('Every required orientation is done.')).toBeVisible();
  });

  test('a care coordinator opens the orientations and reads one', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await page.goto('/orientations');
    await expect(page.getByRole('heading', { name: 'Orientations', level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New orientation' })).toHaveCount(0);
    await expectAccessible(page, '/orientations');
    await page.getByRole('link', { name: 'Welcome to Carelane' }).click();
    await expect(page).toHaveURL(/\/orientation\?orientationId=\d+/);
    await expect(page.getByRole('heading', { name: 'Welcome to Carelane', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Section 1 title')).toHaveValue('Who we are');
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessible(page, '/orientation');
  });
});
