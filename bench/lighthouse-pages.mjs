// (n) Lighthouse on signed-in pages (issue 24): the mobile preset for the demo clinician on /providervisits and
// one of their notes (/note?visitId=…), Lighthouse's desktop preset for the administrator on the staff's busiest
// pages (/episodes, /notes, /invoices, /providers), against the real server with the assembled front end, in
// Debian's Chromium. Each run is a fresh Chromium: a page (puppeteer-core, Lighthouse's own dependency) first
// opens /api/health to hold the session as a tab that signed in does (the token in sessionStorage, the
// `carelane.signedIn` hint in localStorage, the HttpOnly session cookie), then Lighthouse navigates that page to
// the audited address with `disableStorageReset` (the profile is new, so the cache is cold anyway).
// `node bench/lighthouse-pages.mjs` alone also writes its section of RESULTS.md.
//   LIGHTHOUSE_RUNS=3               runs per page after one warm-up run (median)
//   LIGHTHOUSE_PAGES=providervisits,note,episodes   only these pages (by name)
//   LIGHTHOUSE_BASE_URL=http://127.0.0.1:8080       audit a server already running (no build, no server started)
//   LIGHTHOUSE_JSON=/tmp/lh                          keep each run's report (JSON) in that folder
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { WEB_BUILDS, buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  ADMIN,
  figure,
  isMain,
  login,
  markdownTable,
  removeDir,
  spawnServer,
  tempDataDir,
  textTable,
  waitForHealth,
  writeResultsSection,
} from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CLINICIAN = { emailId: 'clinician@carelane.local', password: 'Carelane-demo-1' };
export const BUDGET = { mobile: 80, desktop: 90 };
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['speed-index', 'SI'],
  ['cumulative-layout-shift', 'CLS'],
];

