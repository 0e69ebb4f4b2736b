// The health reports (issue 26, decision 050) in Chromium on the product as `npm start` serves it: the operations
// director opens organization, state and clinician health, each with its chart drawn and its table, clicks a
// figure and gets exactly as many records as the figure says; axe finds nothing serious on each.
import {
  AREA_HEALTH_FIGURES,
  CLINICIAN_HEALTH_FIGURES,
  formatHealthFigure,
  healthFigureRecords,
  type HealthFigure,
  type HealthRow,
} from '@carelane/shared-domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const DIRECTOR = 'director@carelane.local';

type Report = {
  route: string;
  api: string;
  title: string;
  table: string;
  figures: readonly HealthFigure<unknown>[];
  figure: string;
};

const REPORTS: Report[] = [
  {
    route: '/referralSourceHealth',
    api: 'organizations',
    title: 'Organization health',
    table: 'Organization health by organization',
    figures: AREA_HEALTH_FIGURES as readonly HealthFigure<unknown>[],
    figure: 'requestedVisits',
  },
  {
    route: '/stateHealth',
    api: 'states',
    title: 'State health',
    table: 'State health by state',
    figures: AREA_HEALTH_FIGURES as readonly HealthFigure<unknown>[],
    figure: 'staffedVisits',
  },
  {
    route: '/providerHealth',
    api: 'clinicians',
    title: 'Clinician health',
    table: 'Clinician health by clinician',
    figures: CLINICIAN_HEALTH_FIGURES as readonly HealthFigure<unknown>[],
    figure: 'assignedVisits',
  },
];

type Answer = { period: { from: string; to: string }; rows: HealthRow<unknown>[] };

async function reportOf(
  request: APIRequestContext,
  token: string,
  api: string,
  query: string,
): Promise<Answer> {
  const response = await request.get(`${baseUrl()}/api/admin/reports/health/${api}?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Answer;
}

test('the operations director opens the health reports, their charts, and the records behind a figure', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await apiToken(request, DIRECTOR);
  const probe = await reportOf(request, token, 'organizations', '');
  const today = probe.period.to;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // The demo's visits are dated around today: a month each side holds them.
  const query = `from=${day(-30)}&to=${day(30)}`;
  await signIn(page, DIRECTOR);

  for (const report of REPORTS) {
    const answer = await reportOf(request, token, report.api, query);
    const figure = report.figures.find((f) => f.key === report.figure)!;
    const row = answer.rows.find((r) => healthFigureRecords(figure, r.current) > 0);
    expect(row, `${report.title}: a row with ${figure.label.toLowerCase()} on the first page`).toBeTruthy();
    const records = healthFigureRecords(figure, row!.current);
    const shown = formatHealthFigure(figure, row!.current);

    await page.goto(`${report.route}?${query}`);
    await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible({
      timeout: 60_000,
    });
    const chart = page.locator('figure').first();
    await expect(chart.locator('svg, canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect(chart.getByRole('img').first()).toHaveAttribute('aria-label', /compared with/);
    const table = page.getByRole('table', { name: report.table });
    await expect(table).toBeVisible();
    await expectAccessible(page, report.route);

    await table
      .getByRole('button', { name: `${shown} ${figure.label.toLowerCase()}, ${row!.name}`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`figure=${figure.key}`));
    const drawer = page.getByRole('dialog');
    const noun = records === 1 ? 'visit' : 'visits';
    await expect(drawer.getByText(`${records} ${noun}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByText(new RegExp(`^Showing 1–\\d+ of ${records}$`))).toBeVisible();
    await expectAccessible(page, `${report.route}, the records behind ${figure.label.toLowerCase()}`);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/figure=/);
  }
});

test('the health reports fit a 390 px phone: the rows as cards, no sideways scrolling', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, DIRECTOR);
  const today = (await reportOf(request, token, 'organizations', '')).period.to;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  await signIn(page, DIRECTOR);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [route, title, noun] of [
    ['/referralSourceHealth', 'Organization health', 'organization'],
    ['/stateHealth', 'State health', 'state'],
    ['/providerHealth', 'Clinician health', 'clinician'],
    ['/operationsHealth', 'Operations health', 'organization'],
  ] as const) {
    // Open visits are the coming ones (a past one expires): a month each side.
    await page.goto(`${route}?from=${day(-30)}&to=${day(30)}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
    const cards = page.getByRole('list', { name: `${title} by ${noun}`, exact: true });
    await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(390);
    await expectAccessible(page, `${route} at 390 px`);
  }
});
