// Telehealth (issue 28, decision 068) in two Chromium browsers with a fake camera and microphone, on the product
// as `npm start` serves it: the clinician starts the video visit from their visit, sends the join link; the
// patient opens it on a phone-sized screen, waits and is admitted; getStats shows video frames decoded on both
// sides; the clinician ends the call and the visit's note shows the time in and time out, held by video.
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { todayIn } from '@carelane/shared-domain';
import { chromiumLaunchOptions } from '../../scripts/chromium.cjs';
import { expectAccessible } from '../support/axe';
import { apiToken, baseUrl, expect, signIn, test } from '../support/fixtures';
import { PHONE } from '../support/phone';

const CENTRAL = 'America/Chicago';
const TELEHEALTH_VISIT_TYPE = 340;

/** Today's telehealth visit of the demo clinician, 10:30–10:45 PM: booked, published and assigned by API. */
async function telehealthVisit(request: APIRequestContext): Promise<number> {
  const call = async (token: string, method: 'get' | 'post', path: string, data?: unknown) => {
    const response = await request[method](`${baseUrl()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const orgUser = await apiToken(request, 'orguser@carelane.local');
  const coordinator = await apiToken(request, 'coordinator@carelane.local');
  const clinician = await apiToken(request, 'clinician@carelane.local');
  const today = todayIn(CENTRAL);
  const patient = (await call(orgUser, 'get', '/api/admin/patients?pageSize=1')).rows[0] as { id: number };
  const episode = await call(orgUser, 'post', '/api/admin/episodes', {
    episodeType: 'Visit',
    title: `Video visit ${Date.now().toString(36)}`,
    startDate: today,
    patientId: patient.id,
  });
  await call(orgUser, 'post', `/api/admin/episodes/${episode.id}/visits`, {
    visitTypeId: TELEHEALTH_VISIT_TYPE,
    providerTypeId: 1,
    dateOfService: today,
    startTime: '22:30',
    endTime: '22:45',
  });
  const { version } = await call(orgUser, 'get', `/api/admin/episodes/${episode.id}`);
  await call(orgUser, 'post', `/api/admin/episodes/${episode.id}/publish`, { version });
  const visit = (await call(orgUser, 'get', `/api/admin/episodes/${episode.id}/visits`)).rows[0] as {
    id: number;
    version: number;
  };
  const { providerId } = await call(
    clinician,
    'get',
    `/api/admin/myVisits?startDate=${today}&endDate=${today}`,
  );
  await call(coordinator, 'post', '/api/admin/assignVisit', {
    visitId: visit.id,
    providerId,
    version: visit.version,
  });
  return visit.id;
}

/** A browser whose camera and microphone are Chromium's test pattern and tone, allowed without asking. */
const mediaBrowser = (): Promise<Browser> => {
  const options = chromiumLaunchOptions();
  return chromium.launch({
    ...options,
    args: [...options.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
};

/** Every RTCPeerConnection the page makes, kept where the test can ask it for its statistics. */
const RECORD_PEERS = () => {
  const Original = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = made;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** Video frames this page has decoded from its peers (inbound-rtp), as getStats reports them. */
const framesDecoded = (page: Page) =>
  page.evaluate(async () => {
    let frames = 0;
    for (const pc of (window as unknown as { __peers: RTCPeerConnection[] }).__peers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((stat: Record<string, unknown>) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'video') frames += Number(stat.framesDecoded ?? 0);
      });
    }
    return frames;
  });

test('a clinician holds a visit by video with the patient on a phone, and the visit records time in and out', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const visitId = await telehealthVisit(request);
  const clinicianBrowser = await mediaBrowser();
  const patientBrowser = await mediaBrowser();
  try {
    const clinicianContext = await clinicianBrowser.newContext({ baseURL: baseUrl(), timezoneId: CENTRAL });
    await clinicianContext.addInitScript(RECORD_PEERS);
    const clinician = await clinicianContext.newPage();
    await signIn(clinician, 'clinician@carelane.local');
    const today = todayIn(CENTRAL);
    await clinician.goto(`/providervisits?from=${today}&to=${today}&status=Staffed`);
    await clinician.getByRole('link', { name: 'Start video visit' }).click();
    await expect(clinician).toHaveURL(new RegExp(`/tc\\?visit=${visitId}$`));
    await expect(clinician.getByText('Nobody is waiting.')).toBeVisible({ timeout: 30_000 });
    await expect(clinician.getByLabel('Your video')).toBeVisible();

    // The join link goes to the patient's mobile phone (typed: the chosen patient may have none on file) and shows
    // once to the clinician.
    await clinician.getByLabel('Mobile phone').fill('512-555-0199');
    await clinician.getByRole('button', { name: 'Send join link' }).click();
    await expect(clinician.getByText('Join link sent to 5125550199.').first()).toBeVisible();
    const link = new URL(await clinician.getByLabel(/^Join link/).inputValue());
    expect(link.pathname).toBe('/tc/join');

    const patientContext = await patientBrowser.newContext({ baseURL: baseUrl(), ...PHONE });
    await patientContext.addInitScript(RECORD_PEERS);
    const patient = await patientContext.newPage();
    await patient.goto(`${link.pathname}${link.search}`);
    await expect(patient.getByText(/^Video visit with \S+, /)).toBeVisible({ timeout: 60_000 });
    await expectAccessible(patient, '/tc/join, before joining');
    await patient.getByLabel('Your name').fill('Mary');
    await patient.getByRole('button', { name: 'Join the video visit' }).tap();
    await expect(patient.getByText(/^Waiting for \S+ to let you in/)).toBeVisible();

    await clinician.getByRole('button', { name: 'Admit Mary' }).click();
    await expect(patient.getByText(/^Waiting for/)).toHaveCount(0, { timeout: 15_000 });
    await expect(clinician.getByLabel('Video of Mary')).toBeVisible({ timeout: 15_000 });
    await expect(patient.getByLabel(/^Video of /)).toBeVisible({ timeout: 15_000 });
    // Frames flow both ways: each side's getStats counts video frames decoded from the other.
    await expect.poll(() => framesDecoded(clinician), { timeout: 20_000 }).toBeGreaterThan(10);
    await expect.poll(() => framesDecoded(patient), { timeout: 20_000 }).toBeGreaterThan(10);
    await expect(clinician.getByText('Connection good')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(clinician, '/tc, in the call');
    await expectAccessible(patient, '/tc/join, in the call');

    // The clinician ends the call; the patient is told; the visit's note shows the call's times.
    await clinician.getByRole('button', { name: 'End call' }).click();
    await clinician.getByRole('button', { name: 'End call' }).last().click();
    await expect(clinician).toHaveURL(new RegExp(`/note\\?visitId=${visitId}$`), { timeout: 15_000 });
    await expect(patient.getByText('This video visit has ended.')).toBeVisible({ timeout: 15_000 });
    const evv = clinician.locator('.ant-card').filter({ hasText: 'Electronic visit verification' });
    await expect(evv.getByText('Telehealth (video call)')).toHaveCount(2, { timeout: 30_000 });
    const clinicianToken = await apiToken(request, 'clinician@carelane.local');
    const mine = await request.get(
      `${baseUrl()}/api/admin/myVisits?status=ALL&startDate=${today}&endDate=${today}&pageSize=100`,
      {
        headers: { authorization: `Bearer ${clinicianToken}` },
      },
    );
    const visit = (
      (await mine.json()) as { rows: { id: number; status: string; timeIn: string; timeOut: string }[] }
    ).rows.find((row) => row.id === visitId);
    expect(visit).toMatchObject({ status: 'NotesDue' });
    expect(Date.parse(visit!.timeOut)).toBeGreaterThan(Date.parse(visit!.timeIn));
  } finally {
    await clinicianBrowser.close();
    await patientBrowser.close();
  }
});
