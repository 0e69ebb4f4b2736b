// /reports and /userActivity (issue 26, decisions 051–052) in Chromium on the product as `npm start` serves it:
// the operations director finds time to staff in the list of reports and opens it; on user activity their own
// sign-ins (this sign-in among them) link to the audit log, which lists exactly as many; axe finds nothing
// serious on either page.
import { USER_ACTIVITY_FIGURES, type UserActivity } from '@carelane/shared-domain';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';

const DIRECTOR = 'director@carelane.local';

test('the director finds a report in the list of reports and opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DIRECTOR);
  await goInApp(page, '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('region', { name: 'Staffing' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expectAccessible(page, '/reports');
  const search = page.getByRole('searchbox', { name: 'Find a report' });
  await search.fill('staffing a visit');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=staffing/);
  // The shell's menu has links too: only the report list's are checked.
  await expect(page.locator('.carelane-report-catalog').getByRole('link')).toHaveText(['Time to staff']);
  await page.locator('.carelane-report-catalog').getByRole('link', { name: 'Time to staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Time to staff' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page).toHaveURL(/\/timetostaff$/);
});

test("the director's sign-ins on user activity are the audit log's entries behind them", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DIRECTOR);
  const token = await apiToken(request, DIRECTOR);
  const answer = await request.get(`${baseUrl()}/api/admin/reports/userActivity?q=director@carelane`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { rows } = (await answer.json()) as UserActivity;
  const me = rows.find((r) => r.emailId === DIRECTOR)!;
  expect(me.signIns.current).toBeGreaterThan(0);

  await goInApp(page, '/userActivity?q=director%40carelane');
  await expect(page.getByRole('heading', { level: 1, name: 'User activity' })).toBeVisible({
    timeout: 60_000,
  });
  const table = page.getByRole('table', { name: 'User activity' });
  await expect(table.getByText(me.name)).toBeVisible();
  await expectAccessible(page, '/userActivity');
  const label = USER_ACTIVITY_FIGURES[0].label.toLowerCase();
  const figure = table.getByRole('link', { name: new RegExp(`^\\d+ ${label}, ${me.name}$`) });
  const shown = Number((await figure.innerText()).replace(/,/g, ''));
  expect(shown).toBe(me.signIns.current);
  await figure.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit logs' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/auditLogs\?userId=\d+&start=.*&action=LOGIN/);
  // One worker runs the tests one after another: no sign-in of the director comes between.
  await expect(page.getByText(`Showing 1–${Math.min(shown, 100)} of ${shown}`)).toBeVisible();
});
