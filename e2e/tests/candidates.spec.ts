// The candidate reports (issue 26, decision 058) in Chromium on the product as `npm start` serves it: a visitor
// opens the public registration page from a campaign link, and the view is counted without a cookie; the
// operations director finds it under its channel on /candidatePageView and opens the view behind the count, then
// opens /candidateReport and the candidates behind the Invited stage, as many as the figure says. axe finds
// nothing serious on either page or drawer.
import type { CandidatePageView, CandidateReport } from '@carelane/shared-domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';

const DIRECTOR = 'director@carelane.local';

async function reportOf<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${baseUrl()}/api/admin/reports/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test('a view of the registration page is counted without a cookie and found under its channel', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const source = `e2e${Date.now()}`;
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const beacon = anonymous.waitForResponse((r) => r.url().endsWith('/api/public/page-views'));
  await anonymous.goto(`/register?utm_source=${source}`);
  const answered = await beacon;
  expect(answered.status()).toBe(204);
  expect(await answered.headerValue('set-cookie')).toBeNull();
  expect(await visitor.cookies()).toEqual([]);
  await visitor.close();

  const token = await apiToken(request, DIRECTOR);
  const views = await reportOf<CandidatePageView>(request, token, 'candidatePageView');
  const channel = views.channels.find((c) => c.channel === `utm:${source}`);
  expect(channel).toMatchObject({ views: 1, visitors: 1, withInvitation: 0 });

  await signIn(page, DIRECTOR);
  // By channel name, 'e2e…' comes right after 'Direct': on the first page of channels.
  await page.goto('/candidatePageView?sort=label&order=ascend');
  await expect(page.getByRole('heading', { level: 1, name: 'Candidate page views' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('figure').first().locator('svg, canvas').first()).toBeVisible({
    timeout: 30_000,
  });
  const channels = page.getByRole('table', { name: 'Candidate page views by channel' });
  await expect(channels).toBeVisible();
  await expectAccessible(page, '/candidatePageView');
  await channels.getByRole('button', { name: `1 views, ${channel!.label}`, exact: true }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('1 view', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/candidatePageView, the view behind a channel');
});

test('the director opens the candidates behind the Invited stage, as many as the figure', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, DIRECTOR);
  const probe = await reportOf<CandidateReport>(request, token, 'candidateReport');
  const today = probe.period.to;
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  // The demo's invitations were sent over the last two weeks.
  const query = `from=${day(-30)}&to=${today}`;
  const report = await reportOf<CandidateReport>(request, token, `candidateReport?${query}`);
  const invited = report.stages.find((s) => s.id === 'invited')!;
  expect(invited.count).toBeGreaterThan(0);

  await signIn(page, DIRECTOR);
  await page.goto(`/candidateReport?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Candidates' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('figure').first().locator('svg, canvas').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('table', { name: 'Candidates by provider type' })).toBeVisible();
  await expectAccessible(page, '/candidateReport');

  await page
    .getByRole('table', { name: 'Candidate stages' })
    .getByRole('button', { name: `${invited.count} candidates, ${invited.label}, this period`, exact: true })
    .click();
  const drawer = page.getByRole('dialog');
  const noun = invited.count === 1 ? 'candidate' : 'candidates';
  await expect(drawer.getByText(`${invited.count} ${noun}`, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, '/candidateReport, the invited candidates');
});
