// (o) Reports and the dashboard (issue 26) on the scheduling data set (bench/scheduling-data.mjs: at scale 1,
// 1,000,000 visits), PGlite and PostgreSQL:
//  1. the rollup (decision 051), timed in this process on the stopped server's database: rolling up every
//     visit the data set queued (what an upgrade's first runs do), then 20 rounds of 100 changed visits (the
//     work of one second at 100 visit changes per second);
//  2. each report's answer, the default period (the last 7 days) and the year, 20 sequential requests then
//     autocannon at 4 connections: the dashboard (as the operations director and as an organization user),
//     time to staff, the health reports, the survey results, every funnel and the conversion table, the goal
//     tracker, user activity, the supply and demand gap, the candidate reports, the non-coverages, the report
//     builder (POST), historical churn (12 and 24 months), My Activity;
//  3. a drill-down's first page (the staffed visits behind the staffing rate) at 20 connections;
//  4. freshness: a visit of the week ahead deleted through the API, then the dashboard polled until its figure
//     moves (5 times).
//
//   node bench/reports.mjs                                  full size, PGlite and PostgreSQL (when it answers)
//   node bench/reports.mjs --scale 0.01                     a quick smoke run (2 s of load per figure)
//   node bench/reports.mjs --data-cache /tmp/carelane-scheduling-data   reuse scheduling.mjs's kept data set
//   node bench/reports.mjs --only 'Funnel|candidate'        some reports only (a regular expression on their keys;
//                                                          printed, not written to RESULTS.md)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { generateSchedulingData, sizesAt } from './scheduling-data.mjs';
import { get, keepCached, restoreCached } from './scheduling.mjs';
import {
  buildIfStale,
  cannon,
  createDatabase,
  figure,
  isMain,
  latencySummary,
  loadApiBundle,
  login,
  markdownTable,
  ms,
  openDirect,
  postgresVersion,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const BUDGET = { dashboard: 100, report: 300, drill: 50, freshnessS: 60 };
const PASSWORD = 'Carelane-demo-1';
const DIRECTOR = { emailId: 'director@carelane.local', password: PASSWORD };
const ORG_USER = { emailId: 'orguser@carelane.local', password: PASSWORD };
const ADMIN = { emailId: 'admin@carelane.local', password: PASSWORD };
const SEQUENTIAL = 20;
const REPORT_CONNECTIONS = 4;
const DRILL_CONNECTIONS = 20;
const CHANGE_ROUNDS = 20;
const CHANGES_PER_ROUND = 100;
const FRESHNESS_ROUNDS = 5;

/** Today on the demo organizations' calendar (Central), and `days` before it. */
function centralDay(daysBefore = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - daysBefore);
  return d.toISOString().slice(0, 10);
}

/** The funnels of decision 053, each at /api/admin/reports/funnels/:key. */
const FUNNELS = [
  ['visitFunnel', 'visit funnel'],
  ['episodeFunnel', 'service request funnel'],
  ['patientFunnel', 'patient funnel'],
  ['referralSourceFunnel', 'organization funnel'],
  ['referralSourceConversion', 'organization conversion'],
  ['providerFunnel', 'clinician funnel'],
  ['communicationFunnel', 'communication funnel'],
];

const GENERIC_RUN = '/api/admin/reports/genericReport/run';

/** The report builder's definition measured: the visits of the period grouped by status. */
const genericBody = (daysBefore) => ({
  definition: {
    subject: 'visits',
    columns: ['dateOfService', 'status', 'patientName'],
    filters: [],
    groupBy: 'status',
  },
  from: centralDay(daysBefore),
  to: centralDay(0),
});