/** The audited pages: name, preset, who, and the address (a function of the server for the note). */
const PAGES = [
  { name: 'providervisits', preset: 'mobile', who: CLINICIAN, path: async () => '/providervisits' },
  {
    name: 'note',
    preset: 'mobile',
    who: CLINICIAN,
    path: (server, token) => clinicianNotePath(server, token),
  },
  { name: 'episodes', preset: 'desktop', who: ADMIN, path: async () => '/episodes' },
  { name: 'notes', preset: 'desktop', who: ADMIN, path: async () => '/notes' },
  { name: 'invoices', preset: 'desktop', who: ADMIN, path: async () => '/invoices' },
  { name: 'providers', preset: 'desktop', who: ADMIN, path: async () => '/providers' },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

async function apiGet(server, token, url) {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A note of the demo data the clinician owns and may open: the first of their list with a saved note. */
async function clinicianNotePath(server, token) {
  const list = await apiGet(server, token, '/api/notes/notes?startDate=2020-01-01&pageSize=50');
  for (const row of list.rows) {
    const detail = await apiGet(server, token, `/api/notes/visits/${row.visitId}/note`);
    if (detail.note) return `/note?visitId=${row.visitId}`;
  }
  if (list.rows[0]) return `/note?visitId=${list.rows[0].visitId}`;
  throw new Error('the demo clinician has no visit with a note');
}

/** One Lighthouse run (performance category and the console-errors audit) of a signed-in page in a fresh Chromium. */
async function audit(baseUrl, pathname, preset, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const loadAverage = os.loadavg()[0];
  let browser;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = await browser.newPage();
    // The session as a tab that signed in holds it (shared-session/src/session-hint.ts and the API's cookie).
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((kept) => {
      sessionStorage.setItem('carelane.session', kept);
      localStorage.setItem('carelane.signedIn', '1');
    }, token);
    await browser.setCookie({
      name: 'carelane_session',
      value: token,
      domain: new URL(baseUrl).hostname,
      path: '/api',
      httpOnly: true,
      sameSite: 'Strict',
    });
    const result = await lighthouse(
      `${baseUrl}${pathname}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        onlyAudits: ['errors-in-console'],
        disableStorageReset: true,
      },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // What the page showed at the end: its heading, or what stood in its place (no access, an error page).
    const shown = await page
      .evaluate(() => {
        const heading = document.querySelector('#carelane-area-slot h1, main h1, h1');
        return (heading?.textContent ?? document.title ?? '').trim().slice(0, 60);
      })
      .catch(() => '?');
    if (process.env.LIGHTHOUSE_JSON) {
      fs.mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      const file = path.join(
        process.env.LIGHTHOUSE_JSON,
        `${preset}-${pathname.replace(/[^\w]+/g, '_')}-${Date.now()}.json`,
      );
      fs.writeFileSync(file, JSON.stringify(lhr));
    }
    const audits = lhr.audits;
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    const breakdown = Object.fromEntries(
      (audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]),
    );
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, audits[id]?.numericValue ?? NaN])),
      jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      jsFiles: scripts.length,
      mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
      scriptMs: (breakdown.scriptEvaluation ?? 0) + (breakdown.scriptParseCompile ?? 0),
      styleLayoutMs: breakdown.styleLayout ?? 0,
      longTasks: (audits['long-tasks']?.details?.items ?? []).length,
      consoleErrors: (audits['errors-in-console']?.details?.items ?? []).map(
        (item) => `${item.source ?? ''}: ${String(item.description ?? '').slice(0, 160)}`,
      ),
      bootup: (audits['bootup-time']?.details?.items ?? []).slice(0, 6).map((item) => ({
        url: item.url,
        totalMs: item.total,
        scriptingMs: item.scripting,
      })),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      loadAverage,
      shown,
    };
  } finally {
    await browser?.disconnect().catch(() => {});
    await chrome.kill();
  }
}

const shortUrl = (url) => {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').slice(-2).join('/') || url;
  } catch {
    return url;
  }
};

/** A run Lighthouse could not record (NO_NAVSTART and the like happen on a loaded machine) is tried once more. */
async function auditOnce(...args) {
  try {
    return await audit(...args);
  } catch (error) {
    console.log(`    (run failed, tried again: ${String(error.message).slice(0, 120)})`);
    return audit(...args);
  }
}

/** Audits one page: a warm-up run, then RUNS runs; prints each. */
async function auditPage(server, page) {
  const token = await login(server, page.who);
  const pathname = await page.path(server, token);
  console.log(`  ${page.preset} ${pathname} as ${page.who.emailId}`);
  await auditOnce(server.url, pathname, page.preset, token);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const one = await auditOnce(server.url, pathname, page.preset, token);
    console.log(
      `    run ${i + 1}: score ${one.score}, TBT ${one.metrics['total-blocking-time'].toFixed(0)} ms, LCP ${(one.metrics['largest-contentful-paint'] / 1000).toFixed(1)} s, JS ${one.jsKb.toFixed(0)} KB in ${one.jsFiles} files, main thread ${one.mainThreadMs.toFixed(0)} ms (script ${one.scriptMs.toFixed(0)}, style/layout ${one.styleLayoutMs.toFixed(0)}), load ${one.loadAverage.toFixed(2)}, shown "${one.shown}"`,
    );
    runs.push(one);
  }
  const score = median(runs.map((one) => one.score));
  return {
    page,
    pathname,
    runs,
    score,
    medianRun: runs.find((one) => one.score === score) ?? runs[0],
    value: (id) => median(runs.map((one) => one.metrics[id])),
  };
}

export async function run() {
  console.log('\n(n) Lighthouse on signed-in pages: mobile (clinician), desktop (administrator)');
  const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  const pages = only.length ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  let server;
  let dataDir;
  let staticDir;
  if (process.env.LIGHTHOUSE_BASE_URL) {
    server = { url: process.env.LIGHTHOUSE_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  } else {
    await buildManyIfStale(WEB_BUILDS, { log: (line) => console.log(`  ${line}`) });
    staticDir = tempDataDir('lighthouse-pages-static');
    dataDir = tempDataDir('lighthouse-pages');
    assembleStatic(staticDir);
    // A fresh data folder is seeded first: on a busy machine that takes longer than the usual minute.
    server = await spawnServer({ dataDir }, { STATIC_DIR: staticDir });
    await waitForHealth(server, 240_000);
  }
  try {
    const results = [];
    for (const page of pages) results.push(await auditPage(server, page));

    const ms = (value) => `${value.toFixed(0)} ms`;
    const rows = [
      [
        'preset',
        'page',
        'shown',
        `score (median of ${RUNS})`,
        'range',
        'budget',
        'TBT',
        'TBT range',
        'FCP',
        'LCP',
        'SI',
        'CLS',
        'JS transferred',
        'main thread',
        'of it script',
        'load average (1 min)',
      ],
      ...results.map((r) => [
        r.page.preset,
        r.pathname,
        r.medianRun.shown,
        String(r.score),
        `${Math.min(...r.runs.map((one) => one.score))}–${Math.max(...r.runs.map((one) => one.score))}`,
        `≥ ${BUDGET[r.page.preset]}`,
        ms(r.value('total-blocking-time')),
        `${Math.min(...r.runs.map((one) => one.metrics['total-blocking-time'])).toFixed(0)}–${Math.max(...r.runs.map((one) => one.metrics['total-blocking-time'])).toFixed(0)} ms`,
        ms(r.value('first-contentful-paint')),
        ms(r.value('largest-contentful-paint')),
        ms(r.value('speed-index')),
        r.value('cumulative-layout-shift').toFixed(3),
        `${median(r.runs.map((one) => one.jsKb)).toFixed(0)} KB, ${r.medianRun.jsFiles} files`,
        ms(median(r.runs.map((one) => one.mainThreadMs))),
        ms(median(r.runs.map((one) => one.scriptMs))),
        r.runs.map((one) => one.loadAverage.toFixed(1)).join(', '),
      ]),
    ];
    const bootupRows = [
      ['page', 'script (run with the median score)', 'main-thread time', 'of it scripting'],
      ...results.flatMap((r) =>
        r.medianRun.bootup.map((item) => [
          r.pathname,
          shortUrl(item.url),
          ms(item.totalMs),
          ms(item.scriptingMs),
        ]),
      ),
    ];
    const consoleErrors = [...new Set(results.flatMap((r) => r.runs.flatMap((one) => one.consoleErrors)))];
    const benchmarkIndex = median(results.flatMap((r) => r.runs.map((one) => one.benchmarkIndex)));
    console.log(textTable(rows));
    console.log(textTable(bootupRows));
    if (consoleErrors.length) console.log(`  console errors: ${consoleErrors.join('; ')}`);
    return {
      title: '(n) Lighthouse on signed-in pages (clinician: mobile preset; staff: desktop preset)',
      figures: results.map((r) =>
        figure(
          'lighthouse-pages',
          `${r.page.preset} ${r.page.name} performance score`,
          r.score,
          'points',
          BUDGET[r.page.preset],
          { higherIsBetter: true },
        ),
      ),
      extra: results.map((r) =>
        figure(
          'lighthouse-pages',
          `${r.page.preset} ${r.page.name} total blocking time`,
          r.value('total-blocking-time'),
          'ms',
          null,
        ),
      ),
      markdown: [
        `Lighthouse ${lighthouseVersion()}, performance category, Debian's Chromium headless. Mobile: Lighthouse's default settings (a Moto G Power class phone, simulated slow 4G, 4x CPU slowdown), as the demo clinician (${CLINICIAN.emailId}); desktop: Lighthouse's desktop config (1350×940, simulated fast connection, no CPU slowdown), as the administrator. Each run is a new Chromium whose tab holds the session as after signing in (token in sessionStorage, the signed-in hint, the session cookie), then loads the page from the address bar with a cold cache; one warm-up run per page, then ${RUNS} runs, medians. "shown" is the page's heading at the end of the run (a page that failed to load would show its error instead). The simulated timings scale with this machine's speed (Lighthouse benchmark index ${benchmarkIndex.toFixed(0)}) and its load: the load average is given per run (2 cores, shared with other work). Budgets (issue 24): mobile ≥ ${BUDGET.mobile}, desktop ≥ ${BUDGET.desktop}.`,
        '',
        markdownTable(rows),
        '',
        markdownTable(bootupRows),
        '',
        `Console errors: ${consoleErrors.length ? consoleErrors.join('; ').slice(0, 400) : 'none'}.`,
      ].join('\n'),
    };
  } finally {
    await server.stop();
    if (dataDir) removeDir(dataDir);
    if (staticDir) removeDir(staticDir);
  }
}

function lighthouseVersion() {
  return createRequire(import.meta.url)('lighthouse/package.json').version;
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const section = await run();
  await writeResultsSection({
    script: 'lighthouse-pages.mjs',
    heading: /^## \(n\) Lighthouse on signed-in pages/m,
    section,
    startedAt,
    conditions: `load average (1 min) at the end ${os.loadavg()[0].toFixed(2)}`,
  });
}
