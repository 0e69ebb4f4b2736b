// The dashboard (issue 26) in Chromium on the product as `npm start` serves it: the operations director sees the
// seven metrics with the prior period, opens the staffed visits behind the staffing rate and gets exactly as many
// as the figure says, and exports them (the same rows); when a visit is staffed the open dashboard moves without
// a reload; an organization's user sees only their own organization's figures; axe finds nothing serious.
import fs from 'node:fs';
import { DASHBOARD_METRICS, formatMetricValue, metricValue, type Dashboard } from '@carelane/shared-domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const DIRECTOR = 'director@carelane.local';
const ORG_USER = 'orguser@carelane.local';

async function dashboardOf(
  request: APIRequestContext,
  token: string,
  query: string,
): Promise<{ status: number; body: Dashboard }> {
  const response = await request.get(`${baseUrl()}/api/admin/reports/dashboard?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status(), body: (await response.json()) as Dashboard };
}

const staffing = (d: Dashboard) => d.metrics.find((m) => m.key === 'staffingRate')!;

test('the operations director reads the dashboard, opens the visits behind the staffing rate and exports them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, DIRECTOR);
  // The demo's visits are dated around today: a month each side holds them.
  const probe = await dashboardOf(request, token, '');
  const today = probe.body.period.to;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const query = `from=${day(-30)}&to=${day(30)}`;
  const { body } = await dashboardOf(request, token, query);
  const figure = staffing(body).current;
  expect(figure.numerator).toBeGreaterThan(0);

  await signIn(page, DIRECTOR);
  await page.goto(`/dashboard?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  const cards = page.getByRole('list', { name: 'Metrics' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(DASHBOARD_METRICS.map((m) => m.label));
  const staffingCard = cards.filter({ has: page.getByRole('heading', { name: 'Staffing rate' }) });
  const metric = DASHBOARD_METRICS[0];
  await expect(staffingCard.getByTestId('value-staffingRate')).toHaveText(
    formatMetricValue(metric, metricValue(metric, figure)),
  );
  await expect(staffingCard.getByText(/Prior period:/)).toBeVisible();
  await expectAccessible(page, '/dashboard');

  await staffingCard.getByRole('button', { name: `${figure.numerator} Staffed visits`, exact: true }).click();
  await expect(page).toHaveURL(/metric=staffingRate/);
  const drawer = page.getByRole('dialog');
  const noun = figure.numerator === 1 ? 'visit' : 'visits';
  await expect(drawer.getByText(`${figure.numerator} ${noun}`, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(drawer.getByText(new RegExp(`^Showing 1–\\d+ of ${figure.numerator}$`))).toBeVisible();
  await expectAccessible(page, '/dashboard, the staffed visits');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  // One line per visit (a cell holding a line break is quoted, and the lines end in CRLF), after the header.
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines).toHaveLength(figure.numerator + 1);

  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/metric=/);

  // A coordinator staffs one of the published visits: the open dashboard counts it without a reload.
  await staffOnePublishedVisit(request, token, query);
  await expect(
    staffingCard.getByRole('button', { name: `${figure.numerator + 1} Staffed visits`, exact: true }),
  ).toBeVisible({ timeout: 60_000 });
});

type Candidate = { providerUserId: number; selectable: boolean };
type Records = { rows: { id: number; status: string; dateOfService: string }[] };

/** Assigns a selectable clinician to a published visit of the period, through the API a coordinator uses. */
async function staffOnePublishedVisit(request: APIRequestContext, token: string, query: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const records = (await (
    await request.get(
      `${baseUrl()}/api/admin/reports/dashboard/records?${query}&metric=staffingRate&part=denominator&pageSize=500`,
      { headers },
    )
  ).json()) as Records;
  for (const visit of records.rows.filter((r) => r.status === 'Active')) {
    const fit = await request.get(
      `${baseUrl()}/api/operation/fitScore?visitId=${visit.id}&pageSize=50&searchClinicianDistance=100&ignoreWeekdayPreferences=true&ignoreAssignmentPreferences=true&ignoreShiftPreferences=true`,
      {
        headers,
      },
    );
    if (fit.status() !== 200) continue;
    const body = (await fit.json()) as { visit: { version: number }; providerList: Candidate[] };
    const candidate = body.providerList.find((c) => c.selectable);
    if (!candidate) continue;
    const assigned = await request.post(`${baseUrl()}/api/admin/assignVisit`, {
      headers,
      data: { visitId: visit.id, providerId: candidate.providerUserId, version: body.visit.version },
    });
    if (assigned.status() === 200) return;
  }
  throw new Error('no published visit of the period could be staffed');
}

test("an organization's user sees only their own organization's figures", async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ORG_USER);
  const own = await dashboardOf(request, token, '');
  expect(own.status).toBe(200);
  const other = await dashboardOf(request, token, 'referralSourceId=999999');
  expect(other.status).toBe(403);

  await signIn(page, ORG_USER);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('combobox', { name: 'Provider type' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveCount(0);
});