/** The reports measured: each at the default period and over the year. */
function reportsToMeasure() {
  const year = `from=${centralDay(364)}&to=${centralDay(0)}`;
  const both = (key, label, path, who, budget) => [
    { key: `${key}`, label: `${label}, last 7 days`, path, who, budget },
    {
      key: `${key}Year`,
      label: `${label}, the year`,
      path: `${path}${path.includes('?') ? '&' : '?'}${year}`,
      who,
      budget,
    },
  ];
  return [
    ...both(
      'dashboard',
      'dashboard (director)',
      '/api/admin/reports/dashboard',
      'director',
      BUDGET.dashboard,
    ),
    ...both(
      'dashboardOrg',
      'dashboard (organization user)',
      '/api/admin/reports/dashboard',
      'orgUser',
      BUDGET.dashboard,
    ),
    ...both('timeToStaff', 'time to staff', '/api/admin/reports/timeToStaff', 'admin', BUDGET.report),
    ...both(
      'healthOrganizations',
      'organization health',
      '/api/admin/reports/health/organizations',
      'admin',
      BUDGET.report,
    ),
    ...both('healthStates', 'state health', '/api/admin/reports/health/states', 'admin', BUDGET.report),
    ...both(
      'healthClinicians',
      'clinician health',
      '/api/admin/reports/health/clinicians',
      'admin',
      BUDGET.report,
    ),
    ...both(
      'healthOperations',
      'operations health',
      '/api/admin/reports/health/operations',
      'admin',
      BUDGET.report,
    ),
    ...both('surveys', 'survey results', '/api/admin/reports/surveys/summary', 'admin', BUDGET.report),
    ...FUNNELS.flatMap(([key, label]) =>
      both(key, label, `/api/admin/reports/funnels/${key}`, 'admin', BUDGET.report),
    ),
    ...both(
      'conversionOrganizations',
      'organization conversion, a row per organization',
      '/api/admin/reports/funnels/referralSourceConversion/organizations',
      'admin',
      BUDGET.report,
    ),
    ...both('goalTracker', 'goal tracker', '/api/admin/reports/goalTracker', 'admin', BUDGET.report),
    ...both('userActivity', 'user activity', '/api/admin/reports/userActivity', 'admin', BUDGET.report),
    ...both(
      'supplyDemandGap',
      'supply and demand gap',
      '/api/admin/reports/supplyDemandGap',
      'admin',
      BUDGET.report,
    ),
    ...both('candidateReport', 'candidates', '/api/admin/reports/candidateReport', 'admin', BUDGET.report),
    ...both(
      'candidatePageView',
      'candidate page views',
      '/api/admin/reports/candidatePageView',
      'admin',
      BUDGET.report,
    ),
    ...both('nonCoverages', 'non-coverages, first page', '/api/admin/nonCoverages', 'admin', BUDGET.report),
    ...both('genericReport', 'report builder, visits by status', GENERIC_RUN, 'admin', BUDGET.report).map(
      (r) => ({ ...r, path: GENERIC_RUN, body: genericBody(r.key.endsWith('Year') ? 364 : 6) }),
    ),
    {
      key: 'myActivity',
      label: 'My Activity (director)',
      path: '/api/admin/reports/myActivity',
      who: 'director',
      budget: BUDGET.report,
    },
    // Historical churn's window is months, not a period: its default (12) and its longest (24).
    ...['clinicians', 'organizations'].flatMap((subject) =>
      [12, 24].map((months) => ({
        key: `churn${subject[0].toUpperCase()}${subject.slice(1)}${months}`,
        label: `historical churn of ${subject}, ${months} months`,
        path: `/api/admin/reports/historicalChurn?subject=${subject}&months=${months}`,
        who: 'admin',
        budget: BUDGET.report,
      })),
    ),
  ];
}

async function loadApi() {
  return loadApiBundle(
    'reports',
    `
export { openDatabase } from '../src/db/client';
export { runReportRollupJob } from '../src/modules/reports/rollups/job';
export { sql } from 'drizzle-orm';
`,
  );
}

/** The rollup in this process: the first catch-up, then rounds of 100 changed visits. */
async function timeRollup(api, target, log) {
  const { sql } = api;
  const database = await api.openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir ?? 'memory://',
  });
  try {
    // The generator loads with triggers off (bench/scheduling-data.mjs): every visit is queued here, as the
    // migration queues a deployment's visits when it upgrades.
    await database.db.execute(
      sql`insert into report_dirty_visits (visit_id) select id from visits on conflict (visit_id) do nothing`,
    );
    const queued = await database.db.execute(sql`select count(*)::int as n from report_dirty_visits`);
    let t = performance.now();
    const first = await api.runReportRollupJob(database.db, { maxBatches: Number.MAX_SAFE_INTEGER });
    const catchUpMs = performance.now() - t;
    log(
      `    rollup: ${first.visits.toLocaleString('en-US')} queued visits rolled up in ${(catchUpMs / 1000).toFixed(1)} s`,
    );
    const rounds = [];
    for (let i = 0; i < CHANGE_ROUNDS + 2; i++) {
      await database.db.execute(
        sql`update visits set assigned_at = assigned_at + interval '1 second'
             where id in (select id from visits tablesample system (1) limit ${CHANGES_PER_ROUND})`,
      );
      t = performance.now();
      const r = await api.runReportRollupJob(database.db);
      if (i >= 2) rounds.push({ ms: performance.now() - t, visits: r.visits });
    }
    const rows = await database.db.execute(sql`select count(*)::int as n from report_visit_days`);
    return {
      queued: Number(queued.rows[0].n),
      catchUp: { visits: first.visits, batches: first.batches, ms: catchUpMs },
      change: latencySummary(rounds.map((r) => r.ms)),
      changedVisits: Math.round(rounds.reduce((n, r) => n + r.visits, 0) / rounds.length),
      rollupRows: Number(rows.rows[0].n),
    };
  } finally {
    await database.close();
  }
}

