// (g) Lighthouse on the signed-out login page: the mobile preset (Lighthouse's default: a mid-range phone,
// simulated slow 4G and 4x CPU slowdown) against the real server with the assembled front end, in Debian's
// Chromium. Prints the performance score and total blocking time; `node bench/lighthouse.mjs` alone also
// writes its section of RESULTS.md.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { WEB_BUILDS, buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  figure,
  isMain,
  markdownTable,
  removeDir,
  spawnServer,
  tempDataDir,
  textTable,
  waitForHealth,
  writeResultsSection,
} from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
const BUDGET = { score: 90, tbtMs: 300 };
const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const METRICS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['total-blocking-time', 'total blocking time'],
  ['interactive', 'time to interactive'],
  ['speed-index', 'speed index'],
  ['cumulative-layout-shift', 'cumulative layout shift'],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One Lighthouse run (mobile preset, performance only, plus the console-errors audit) in a fresh Chromium. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        onlyAudits: ['errors-in-console'],
      },
      undefined,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audits = lhr.audits;
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, audits[id]?.numericValue ?? NaN])),
      jsKb: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      jsFiles: scripts.length,
      consoleErrors: (audits['errors-in-console']?.details?.items ?? []).map(
        (item) => `${item.source ?? ''}: ${String(item.description ?? '').slice(0, 160)}`,
      ),
      bootup: (audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
        url: item.url,
        totalMs: item.total,
        scriptingMs: item.scripting,
      })),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

const shortUrl = (url) => {
  try {
    return path.basename(new URL(url).pathname) || url;
  } catch {
    return url;
  }
};

export async function run() {
  console.log('\n(g) Lighthouse, mobile preset, on the login page');
  await buildManyIfStale(WEB_BUILDS, { log: (line) => console.log(`  ${line}`) });
  const staticDir = tempDataDir('lighthouse-static');
  const dataDir = tempDataDir('lighthouse');
  assembleStatic(staticDir);
  // A fresh data folder is seeded first: on a busy machine that takes longer than the usual minute.
  const server = await spawnServer({ dataDir }, { STATIC_DIR: staticDir });
  await waitForHealth(server, 240_000);
  try {
    // A first run warms the server's file reads; it is not counted.
    await audit(`${server.url}/`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const one = await audit(`${server.url}/`);
      console.log(
        `  run ${i + 1}: score ${one.score}, TBT ${one.metrics['total-blocking-time'].toFixed(0)} ms, TTI ${(one.metrics.interactive / 1000).toFixed(1)} s`,
      );
      runs.push(one);
    }
    const score = median(runs.map((one) => one.score));
    const value = (id) => median(runs.map((one) => one.metrics[id]));
    const show = (id) =>
      id === 'cumulative-layout-shift' ? value(id).toFixed(3) : `${value(id).toFixed(0)} ms`;
    const consoleErrors = [...new Set(runs.flatMap((one) => one.consoleErrors))];
    const medianRun = runs.find((one) => one.score === score) ?? runs[0];

    const rows = [
      ['figure', `median of ${RUNS}`, 'range', 'budget'],
      [
        'performance score',
        String(score),
        `${Math.min(...runs.map((one) => one.score))}–${Math.max(...runs.map((one) => one.score))}`,
        `≥ ${BUDGET.score}`,
      ],
      ...METRICS.map(([id, label]) => [
        label,
        show(id),
        id === 'cumulative-layout-shift'
          ? ''
          : `${Math.min(...runs.map((one) => one.metrics[id])).toFixed(0)}–${Math.max(...runs.map((one) => one.metrics[id])).toFixed(0)} ms`,
        id === 'total-blocking-time' ? `< ${BUDGET.tbtMs} ms` : '',
      ]),
      [
        'JavaScript transferred',
        `${median(runs.map((one) => one.jsKb)).toFixed(0)} KB`,
        `${medianRun.jsFiles} files`,
        '',
      ],
      ['console errors', String(consoleErrors.length), consoleErrors.join('; ').slice(0, 200), '0'],
      [
        'Lighthouse benchmark index of this machine',
        median(runs.map((one) => one.benchmarkIndex)).toFixed(0),
        '',
        '',
      ],
    ];
    const bootupRows = [
      ['script (run with the median score)', 'main-thread time', 'of it scripting'],
      ...medianRun.bootup.map((item) => [
        shortUrl(item.url),
        `${item.totalMs.toFixed(0)} ms`,
        `${item.scriptingMs.toFixed(0)} ms`,
      ]),
    ];
    console.log(textTable(rows));
    console.log(textTable(bootupRows));
    console.log(
      `  performance score ${score}, total blocking time ${value('total-blocking-time').toFixed(0)} ms`,
    );
    return {
      title: '(g) Lighthouse on the login page (mobile preset)',
      figures: [
        figure('lighthouse', 'login page performance score', score, 'points', BUDGET.score, {
          higherIsBetter: true,
        }),
        figure(
          'lighthouse',
          'login page total blocking time',
          value('total-blocking-time'),
          'ms',
          BUDGET.tbtMs,
        ),
      ],
      markdown: [
        `Lighthouse ${lighthouseVersion()} with its default (mobile) settings: a Moto G Power class phone, simulated slow 4G and a 4x CPU slowdown, performance category; Debian's Chromium headless (\`CHROME_PATH\`, default /usr/bin/chromium). One warm-up run, then ${RUNS} runs of the signed-out login page (\`/\`) on the real server with the assembled front end, each in a new Chromium; medians. The simulated timings scale with this machine's speed (benchmark index) and its load.`,
        '',
        markdownTable(rows),
        '',
        markdownTable(bootupRows),
      ].join('\n'),
    };
  } finally {
    await server.stop();
    removeDir(dataDir);
    removeDir(staticDir);
  }
}

function lighthouseVersion() {
  return createRequire(import.meta.url)('lighthouse/package.json').version;
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const section = await run();
  await writeResultsSection({
    script: 'lighthouse.mjs',
    heading: /^## \(g\) Lighthouse/m,
    section,
    startedAt,
  });
}
