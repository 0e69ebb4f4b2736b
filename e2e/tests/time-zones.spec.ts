// Visit times and time zones (issue 24, decision 039): the server runs in UTC, the browsers in Chicago and in Los
// Angeles. A visit's time is its organization's clock (Sunrise Home Health is in Texas: Central), typed as people
// write it, shown with the zone's abbreviation where the browser's clock differs; today's notes are in the notes
// list in every zone.
import type { APIRequestContext } from '@playwright/test';
import { formatDate, timeZoneAbbreviation, todayIn, addIsoDays, visitInstant } from '@carelane/shared-domain';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';
import { pickOption } from '../support/select';

const CENTRAL = 'America/Chicago';
const BROWSER_ZONES = ['America/Chicago', 'America/Los_Angeles'];
const NOTES_PATIENT = 'Whitmore';

const api = (request: APIRequestContext, token: string) => ({
  get: async (path: string) => {
    const response = await request.get(`${baseUrl()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status(), path).toBe(200);
    return response.json();
  },
  post: async (path: string, data: unknown) => {
    const response = await request.post(`${baseUrl()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  },
});

test.describe('visit times in the organization zone', () => {
  test('a coordinator types "10:00 AM" and books 10:00 AM Central, named CST/CDT in Los Angeles', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const orgUser = api(request, await apiToken(request, 'orguser@carelane.local'));
    const patient = (await orgUser.get('/api/admin/patients?pageSize=1')).rows[0] as { id: number };
    const day = addIsoDays(todayIn(CENTRAL), 2);
    const episode = (await orgUser.post('/api/admin/episodes', {
      episodeType: 'Visit',
      title: `Time zones ${Date.now().toString(36)}`,
      startDate: todayIn(CENTRAL),
      patientId: patient.id,
    })) as { id: number };
    const tenAm = visitInstant(day, '10:00', CENTRAL);
    const zoneName = timeZoneAbbreviation(CENTRAL, tenAm);

    for (const timezoneId of BROWSER_ZONES) {
      const context = await browser.newContext({ baseURL: baseUrl(), timezoneId });
      const page = await context.newPage();
      await signIn(page, 'coordinator@carelane.local');
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await page.goto(`/episode?id=${episode.id}`);
      await pickOption(page, 'Visit type', /^RN Routine/, { typed: 'RN Routine' });
      await pickOption(page, 'Provider type', /^RN$/, { typed: 'RN' });
      await page.getByLabel('Date of service').fill(formatDate(day));
      await page.getByLabel('Date of service').press('Enter');
      // No time, no visit: nothing is booked at a time nobody typed.
      await page.getByRole('button', { name: 'Add visits' }).click();
      await expect(page.getByText('Enter the start time.')).toBeVisible();
      const time = page.getByRole('textbox', { name: 'Start time' });
      await time.fill('10:00 AM');
      await time.press('Tab');
      await expect(time).toHaveValue('10:00 AM');
      const named = timezoneId === CENTRAL ? '' : ` ${zoneName}`;
      const form = page.locator('form').filter({ has: time });
      if (named) await expect(form.getByText(zoneName, { exact: true })).toBeVisible();
      else await expect(form.getByText(zoneName, { exact: true })).toHaveCount(0);
      await page.getByRole('button', { name: 'Add visits' }).click();
      await expect(page.getByText(`Visit added for ${formatDate(day)}.`).first()).toBeVisible();
      const table = page.getByRole('table', { name: 'Visits of this service request' });
      await expect(table).toContainText(`10:00 AM${named}–11:00 AM${named}`);
      await context.close();
    }

    const booked = (await orgUser.get(`/api/admin/episodes/${episode.id}/visits`)).rows as {
      startAt: string;
    }[];
    expect(booked.map((v) => v.startAt)).toEqual([tenAm.toISOString(), tenAm.toISOString()]);
  });

  test("today's note is in the reviewer's notes list in Chicago and in Los Angeles", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const today = todayIn(CENTRAL);
    // The demo clinician's start of care today: checked in and out (by the API, as the phone does), so its notes
    // are due today, unless another spec already did.
    const clinician = api(request, await apiToken(request, 'clinician@carelane.local'));
    const mine = (await clinician.get('/api/admin/myVisits?status=ALL&pageSize=100')).rows as {
      id: number;
      dateOfService: string;
      patientName: string | null;
      status: string;
      version: number;
      address: { latitude: number | null; longitude: number | null };
    }[];
    const visit = mine.find((v) => v.dateOfService === today && v.patientName?.includes(NOTES_PATIENT));
    expect(visit, "the notes demo's start of care today").toBeTruthy();
    const where = {
      latitude: visit!.address.latitude ?? 30.27,
      longitude: visit!.address.longitude ?? -97.74,
    };
    let version = visit!.version;
    if (visit!.status === 'Staffed') {
      const checkedIn = await clinician.post(`/api/admin/myVisits/${visit!.id}/checkIn`, {
        ...where,
        at: new Date().toISOString(),
        version,
      });
      version = checkedIn.visit.version;
    }
    if (visit!.status === 'Staffed' || visit!.status === 'AfterStaffed')
      await clinician.post(`/api/admin/myVisits/${visit!.id}/checkOut`, {
        ...where,
        at: new Date(Date.now() + 1000).toISOString(),
        version,
      });

    for (const timezoneId of BROWSER_ZONES) {
      const context = await browser.newContext({ baseURL: baseUrl(), timezoneId });
      const page = await context.newPage();
      await signIn(page, 'coordinator@carelane.local');
      await page.goto('/notes');
      const row = page
        .getByRole('row')
        .filter({ hasText: formatDate(today) })
        .filter({ hasText: NOTES_PATIENT });
      await expect(row.first()).toBeVisible({ timeout: 30_000 });
      await context.close();
    }
  });
});
