// (d) The front end in headless Chromium (Debian's, driven by playwright-core) against the real server with the
// assembled front end: the login page's JavaScript and first contentful paint, the first visit to each area
// and the way back to an area already loaded, and each area's own JavaScript (compressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import chromiumOptions from '../scripts/chromium.cjs';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { AREAS, WEB_BUILDS, buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  ADMIN,
  REPO_DIR,
  figure,
  isMain,
  latencySummary,
  markdownTable,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const RUNS = Number(process.env.FRONTEND_RUNS || 5);
const AREA_ROUTES = {
  'mf-scheduling': '/episodes',
  'mf-clinicians': '/providers',
  'mf-billing': '/invoices',
  'mf-notes': '/notes',
  'mf-reports': '/reports',
  'mf-messaging': '/messages',
};
const BUDGET = { loginJsKb: 300, fcpMs: 1000, firstVisitMs: 600, returnMs: 150 };
const kb = (bytes) => bytes / 1024;

const { chromiumLaunchOptions } = chromiumOptions;

function launch() {
  return chromium.launch({ ...chromiumLaunchOptions(), headless: true });
}

/** A cold load of the login page: compressed JavaScript transferred until the network is idle, FCP, console errors. */
async function loginPageLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A signed-out visit must log nothing (a 401 of a session probe showed as a console error).
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const started = Date.now();
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const interactiveMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const measured = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      jsBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      jsFiles: scripts.length,
      fcpMs: fcp ? fcp.startTime : NaN,
    };
  });
  await context.close();
  return { ...measured, interactiveMs, consoleErrors };
}

/** Time from asking the shell for `path` to the area's page heading being on screen, inside the page. */
function timeRouteChange(page, path, area) {
  return page.evaluate(
    ({ to, owner }) =>
      new Promise((resolve, reject) => {
        const bus = globalThis[Symbol.for('carelane.bus')];
        const started = performance.now();
        const deadline = started + 20_000;
        const check = () => {
          const heading = document.querySelector(`#carelane-area-${owner} [data-area="${owner}"] h1`);
          if (heading && heading.offsetParent !== null) resolve(performance.now() - started);
          else if (performance.now() > deadline) reject(new Error(`${to} did not render`));
          else requestAnimationFrame(check);
        };
        bus.navigate$.next(to);
        requestAnimationFrame(check);
      }),
    { to: path, owner: area },
  );
}

async function areaVisits(browser, url) {
  const first = Object.fromEntries(AREAS.map((area) => [area, []]));
  const back = Object.fromEntries(AREAS.map((area) => [area, []]));
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByLabel('Email').fill(ADMIN.emailId);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto(`${url}/profile`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    for (const area of AREAS) first[area].push(await timeRouteChange(page, AREA_ROUTES[area], area));
    for (const area of AREAS) back[area].push(await timeRouteChange(page, AREA_ROUTES[area], area));
    await context.close();
  }
  return { first, back };
}

/** Each area's own JavaScript as served (it carries none of the shared singletons). */
function remoteSizes() {
  return AREAS.map((area) => {
    const dist = path.join(REPO_DIR, area, 'dist');
    const files = fs.readdirSync(dist).filter((name) => name.endsWith('.js'));
    const raw = files.map((name) => fs.readFileSync(path.join(dist, name)));
    const sum = (list) => list.reduce((total, value) => total + value, 0);
    return {
      area,
      files: files.length,
      raw: sum(raw.map((buffer) => buffer.length)),
      gzip: sum(raw.map((buffer) => zlib.gzipSync(buffer, { level: 9 }).length)),
      brotli: sum(raw.map((buffer) => zlib.brotliCompressSync(buffer).length)),
    };
  });
}

