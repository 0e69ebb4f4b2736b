import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES_DIR } from '../support/paths';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

/** M/D/YYYY, the product's date format, `days` from today. */
function dateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
}

test.describe('scheduling', () => {
  test('a care coordinator turns a request into a staffed visit and the facility confirms it from its emailed link', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const lastName = `Flowtest${Date.now().toString(36)}`;
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');

    // A new patient of Sunrise Home Health, at an Austin address found through the maps service.
    await page.goto('/patient');
    await pickOption(page, 'Organization', 'Sunrise Home Health', { typed: 'Sunrise' });
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill(lastName);
    await page.getByLabel('Birthday').fill('4/12/1948');
    await pickOption(page, 'Address', /78701/, { typed: '78701', shows: null });
    await expect(page.getByLabel('ZIP code')).toHaveValue('78701');
    await page.getByRole('button', { name: 'Create patient' }).click();
    await expect(page.getByText('Patient information saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/patient\?id=\d+/);
    const patientId = new URL(page.url()).searchParams.get('id');

    // A service request for that patient, saved, with one RN visit tomorrow, then published.
    await page.getByRole('button', { name: 'New service request' }).click();
    await expect(page).toHaveURL(/\/episode\?patientId=\d+/);
    await page.getByLabel('Title').fill(`Wound care for ${lastName}`);
    await page.getByLabel('Start date').fill(dateFromToday(0));
    await page.getByRole('button', { name: 'Create service request' }).click();
    await expect(page.getByText('Service Request saved.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/episode\?id=\d+/);

    await pickOption(page, 'Visit type', /^RN Routine/, { typed: 'RN Routine' });
    await pickOption(page, 'Provider type', /^RN$/, { typed: 'RN' });
    // The date picker takes the typed date on Enter (Enter does not send the form).
    await page.getByLabel('Date of service').fill(dateFromToday(1));
    await page.getByLabel('Date of service').press('Enter');
    await page.getByRole('textbox', { name: 'Start time' }).fill('10:00 AM');
    await page.getByRole('button', { name: 'Add visits' }).click();
    const visitRows = page.getByRole('table').filter({ hasText: 'RN Routine' });
    await expect(visitRows.getByText('Draft')).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByText('Service Request saved. Notifications sent to all matching clinicians.'),
    ).toBeVisible();
    await expect(visitRows.getByText('Published')).toBeVisible();

    // Matching: ranked candidates, each score explained factor by factor.
    // Found on the request's own page: the drawer opens over it.
    await visitRows.getByRole('button', { name: /^Find clinicians/ }).click();
    await expect(page).toHaveURL(/\/episode\?.*match=\d+/);
    const drawer = page.getByRole('dialog', { name: 'Find clinicians' });
    const assignButtons = drawer.getByRole('button', { name: /^Assign / });
    await expect(assignButtons.first()).toBeVisible();
    expect(await assignButtons.count()).toBeGreaterThan(1);
    const scores = (await drawer.getByLabel(/^Fit score \d+ of 100$/).allInnerTexts()).map(Number);
    expect(scores.length).toBeGreaterThan(1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    await drawer.getByText('Why this score').first().click();
    await expect(drawer.getByText(/Distance/).first()).toBeVisible();

    const firstAssign = assignButtons.and(page.locator(':enabled')).first();
    const clinician = (await firstAssign.getAttribute('aria-label'))!.replace(/^Assign /, '');
    await firstAssign.click();
    await page
      .getByRole('dialog', { name: `Assign ${clinician}?` })
      .getByRole('button', { name: 'Assign' })
      .click();
    await expect(drawer).toHaveCount(0);

    // The visit is Staffed with that clinician.
    const visitId = Number(new URL(page.url()).searchParams.get('match') ?? NaN) || undefined;
    const token = await apiToken(request, 'coordinator@carelane.local');
    const headers = { Authorization: `Bearer ${token}` };
    const visits = await request.get(`${baseUrl()}/api/operation/visits?status=ALL&patientId=${patientId}`, {
      headers,
    });
    expect(visits.ok()).toBe(true);
    const staffed = (
      (await visits.json()) as { rows: { id: number; status: string; providerName: string }[] }
    ).rows;
    expect(staffed).toHaveLength(1);
    expect(staffed[0]!.status).toBe('Staffed');
    if (visitId) expect(staffed[0]!.id).toBe(visitId);

    // The facility's email carries a link (as delivered: the outbox's copy masks the token); opened without
    // signing in, it accepts the assignment.
    const facilityLink = () =>
      (fs.existsSync(MESSAGES_DIR) ? fs.readdirSync(MESSAGES_DIR) : [])
        .filter((name) => name.endsWith('.email.json'))
        .map(
          (name) =>
            (JSON.parse(fs.readFileSync(path.join(MESSAGES_DIR, name), 'utf8')) as { body: string }).body,
        )
        .filter((body) => body.includes(lastName))
        .map((body) => /https?:\/\/\S+\/confirmation\?token=[\w-]+/.exec(body)?.[0])
        .find((found) => found !== undefined);
    await expect.poll(facilityLink).toBeTruthy();
    const link = facilityLink();
    const facility = await browser.newPage();
    await facility.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(facility.getByRole('heading', { level: 1, name: 'Confirm assignments' })).toBeVisible();
    await expect(facility.getByText(clinician).first()).toBeVisible();
    await facility.getByRole('button', { name: 'Accept selected' }).click();
    await expect(facility.getByText('Selected assignment(s) marked as accepted by facility.')).toBeVisible();
    await facility.close();

    const after = await request.get(`${baseUrl()}/api/operation/visits?status=ALL&patientId=${patientId}`, {
      headers,
    });
    const accepted = ((await after.json()) as { rows: { status: string; facilityResponse: string | null }[] })
      .rows[0]!;
    expect(accepted.status).toBe('Staffed');
    expect(accepted.facilityResponse).toBe('accepted');
  });
});

test.describe('coverage map', () => {
  test('draws the clinicians and service requests over the bundled basemap with no request leaving the site', async ({
    page,
  }) => {
    const outside: string[] = [];
    await page.route(
      (url) => url.origin !== new URL(baseUrl()).origin && url.protocol.startsWith('http'),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    await page.goto('/');
    await signIn(page, 'coordinator@carelane.local');
    await page.goto('/coverageMap');
    await expect(page.getByRole('heading', { level: 1, name: 'Coverage map' })).toBeVisible();
    await expect(page.getByText(/^Clinicians \([1-9]\d*\)$/)).toBeVisible();
    await expect(page.getByText(/^Service requests \([1-9]\d*\)$/)).toBeVisible();
    // The basemap (states and counties) and the WebGL points are drawn on canvases inside the map.
    const canvases = page.locator('.ol-viewport canvas');
    await expect(canvases.first()).toBeVisible();
    expect(await canvases.count()).toBeGreaterThan(1);
    await expect(page.getByRole('heading', { name: 'Coverage by ZIP code' })).toBeVisible();
    expect(outside).toEqual([]);
  });
});

test.describe('scheduling pages by role', () => {
  test('an organization user works with its own patients only, and staff-only pages refuse it on screen and on the server', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await signIn(page, 'orguser@carelane.local');
    await page.goto('/patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    for (const [path, title] of [
      ['/coverageMap', 'Coverage map'],
      ['/archiveOldData', 'Archive old data'],
      ['/physicians', 'Physicians'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(`You don't have access to ${title}.`, { exact: false })).toBeVisible();
    }
    const token = await apiToken(request, 'orguser@carelane.local');
    const headers = { Authorization: `Bearer ${token}` };
    const patients = (await (
      await request.get(`${baseUrl()}/api/admin/patients?pageSize=100&status=ALL`, { headers })
    ).json()) as { rows: { referralSourceName: string }[] };
    expect(patients.rows.length).toBeGreaterThan(0);
    expect(new Set(patients.rows.map((row) => row.referralSourceName))).toEqual(
      new Set(['Sunrise Home Health']),
    );
    const coverage = await request.get(`${baseUrl()}/api/operation/coverageReport`, { headers });
    expect(coverage.status()).toBe(403);
  });

  test('who has seen this patient: the administrator sees every read, refused ones too, and exports them; a care coordinator is refused it on screen and on the server', async ({
    page,
    request,
    browser,
  }) => {
    const auth = async (email: string) => ({ Authorization: `Bearer ${await apiToken(request, email)}` });
    const orgUser = await auth('orguser@carelane.local');
    const [patient] = (
      (await (
        await request.get(`${baseUrl()}/api/admin/patients?pageSize=1`, { headers: orgUser })
      ).json()) as {
        rows: { id: number }[];
      }
    ).rows;
    // Another organization's user tries the patient: refused, and recorded as refused.
    const attempt = await request.get(`${baseUrl()}/api/admin/patients/${patient!.id}`, {
      headers: await auth('lakeside.user@carelane.local'),
    });
    expect(attempt.status()).toBe(404);

    await page.goto('/');
    await signIn(page, 'admin@carelane.local');
    const card = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { name: 'Who has seen this patient' }) });
    const attemptRow = card.getByRole('row').filter({ hasText: 'lakeside.user@carelane.local' });
    // Reads reach the audit log within a second.
    await expect(async () => {
      await page.goto(`/patient?id=${patient!.id}`);
      await expect(attemptRow.first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(attemptRow.first()).toContainText('Patient detail');
    await expect(attemptRow.first()).toContainText('Refused');
    await attemptRow
      .first()
      .getByRole('button', { name: /Only the reads of/ })
      .click();
    await expect(page).toHaveURL(/accessUser=\d+/);
    await expect(card.getByRole('row').filter({ hasText: 'admin@carelane.local' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^patient-\d+-access-.+\.csv$/);

    // A care coordinator, in a browser of their own: the patient's page without the report.
    const coordinatorContext = await browser.newContext();
    const coordinator = await coordinatorContext.newPage();
    await coordinator.goto(`${baseUrl()}/`);
    await signIn(coordinator, 'coordinator@carelane.local');
    await coordinator.goto(`${baseUrl()}/patient?id=${patient!.id}`);
    await expect(coordinator.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(coordinator.getByRole('button', { name: 'New service request' })).toBeVisible();
    await expect(coordinator.getByRole('heading', { name: 'Who has seen this patient' })).toHaveCount(0);
    await coordinatorContext.close();
    const refused = await request.get(`${baseUrl()}/api/admin/patients/${patient!.id}/access`, {
      headers: await auth('coordinator@carelane.local'),
    });
    expect(refused.status()).toBe(403);
  });

  test('a clinician is refused the scheduling pages and their data', async ({ page, request }) => {
    await page.goto('/');
    await signIn(page, 'clinician@carelane.local');
    for (const [path, title] of [
      ['/patients', 'Patients'],
      ['/episodes', 'Service requests'],
      ['/visits', 'Visits'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(`You don't have access to ${title}.`, { exact: false })).toBeVisible();
    }
    const token = await apiToken(request, 'clinician@carelane.local');
    for (const path of ['/api/admin/patients', '/api/admin/episodes', '/api/operation/visits']) {
      const answer = await request.get(`${baseUrl()}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.status(), path).toBe(403);
    }
  });
});
