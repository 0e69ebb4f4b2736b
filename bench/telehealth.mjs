// (t) Telehealth (issue 28: "Two Chromium peers on this machine connect (admit to first video frame) in < 3 s;
// audio and video frames flow both ways for 60 s with no freeze over 1 s"). The real server with the assembled
// front end; two headless Chromium browsers with a fake camera and microphone: the clinician opens the telehealth
// visit's room and sends the link, the patient joins from it on a phone-sized page, the clinician admits. From
// the Admit click to the first video frame decoded on each side, then 60 s of getStats every 100 ms on both:
// the longest time video frames decoded (and audio samples received) did not grow, and Chromium's own freezes.
//
//   node bench/telehealth.mjs [--seconds 60]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import chromiumOptions from '../scripts/chromium.cjs';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { WEB_BUILDS, buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  buildIfStale,
  figure,
  isMain,
  login,
  markdownTable,
  ms,
  removeDir,
  sleep,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const CONNECT_BUDGET_MS = 3000;
const FREEZE_BUDGET_MS = 1000;
const SAMPLE_MS = 100;
const ZONE = 'America/Chicago';

const todayIn = (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

async function api(server, token, method, path, body) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Today's telehealth visit of the demo clinician, booked, published and assigned through the API. */
async function telehealthVisit(server) {
  const as = (emailId) => login(server, { emailId, password: 'Carelane-demo-1' });
  const [org, coordinator, clinician] = await Promise.all(
    ['orguser', 'coordinator', 'clinician'].map((who) => as(`${who}@carelane.local`)),
  );
  const today = todayIn(ZONE);
  const patient = (await api(server, org, 'GET', '/api/admin/patients?pageSize=1')).rows[0];
  const episode = await api(server, org, 'POST', '/api/admin/episodes', {
    episodeType: 'Visit',
    title: `Telehealth bench ${Date.now()}`,
    startDate: today,
    patientId: patient.id,
  });
  await api(server, org, 'POST', `/api/admin/episodes/${episode.id}/visits`, {
    visitTypeId: 340,
    providerTypeId: 1,
    dateOfService: today,
    startTime: '23:30',
    endTime: '23:45',
  });
  const { version } = await api(server, org, 'GET', `/api/admin/episodes/${episode.id}`);
  await api(server, org, 'POST', `/api/admin/episodes/${episode.id}/publish`, { version });
  const visit = (await api(server, org, 'GET', `/api/admin/episodes/${episode.id}/visits`)).rows[0];
  const { providerId } = await api(
    server,
    clinician,
    'GET',
    `/api/admin/myVisits?startDate=${today}&endDate=${today}`,
  );
  await api(server, coordinator, 'POST', '/api/admin/assignVisit', {
    visitId: visit.id,
    providerId,
    version: visit.version,
  });
  return visit.id;
}

const RECORD_PEERS = () => {
  const Original = window.RTCPeerConnection;
  const made = [];
  window.__peers = made;
  window.RTCPeerConnection = class extends Original {
    constructor(config) {
      super(config);
      made.push(this);
    }
  };
};

/** What this page has received from its peers so far (inbound-rtp of every open connection). */
const received = (page) =>
  page.evaluate(async () => {
    const sum = { videoFrames: 0, audioSamples: 0, freezes: 0, freezeSeconds: 0 };
    for (const pc of window.__peers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((stat) => {
        if (stat.type !== 'inbound-rtp') return;
        if (stat.kind === 'video') {
          sum.videoFrames += stat.framesDecoded ?? 0;
          sum.freezes += stat.freezeCount ?? 0;
          sum.freezeSeconds += stat.totalFreezesDuration ?? 0;
        } else sum.audioSamples += stat.totalSamplesReceived ?? 0;
      });
    }
    return sum;
  });

const mediaBrowser = () => {
  const options = chromiumOptions.chromiumLaunchOptions();
  return chromium.launch({
    ...options,
    args: [...options.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
};

/** The longest stretch in which a counter did not grow, over samples [{ at, value }]. */
function longestStall(samples) {
  let longest = 0;
  let since = samples[0]?.at ?? 0;
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].value > samples[i - 1].value) since = samples[i].at;
    else longest = Math.max(longest, samples[i].at - since);
  }
  return longest;
}

async function callOnce(server, seconds) {
  const visitId = await telehealthVisit(server);
  const browsers = [await mediaBrowser(), await mediaBrowser()];
  try {
    const clinicianContext = await browsers[0].newContext({ baseURL: server.url, timezoneId: ZONE });
    await clinicianContext.addInitScript(RECORD_PEERS);
    const clinician = await clinicianContext.newPage();
    await clinician.goto('/');
    await clinician.getByLabel('Email').fill('clinician@carelane.local');
    await clinician.getByLabel('Password').fill('Carelane-demo-1');
    await clinician.getByRole('button', { name: 'Sign in' }).click();
    await clinician.getByText('Login successful.').waitFor({ timeout: 60_000 });
    await clinician.goto(`/tc?visit=${visitId}`);
    await clinician.getByText('Nobody is waiting.').waitFor({ timeout: 60_000 });
    await clinician.getByRole('button', { name: 'Send join link' }).click();
    const link = new URL(await clinician.getByLabel(/^Join link/).inputValue());

    const patientContext = await browsers[1].newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await patientContext.addInitScript(RECORD_PEERS);
    const patient = await patientContext.newPage();
    await patient.goto(`${link.pathname}${link.search}`);
    await patient.getByLabel('Your name').fill('Mary');
    await patient.getByRole('button', { name: 'Join the video visit' }).click();
    const admit = clinician.getByRole('button', { name: 'Admit Mary' });
    await admit.waitFor({ timeout: 30_000 });
    // The patient's camera is open before the admission is timed (it opens while they wait).
    await patient.getByLabel('Your video', { exact: true }).waitFor();
    const admittedAt = Date.now();
    await admit.click();
    const firstFrame = {};
    while (Object.keys(firstFrame).length < 2) {
      for (const [side, page] of [
        ['clinician', clinician],
        ['patient', patient],
      ])
        if (!firstFrame[side] && (await received(page)).videoFrames > 0)
          firstFrame[side] = Date.now() - admittedAt;
      if (Date.now() - admittedAt > 30_000) throw new Error('no video frame within 30 s of the admission');
      await sleep(20);
    }
    const samples = { clinician: [], patient: [] };
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      const at = Date.now();
      const [c, p] = await Promise.all([received(clinician), received(patient)]);
      samples.clinician.push({ at, ...c });
      samples.patient.push({ at, ...p });
      await sleep(Math.max(0, SAMPLE_MS - (Date.now() - at)));
    }
    const summary = (side) => {
      const rows = samples[side];
      const last = rows.at(-1);
      return {
        firstFrameMs: firstFrame[side],
        videoStallMs: longestStall(rows.map((row) => ({ at: row.at, value: row.videoFrames }))),
        audioStallMs: longestStall(rows.map((row) => ({ at: row.at, value: row.audioSamples }))),
        fps: (last.videoFrames - rows[0].videoFrames) / ((last.at - rows[0].at) / 1000),
        freezes: last.freezes - rows[0].freezes,
        freezeSeconds: last.freezeSeconds - rows[0].freezeSeconds,
      };
    };
    return { clinician: summary('clinician'), patient: summary('patient') };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
}

export async function run({ seconds = 60 } = {}) {
  console.log('\n(t) Telehealth: two Chromium peers, admit to first frame, then frames both ways');
  buildIfStale();
  await buildManyIfStale(WEB_BUILDS, { log: (line) => console.log(`  ${line}`) });
  const staticDir = tempDataDir('static');
  const dataDir = tempDataDir('telehealth');
  assembleStatic(staticDir);
  const server = await startHealthy({ dataDir }, { STATIC_DIR: staticDir });
  try {
    const result = await callOnce(server, seconds);
    const connectMs = Math.max(result.clinician.firstFrameMs, result.patient.firstFrameMs);
    const rows = [
      [
        'receiving side',
        'first frame after admit',
        'longest video stall',
        'longest audio stall',
        'video fps',
        "Chromium's freezes",
      ],
    ];
    for (const side of ['clinician', 'patient']) {
      const r = result[side];
      rows.push([
        side,
        ms(r.firstFrameMs, 0),
        ms(r.videoStallMs, 0),
        ms(r.audioStallMs, 0),
        r.fps.toFixed(1),
        `${r.freezes} (${r.freezeSeconds.toFixed(2)} s)`,
      ]);
    }
    console.log(textTable(rows));
    const stall = Math.max(
      ...['clinician', 'patient'].flatMap((side) => [result[side].videoStallMs, result[side].audioStallMs]),
    );
    const figures = [
      figure('telehealth', 'admit to first video frame, both sides', connectMs, 'ms', CONNECT_BUDGET_MS),
      figure(
        'telehealth',
        `longest stall of video or audio over ${seconds} s`,
        stall,
        'ms',
        FREEZE_BUDGET_MS,
      ),
    ];
    return {
      title: '(t) Telehealth',
      figures,
      markdown: [
        `Two headless Chromium browsers (Debian's, fake camera and microphone) on this machine, no ICE servers; the patient's page 390 px wide. getStats every ${SAMPLE_MS} ms for ${seconds} s after the first frame on both sides; a stall is the longest time the counter (video frames decoded, audio samples received) did not grow.`,
        '',
        markdownTable(rows),
      ].join('\n'),
    };
  } finally {
    await server.stop();
    removeDir(dataDir);
    removeDir(staticDir);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
  const startedAt = new Date();
  const section = await run({ seconds: Number(values.seconds) });
  await writeResultsSection({
    script: 'telehealth.mjs',
    heading: /^## \(t\) Telehealth/m,
    section,
    startedAt,
  });
}