/** A GET of `path`, or a POST of `body` (JSON) when there is one. */
async function request(server, path, token, body) {
  if (body === undefined) return get(server, path, token);
  const t = performance.now();
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const took = performance.now() - t;
  return { status: res.status, body: res.ok ? JSON.parse(text) : { message: text }, ms: took };
}

/** One GET (or POST with `body`): the first answer, 20 in turn, then autocannon; shared with search.mjs. */
export async function measureGet(server, token, path, { seconds, connections, body }) {
  const load = os.loadavg()[0];
  // A report slower than fetch's 300 s wait for the answer's headers is written down, not the end of the run.
  const first = await request(server, path, token, body).catch((error) => ({
    status: 0,
    body: { message: `no answer: ${error.cause?.code ?? error.message}` },
  }));
  if (first.status !== 200)
    return { status: first.status, error: first.body?.message ?? `HTTP ${first.status}` };
  const times = [];
  // A slow report gets fewer than SEQUENTIAL requests: at least 3, and none started after 30 s.
  const started = performance.now();
  for (let i = 0; i < SEQUENTIAL && (i < 3 || performance.now() - started < 30_000); i++) {
    const res = await request(server, path, token, body);
    if (res.status !== 200) throw new Error(`${body ? 'POST' : 'GET'} ${path} answered ${res.status}`);
    times.push(res.ms);
  }
  const options = {
    url: server.url + path,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { method: 'POST', body: JSON.stringify(body) }),
    connections,
    timeout: 30,
  };
  await cannon({ ...options, duration: 1 });
  const loaded = await cannon({ ...options, duration: seconds });
  return { status: 200, first, single: latencySummary(times), loaded, load };
}

/**
 * A visit deleted through the API, then the dashboard read every 250 ms until its figure has moved. The week ahead
 * (published visits wait there; the status job expires those whose time has passed).
 */