export async function run() {
  console.log('\n(d) Front end in headless Chromium');
  await buildManyIfStale(WEB_BUILDS, { log: (line) => console.log(`  ${line}`) });
  const staticDir = tempDataDir('static');
  const dataDir = tempDataDir('frontend');
  assembleStatic(staticDir);
  const server = await startHealthy({ dataDir }, { STATIC_DIR: staticDir });
  const browser = await launch();
  try {
    // A first load warms the server (the static files' first reads); then cold-browser loads are measured.
    await loginPageLoad(browser, server.url);
    const loads = [];
    for (let i = 0; i < RUNS; i++) loads.push(await loginPageLoad(browser, server.url));
    const js = Math.max(...loads.map((load) => load.jsBytes));
    const fcp = latencySummary(loads.map((load) => load.fcpMs));
    const interactive = latencySummary(loads.map((load) => load.interactiveMs));
    const consoleErrors = [...new Set(loads.flatMap((load) => load.consoleErrors))];
    const { first, back } = await areaVisits(browser, server.url);
    const firstAll = latencySummary(Object.values(first).flat());
    const backAll = latencySummary(Object.values(back).flat());
    const sizes = remoteSizes();

    const pageRows = [
      ['figure', 'p50', 'p95 / max', 'budget'],
      [
        'login page JavaScript (compressed, as transferred, until idle)',
        `${kb(js).toFixed(0)} KB`,
        `${loads[0].jsFiles} files`,
        `< ${BUDGET.loginJsKb} KB`,
      ],
      [
        'login page first contentful paint',
        `${fcp.p50.toFixed(0)} ms`,
        `${fcp.p95.toFixed(0)} ms`,
        `< ${BUDGET.fcpMs} ms`,
      ],
      [
        'login page until the Sign in button is there',
        `${interactive.p50.toFixed(0)} ms`,
        `${interactive.p95.toFixed(0)} ms`,
        '',
      ],
      [
        'login page console errors (signed out)',
        String(consoleErrors.length),
        consoleErrors.join('; ').slice(0, 160),
        '0',
      ],
      [
        'first visit to an area (all six, all runs)',
        `${firstAll.p50.toFixed(0)} ms`,
        `${firstAll.p95.toFixed(0)} ms`,
        `< ${BUDGET.firstVisitMs} ms`,
      ],
      [
        'back to an area already loaded',
        `${backAll.p50.toFixed(1)} ms`,
        `${backAll.p95.toFixed(1)} ms`,
        `< ${BUDGET.returnMs} ms`,
      ],
    ];
    const areaRows = [
      [
        'area',
        'first visit p50',
        'first visit max',
        'back p50',
        'back max',
        'own JS files',
        'raw',
        'gzip',
        'brotli',
      ],
      ...sizes.map((size) => [
        size.area,
        `${latencySummary(first[size.area]).p50.toFixed(0)} ms`,
        `${latencySummary(first[size.area]).max.toFixed(0)} ms`,
        `${latencySummary(back[size.area]).p50.toFixed(1)} ms`,
        `${latencySummary(back[size.area]).max.toFixed(1)} ms`,
        String(size.files),
        `${kb(size.raw).toFixed(1)} KB`,
        `${kb(size.gzip).toFixed(1)} KB`,
        `${kb(size.brotli).toFixed(1)} KB`,
      ]),
    ];
    console.log(textTable(pageRows));
    console.log(textTable(areaRows));
    return {
      title: '(d) Front end in headless Chromium (login page, area route changes, area sizes)',
      figures: [
        figure('frontend', 'login page JS, compressed', kb(js), 'KB', BUDGET.loginJsKb),
        figure('frontend', 'login page FCP, p95', fcp.p95, 'ms', BUDGET.fcpMs),
        figure('frontend', 'login page console errors', consoleErrors.length, 'errors', 1),
        figure('frontend', 'first visit to an area, p95', firstAll.p95, 'ms', BUDGET.firstVisitMs),
        figure('frontend', 'back to a loaded area, p95', backAll.p95, 'ms', BUDGET.returnMs),
        ...sizes.map((size) => figure('frontend', `${size.area} own JS, brotli`, kb(size.brotli), 'KB')),
      ],
      markdown: [
        `${RUNS} cold loads of the login page in new browser contexts (after one warm-up load of the server; its JavaScript counted until the network is idle, so what it loads on demand counts too), then ${RUNS} signed-in sessions that visit each area once from /profile and then each again. Route-change times are measured inside the page: from the shell's navigate$ to the area's page heading on screen (requestAnimationFrame polling). JavaScript sizes are the encoded body sizes Chromium reports (the server sends the precompressed brotli twins).`,
        '',
        markdownTable(pageRows),
        '',
        markdownTable(areaRows),
      ].join('\n'),
    };
  } finally {
    await browser.close();
    await server.stop();
    removeDir(dataDir);
    removeDir(staticDir);
  }
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const section = await run();
  await writeResultsSection({ script: 'frontend.mjs', heading: /^## \(d\) Front end/m, section, startedAt });
}
