import { baseUrl, expect, signIn, test } from '../support/fixtures';

const BUS = Symbol.for('carelane.bus');

test.describe('the session', () => {
  test('a session ended mid-work warns before leaving what was typed, then returns to the page after signing in', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    await page.goto('/users');
    await page.getByRole('link', { name: 'Brooks, Taylor' }).click();
    await expect(page).toHaveURL(/\/user\?id=\d+/);
    const editing = page.url();
    const firstName = page.getByLabel('First name');
    await firstName.fill('Taylor-unsaved');

    // The session is ended elsewhere (sign-out in another tab); the next call of this page answers 401.
    const token = await page.evaluate(() => sessionStorage.getItem('carelane.session'));
    const logout = await request.post(`${baseUrl()}/api/security/logout`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.ok()).toBe(true);
    await page.evaluate((key) => {
      const bus = (globalThis as unknown as Record<symbol, { entityChanged$: { next(v: unknown): void } }>)[
        Symbol.for(key)
      ];
      bus!.entityChanged$.next({ entity: 'user' });
    }, BUS.description!);

    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay to copy my changes' }).click();
    await expect(firstName).toHaveValue('Taylor-unsaved');
    await page.getByRole('button', { name: 'Sign in again' }).click();

    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(/Please sign in again/)).toBeVisible();
    await signIn(page, 'admin@carelane.local');
    await expect(page).toHaveURL(editing);
  });

  test('after the idle timeout (50 minutes) the session ends with a message and the page is remembered', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await page.goto('/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await page.clock.fastForward('49:00');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('.ant-alert-warning')).toContainText(/50 minutes/);
    await expect(page).toHaveURL(/\/\?returnTo=%2Fpatients$/);
  });
});
