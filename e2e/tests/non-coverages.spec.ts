// /noncoverages (issue 26, decision 047) in Chromium on the product as `npm start` serves it: a care coordinator
// reports that a service request cannot be covered, gets 'Non Coverage Reported successfully.', and finds the
// report in the list (Active, the default); axe finds nothing serious.
import { NON_COVERAGE_MESSAGES, type NonCoverage } from '@carelane/shared-domain';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, goInApp, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

const COORDINATOR = 'coordinator@carelane.local';

type Episode = { id: number; title: string; status: string; patientName: string | null };

async function get<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${baseUrl()}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

test('a care coordinator reports a service request that cannot be covered and finds it in the list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, COORDINATOR);
  // An open service request with a patient and no Active report yet.
  const reported = await get<{ rows: NonCoverage[] }>(
    request,
    token,
    '/api/admin/nonCoverages?pageSize=1000',
  );
  const taken = new Set(reported.rows.map((r) => r.episodeId));
  const { rows } = await get<{ rows: Episode[] }>(
    request,
    token,
    '/api/admin/episodes?status=Active&mine=false&pageSize=100',
  );
  const episode = rows.find((e) => e.patientName && !taken.has(e.id));
  expect(episode, 'an Active service request without a report').toBeTruthy();

  await signIn(page, COORDINATOR);
  await goInApp(page, '/noncoverages');
  await expect(page.getByRole('heading', { level: 1, name: 'Non-coverages' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Report non-coverage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report non-coverage' });
  await expect(dialog).toBeVisible();
  await pickOption(page, 'Service request', `#${episode!.id} `, {
    typed: String(episode!.id),
    shows: `#${episode!.id}`,
    within: dialog,
  });
  await pickOption(page, 'Reason', 'Schedule conflict', { within: dialog });
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText(NON_COVERAGE_MESSAGES.reported)).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('table', { name: 'Non-coverages' });
  const row = list
    .getByRole('row')
    .filter({ hasText: episode!.title })
    .filter({ hasText: 'Schedule conflict' });
  await expect(row).toHaveCount(1);
  await expectAccessible(page, '/noncoverages');
});