async function freshness(server, adminToken, directorToken) {
  const week = `from=${centralDay(0)}&to=${centralDay(-6)}`;
  const requested = (dashboard) =>
    dashboard.body.metrics.find((m) => m.key === 'staffingRate').current.denominator;
  const lags = [];
  for (let round = 0; round < FRESHNESS_ROUNDS; round++) {
    const before = requested(await get(server, `/api/admin/reports/dashboard?${week}`, directorToken));
    const list = await get(server, `/api/operation/visits?status=Active&${week}&pageSize=1`, adminToken);
    const visit = list.body?.rows?.[0];
    if (!visit) return { lags: null, note: 'no Active visit in the week ahead to delete' };
    const res = await fetch(`${server.url}/api/admin/deleteVisit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ visits: [{ id: visit.id, version: visit.version }] }),
    });
    if (res.status !== 200) return { lags: null, note: `deleteVisit answered ${res.status}` };
    const t = performance.now();
    while (
      requested(await get(server, `/api/admin/reports/dashboard?${week}`, directorToken)) !==
      before - 1
    ) {
      if (performance.now() - t > 120_000)
        return { lags: null, note: 'the figure did not move within 120 s' };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    lags.push(performance.now() - t);
  }
  return { lags: latencySummary(lags) };
}

/**
 * The scheduling data set at `scale` in a new database of `kind` (generated, or restored from `dataCache`), then
 * `prepare(target)` on the stopped database, then the server on it; answers `use(server)`. Everything is dropped
 * after. Shared with search.mjs.
 */
export async function withSchedulingServer(kind, { scale, log, dataCache, env = {}, prepare }, use) {
  let target;
  let database;
  let server;
  if (kind === 'pglite') target = { dataDir: tempDataDir('reports') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  try {
    const cached = dataCache && (await restoreCached(kind, dataCache, scale, target, database));
    if (cached) log(`  ${kind}: the data set kept in ${dataCache} (scale ${scale})`);
    server = await startHealthy(target, { ...env, REPORT_ROLLUP_JOB_MS: '0' });
    await server.stop();
    server = null;
    if (!cached) {
      const direct = await openDirect(target);
      let generation;
      try {
        log(`  ${kind}: generating the data set (scale ${scale})`);
        generation = await generateSchedulingData(direct, { scale, log });
      } finally {
        await direct.close();
      }
      if (dataCache) await keepCached(kind, dataCache, scale, target, database, generation);
    }
    const prepared = prepare ? await prepare(target) : undefined;
    server = await startHealthy(target, env);
    return await use(server, prepared);
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

async function benchOne(kind, api, { scale, seconds, log, dataCache, only }) {
  const env = { BANK_ACCOUNT_KEY: 'carelane-bench-bank-account-key' };
  const prepare = (target) => timeRollup(api, target, log);
  return withSchedulingServer(kind, { scale, log, dataCache, env, prepare }, async (server, rollup) => {
    const tokens = {
      director: await login(server, DIRECTOR),
      orgUser: await login(server, ORG_USER),
      admin: await login(server, ADMIN),
    };
    const reports = [];
    for (const report of reportsToMeasure().filter((r) => !only || only.test(r.key))) {
      const result = await measureGet(server, tokens[report.who], report.path, {
        seconds,
        connections: REPORT_CONNECTIONS,
        body: report.body,
      });
      log(
        `    ${report.label}: ${result.status === 200 ? `c=1 p95 ${ms(result.single.p95)}, c=${REPORT_CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}` : result.error}`,
      );
      reports.push({ ...report, ...result });
    }
    const drills = [];
    for (const [label, query] of [
      ['last 7 days', ''],
      ['the year', `&from=${centralDay(364)}&to=${centralDay(0)}`],
    ]) {
      const path = `/api/admin/reports/dashboard/records?metric=staffingRate&part=numerator${query}`;
      const result = await measureGet(server, tokens.director, path, {
        seconds,
        connections: DRILL_CONNECTIONS,
      });
      log(`    drill-down, ${label}: c=${DRILL_CONNECTIONS} p95 ${ms(result.loaded?.latency.p95)}`);
      drills.push({ label, ...result });
    }
    const fresh = await freshness(server, tokens.admin, tokens.director);
    log(`    freshness: ${fresh.note ?? `p95 ${ms(fresh.lags.p95)}`}`);
    return { kind, rollup, reports, drills, fresh };
  });
}

export async function run({
  scale = 1,
  seconds,
  log = console.log,
  dataCache = process.env.SCHEDULING_DATA_CACHE,
  kinds: wanted = ['pglite', 'postgres'],
  only,
  build = true,
} = {}) {
  seconds ??= scale >= 0.5 ? 10 : 2;
  if (build) buildIfStale();
  const api = await loadApi();
  const sizes = sizesAt(scale);
  log(
    `\n(o) Reports: ${sizes.visits.toLocaleString('en-US')} visits; the rollup, every report, a drill-down, freshness`,
  );
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  if (!version) log('  PostgreSQL does not answer: PGlite only.');
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, api, { scale, seconds, log, dataCache, only }));

  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const verdict = (value, budget) => (value < budget ? 'PASS' : 'OVER');
  const reportRows = [
    [
      'database',
      'report',
      'first request',
      'c=1 p50 / p95',
      `c=${REPORT_CONNECTIONS} p50`,
      `c=${REPORT_CONNECTIONS} p95`,
      'req/s',
      'load avg',
      'verdict',
    ],
    ...results.flatMap((r) =>
      r.reports.map((x) =>
        x.status === 200
          ? [
              label[r.kind],
              x.label,
              ms(x.first.ms),
              `${ms(x.single.p50)} / ${ms(x.single.p95)}`,
              ms(x.loaded.latency.p50),
              ms(x.loaded.latency.p95),
              x.loaded.requestsPerSecond.toFixed(0),
              x.load.toFixed(2),
              `${verdict(x.loaded.latency.p95, x.budget)} (< ${x.budget} ms)`,
            ]
          : [label[r.kind], x.label, x.error, '', '', '', '', '', 'not measured'],
      ),
    ),
  ];
  const drillRows = [
    [
      'database',
      'staffed visits behind the staffing rate',
      'rows',
      `c=${DRILL_CONNECTIONS} p50`,
      `c=${DRILL_CONNECTIONS} p95`,
      'req/s',
      'load avg',
      `verdict (< ${BUDGET.drill} ms)`,
    ],
    ...results.flatMap((r) =>
      r.drills.map((d) => [
        label[r.kind],
        d.label,
        Number(d.first.body.paging.totalCount).toLocaleString('en-US'),
        ms(d.loaded.latency.p50),
        ms(d.loaded.latency.p95),
        d.loaded.requestsPerSecond.toFixed(0),
        d.load.toFixed(2),
        verdict(d.loaded.latency.p95, BUDGET.drill),
      ]),
    ),
  ];
  const rollupRows = [
    [
      'database',
      'first catch-up',
      'rollup rows',
      `${CHANGES_PER_ROUND} changed visits rolled up, p50 / p95`,
      'freshness (API delete → dashboard moved), p50 / max',
    ],
    ...results.map((r) => [
      label[r.kind],
      `${r.rollup.catchUp.visits.toLocaleString('en-US')} visits in ${(r.rollup.catchUp.ms / 1000).toFixed(1)} s (${r.rollup.catchUp.batches} batches)`,
      r.rollup.rollupRows.toLocaleString('en-US'),
      `${ms(r.rollup.change.p50)} / ${ms(r.rollup.change.p95)} (${r.rollup.changedVisits} visits a round)`,
      r.fresh.note ?? `${(r.fresh.lags.p50 / 1000).toFixed(1)} s / ${(r.fresh.lags.max / 1000).toFixed(1)} s`,
    ]),
  ];
  for (const rows of [rollupRows, reportRows, drillRows]) log(textTable(rows));

  const figures = results.flatMap((r) => [
    ...r.reports
      .filter((x) => x.status === 200)
      .map((x) =>
        figure(
          'reports',
          `${r.kind} ${x.label} c=${REPORT_CONNECTIONS} p95`,
          x.loaded.latency.p95,
          'ms',
          x.budget,
        ),
      ),
    ...r.drills.map((d) =>
      figure(
        'reports',
        `${r.kind} drill-down first page, ${d.label} c=${DRILL_CONNECTIONS} p95`,
        d.loaded.latency.p95,
        'ms',
        BUDGET.drill,
      ),
    ),
    figure(
      'reports',
      `${r.kind} ${CHANGES_PER_ROUND} visit changes rolled up, p95`,
      r.rollup.change.p95,
      'ms',
      1000,
    ),
    ...(r.fresh.lags
      ? [
          figure(
            'reports',
            `${r.kind} change to dashboard, max`,
            r.fresh.lags.max / 1000,
            's',
            BUDGET.freshnessS,
          ),
        ]
      : []),
  ]);
  return {
    title: `(o) Reports and the dashboard on ${sizes.visits.toLocaleString('en-US')} visits`,
    markdown: [
      `The scheduling data set at scale ${scale} (bench/scheduling-data.mjs). The rollup is timed in the bench process on the stopped server's database (bench-bundled \`runReportRollupJob\`): first every visit the data set queued, then ${CHANGE_ROUNDS} rounds of ${CHANGES_PER_ROUND} visits changed by SQL and rolled up. Then the server (rollup job every 2 s): each report ${SEQUENTIAL} times in turn, then autocannon at ${REPORT_CONNECTIONS} connections for ${seconds} s; the drill-down's first page at ${DRILL_CONNECTIONS}; freshness: a published visit of the week ahead deleted through \`POST /api/admin/deleteVisit\`, the dashboard read every 250 ms until its requested visits drop by one, ${FRESHNESS_ROUNDS} times. Load comes from the same machine.`,
      '',
      markdownTable(rollupRows),
      '',
      markdownTable(reportRows),
      '',
      markdownTable(drillRows),
    ].join('\n'),
    figures,
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seconds: { type: 'string' },
      'data-cache': { type: 'string' },
      kinds: { type: 'string' },
      only: { type: 'string' },
    },
  });
  const startedAt = new Date();
  const section = await run({
    scale: Number(values.scale),
    seconds: values.seconds ? Number(values.seconds) : undefined,
    dataCache: values['data-cache'] ?? process.env.SCHEDULING_DATA_CACHE,
    kinds: values.kinds ? values.kinds.split(',') : undefined,
    only: values.only ? new RegExp(values.only) : undefined,
  });
  // A run of some reports only prints its figures: the section holds every report.
  if (Number(values.scale) === 1 && !values.only)
    await writeResultsSection({
      script: 'reports.mjs',
      heading: /^## \(o\) Reports/m,
      section,
      startedAt,
      conditions: `load average ${os.loadavg()[0].toFixed(2)} at the end`,
    });
}
