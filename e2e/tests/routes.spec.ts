import { SPEC_ROUTES } from '../support/spec-routes';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';

test.describe('routes', () => {
  test('every route of SPEC §2 opens its own page or area frame for the administrator', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    const content = page.locator('main#carelane-content');
    for (const [owner, paths] of Object.entries(SPEC_ROUTES)) {
      for (const path of paths) {
        await goInApp(page, path);
        await expect(content, path).toHaveAttribute('data-owner', owner);
        if (owner === 'shell') {
          await expect(page.locator('[data-page="not-found"], [data-page="no-access"]'), path).toHaveCount(0);
        } else {
          const frame = page.locator(`#carelane-area-${owner} [data-area="${owner}"]`);
          await expect(frame.getByRole('heading', { level: 1 }), path).toBeVisible();
        }
        await expect(page.getByText('Page not found'), path).toHaveCount(0);
      }
    }
  });

  test('/r/{id} and /forwardToWebapp lead on to their in-app page', async ({ page, request }) => {
    const token = await apiToken(request, 'admin@carelane.local');
    const created = await request.post(`${baseUrl()}/api/admin/shortUrl`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { path: '/invoices?status=Unpaid' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto('/');
    await signIn(page, 'backoffice@carelane.local');
    await page.goto(`/r/${id}`);
    await expect(page).toHaveURL(`${baseUrl()}/invoices?status=Unpaid`);
    await page.goto('/forwardToWebapp?to=/providerpayments');
    await expect(page).toHaveURL(`${baseUrl()}/providerpayments`);
    await expect(page.getByRole('heading', { level: 1, name: 'Provider payments' })).toBeVisible();
    await page.goto('/r');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('an unknown path shows the not-found page, signed in or not', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await goInApp(page, '/episodes/nothing-here');
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('button', { name: 'Go to the start page' }).click();
    await expect(page.getByText('Page not found')).toHaveCount(0);
  });

  test('a forbidden page shows no-access, and the server refuses its data too', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page, 'clinician@carelane.local');
    for (const [path, title] of [
      ['/users', 'Users'],
      ['/invoices', 'Invoices'],
      ['/auditLogs', 'Audit logs'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText('No access')).toBeVisible();
      await expect(page.getByText(`You don't have access to ${title}.`, { exact: false })).toBeVisible();
    }
    const token = await apiToken(request, 'clinician@carelane.local');
    const users = await request.get(`${baseUrl()}/api/admin/users`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(users.status()).toBe(403);
    const audit = await request.get(`${baseUrl()}/api/admin/audit`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(audit.status()).toBe(403);
  });

  test('a signed-out visitor of a protected page is sent to sign in, then back to that page', async ({
    page,
  }) => {
    await page.goto('/invoices?status=Unpaid');
    await expect(page).toHaveURL(/\/\?returnTo=%2Finvoices%3Fstatus%3DUnpaid$/);
    await signIn(page, 'backoffice@carelane.local');
    await expect(page).toHaveURL(`${baseUrl()}/invoices?status=Unpaid`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  });
});
