// (e) Scheduling on a data set of realistic size (bench/scheduling-data.mjs: at scale 1, 20,000 patients,
// 50,000 clinicians, 30,000 episodes, 1,000,000 visits): the first page of /episodes and /visits with the
// default filters as three roles, and the fit score of one visit against every clinician.
//
//   node bench/scheduling.mjs               full size, PGlite and PostgreSQL (when it answers)
//   node bench/scheduling.mjs --scale 0.01  a quick smoke run (1 % of the data, 2 s of load per figure)
//   node bench/scheduling.mjs --data-cache /tmp/carelane-scheduling-data --only lists --kinds pglite
//     keeps the generated data set (a PGlite folder, a PostgreSQL template database) and reuses it
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseArgs } from 'node:util';
import { RUNS_PER_VISIT, compareStrategies } from './fit-score-strategies.mjs';
import { generateSchedulingData, sizesAt } from './scheduling-data.mjs';
import {
  BENCH_DIR,
  PG_BASE_URL,
  buildIfStale,
  cannon,
  createDatabase,
  figure,
  isMain,
  latencySummary,
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

const BUDGET_P95_MS = 50;
const PASSWORD = 'Carelane-demo-1';
const ROLES = [
  { key: 'admin', label: 'administrator', emailId: 'admin@carelane.local' },
  { key: 'coordinator', label: 'care coordinator', emailId: 'coordinator@carelane.local' },
  { key: 'orguser', label: 'organization user', emailId: 'orguser@carelane.local' },
];
/** The first page with the default filters: the API applies them when the query names none. */
const LISTS = [
  { key: 'episodes', path: '/api/admin/episodes' },
  { key: 'visits', path: '/api/operation/visits' },
  { key: 'patients', path: '/api/admin/patients' },
  { key: 'physicians', path: '/api/admin/physicians' },
  { key: 'contacts', path: '/api/admin/contacts' },
  { key: 'groups', path: '/api/admin/groups' },
  { key: 'organizations', path: '/api/admin/referralSources' },
  { key: 'supplyRequests', path: '/api/admin/supplyRequests' },
];
/** The lists' load: as many connections as the user list's benchmark. */
const LIST_CONNECTIONS = 20;
const FIT_SCORE_PATH = '/api/operation/fitScore';
/** Active visits the fit score is measured on (the fit score's default visit range is 0 to +7 days). */
const FIT_SAMPLE = 40;
const SEQUENTIAL = 20;
const POSTGRES_LOG = '/var/log/postgresql/postgresql-15-main.log';

export const get = async (server, path, token) => {
  const t = performance.now();
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const took = performance.now() - t;
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, ms: took };
};

/** What one answer holds, for the tables: the total count of a list, or the candidates of a fit score. */
function describeAnswer(body) {
  if (!body || typeof body !== 'object') return '';
  const total = Number(body.paging?.totalCount).toLocaleString('en-US');
  if (Array.isArray(body.providerList)) return `${body.providerList.length} of ${total} candidates`;
  if (Array.isArray(body.rows)) return `${body.rows.length} of ${total}`;
  return '';
}

/**
 * c=1 then autocannon: `paths` are requested in turn (one path for a list, the sample of visits for the fit
 * score). Answers { status, answer, single, loaded } or { status, error } when the endpoint does not answer 200.
 */
async function measure(server, token, paths, { seconds, connections }) {
  const first = await get(server, paths[0], token);
  if (first.status !== 200)
    return {
      status: first.status,
      error: first.body?.message ?? first.body?.error ?? `HTTP ${first.status}`,
    };
  const times = [];
  for (let i = 0; i < Math.max(SEQUENTIAL, Math.min(paths.length, 2 * SEQUENTIAL)); i++) {
    const res = await get(server, paths[i % paths.length], token);
    if (res.status !== 200) throw new Error(`GET ${paths[i % paths.length]} answered ${res.status}`);
    times.push(res.ms);
  }
  let next = 0;
  const options = {
    url: server.url,
    headers: { authorization: `Bearer ${token}` },
    connections,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  };
  await cannon({ ...options, duration: 1 }); // warm-up
  const loaded = await cannon({ ...options, duration: seconds });
  if (loaded.non2xx || loaded.errors || loaded.timeouts)
    throw new Error(
      `${paths[0]}: autocannon saw ${loaded.non2xx} non-2xx, ${loaded.errors} errors, ${loaded.timeouts} timeouts`,
    );
  return { status: 200, answer: describeAnswer(first.body), single: latencySummary(times), loaded };
}

/** Counts of the data set as generated, and a sample of Active visits of the next 7 days for the fit score. */
async function describeData(direct) {
  const [counts] = await direct.query(
    `select (select count(*) from patients)::int as patients, (select count(*) from providers)::int as clinicians,
       (select count(*) from providers where provider_status_id = 3 and credential_state = 3)::int as "activeCredentialed",
       (select count(*) from episodes)::int as episodes, (select count(*) from visits)::int as visits,
       (select count(*) from visits where status = 'Active')::int as "activeVisits",
       (select count(*) from provider_rates)::int as "providerRates"`,
  );
  const sample = await direct.query(
    `select id from visits where status = 'Active' and date_of_service between current_date and current_date + 7
     order by md5(id::text) limit ${FIT_SAMPLE}`,
  );
  return { counts, fitSample: sample.map((r) => r.id) };
}

/** auto_explain entries of one database in a slice of the PostgreSQL log: { ms, query, plan }. */
function parseAutoExplain(text, databaseName) {
  // An entry: "<time> [pid] user@db LOG:  duration: N ms  plan:" then lines starting with a tab.
  const entries = [];
  let current = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('\t')) {
      current?.lines.push(line.slice(1));
      continue;
    }
    current = null;
    const match = /@(\S+) LOG:\s+duration: ([\d.]+) ms\s+plan:/.exec(line);
    if (match && match[1] === databaseName) {
      current = { ms: Number(match[2]), lines: [] };
      entries.push(current);
    }
  }
  return entries.map((e) => {
    const body = e.lines.join('\n');
    const query = /Query Text: ([\s\S]*?)\n(?=[A-Z][\w ]+(?:\(| {2}))/.exec(body)?.[1] ?? '';
    return { ms: e.ms, query: query.trim(), plan: body.slice(body.indexOf(query) + query.length).trim() };
  });
}

/**
 * PostgreSQL only: the plans of the statements behind one request of each endpoint, as the server runs them
 * (auto_explain switched on for this database, read back from the server's log). `requests` are
 * { key, send() }; answers { [key]: entries } or null when the log cannot be read.
 */
async function capturePlans(target, database, start, requests) {
  try {
    fs.accessSync(POSTGRES_LOG, fs.constants.R_OK);
  } catch {
    return null;
  }
  const direct = await openDirect(target);
  try {
    for (const setting of [
      "session_preload_libraries = 'auto_explain'",
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
    ])
      await direct.query(`alter database ${database.name} set ${setting}`);
  } finally {
    await direct.close();
  }
  await start(); // new connections load auto_explain
  const plans = {};
  for (const { key, send } of await requests()) {
    const from = fs.statSync(POSTGRES_LOG).size;
    await send();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the log is written asynchronously
    const to = fs.statSync(POSTGRES_LOG).size;
    const buffer = Buffer.alloc(to - from);
    const fd = fs.openSync(POSTGRES_LOG, 'r');
    fs.readSync(fd, buffer, 0, buffer.length, from);
    fs.closeSync(fd);
    plans[key] = parseAutoExplain(buffer.toString('utf8'), database.name);
  }
  return plans;
}

/**
 * The kept data set of `--data-cache`: its name says the scale and the generator's source, so a changed
 * generator makes a new one. Migrations added since are applied by the server when it starts on the copy.
 */
function cacheName(scale) {
  const source = fs.readFileSync(path.join(BENCH_DIR, 'scheduling-data.mjs'));
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return `s${String(scale).replace('.', '_')}_${hash}`;
}

const adminQuery = async (text) => {
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};

/** The kept data set into a fresh target, or false when there is none: { generation } from when it was made. */
export async function restoreCached(kind, cacheDir, scale, target, database) {
  const name = cacheName(scale);
  const meta = path.join(cacheDir, `${kind}-${name}.json`);
  if (!fs.existsSync(meta)) return false;
  if (kind === 'pglite') {
    fs.rmSync(target.dataDir, { recursive: true, force: true });
    fs.cpSync(path.join(cacheDir, `pglite-${name}`), target.dataDir, { recursive: true });
  } else {
    const template = `carelane_bench_cache_${name}`;
    if (!(await adminQuery(`select 1 from pg_database where datname = '${template}'`)).length) return false;
    await database.drop();
    await adminQuery(`create database ${database.name} template ${template}`);
  }
  return JSON.parse(fs.readFileSync(meta, 'utf8'));
}

/** Keeps the freshly generated data set of a stopped server for the next runs. */
export async function keepCached(kind, cacheDir, scale, target, database, generation) {
  const name = cacheName(scale);
  fs.mkdirSync(cacheDir, { recursive: true });
  if (kind === 'pglite') {
    const dir = path.join(cacheDir, `pglite-${name}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(target.dataDir, dir, { recursive: true });
  } else {
    const template = `carelane_bench_cache_${name}`;
    await adminQuery(`drop database if exists ${template}`);
    await adminQuery(`create database ${template} template ${database.name}`);
  }
  fs.writeFileSync(path.join(cacheDir, `${kind}-${name}.json`), JSON.stringify({ generation }));
}

async function benchOne(kind, { scale, seconds, connections, log, dataCache, only }) {
  let target;
  let database;
  let server;
  if (kind === 'pglite') target = { dataDir: tempDataDir('scheduling') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  try {
    let generation;
    let data;
    const cached = dataCache && (await restoreCached(kind, dataCache, scale, target, database));
    if (cached) {
      log(`  ${kind}: the data set kept in ${dataCache} (scale ${scale})`);
      generation = cached.generation;
    } else {
      server = await startHealthy(target); // migrations, reference data and the demo seed
      await server.stop(); // PGlite: the server holds the folder; PostgreSQL: nothing may write meanwhile
    }
    const direct = await openDirect(target);
    try {
      if (!cached) {
        log(`  ${kind}: generating the data set (scale ${scale})`);
        generation = await generateSchedulingData(direct, { scale, log });
      }
      data = await describeData(direct);
    } finally {
      await direct.close();
    }
    if (dataCache && !cached) await keepCached(kind, dataCache, scale, target, database, generation);
    server = await startHealthy(target);
    const tokens = {};
    for (const role of ROLES)
      tokens[role.key] = await login(server, { emailId: role.emailId, password: PASSWORD });

    const lists = [];
    for (const list of only.lists ? LISTS : [])
      for (const role of ROLES) {
        const result = await measure(server, tokens[role.key], [list.path], {
          seconds,
          connections: LIST_CONNECTIONS,
        });
        lists.push({ list, role, ...result });
        log(
          `  ${kind} ${list.path} as ${role.label}: ` +
            (result.error
              ? `answered ${result.status} (${result.error})`
              : `${result.answer}; c=${LIST_CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}, ${result.loaded.requestsPerSecond.toFixed(0)} req/s`),
        );
      }
    const fitPaths = data.fitSample.map((id) => `${FIT_SCORE_PATH}?visitId=${id}`);
    const fit = !only.fit
      ? { status: 0, error: 'not measured in this run' }
      : fitPaths.length
        ? await measure(server, tokens.admin, fitPaths, { seconds, connections })
        : { status: 0, error: 'no Active visit in the next 7 days' };
    log(
      `  ${kind} ${FIT_SCORE_PATH} as administrator: ` +
        (fit.error
          ? `answered ${fit.status} (${fit.error})`
          : `${fit.answer}; c=${connections} p95 ${ms(fit.loaded.latency.p95)}`),
    );

    await server.stop();
    const strategies =
      only.fit && only.strategies && data.fitSample.length
        ? await compareStrategies(target, data.fitSample)
        : null;
    if (strategies)
      log(
        `  ${kind} fit score candidates: bounding box p95 ${ms(strategies.indexed.p95, 2)}, full scan p95 ${ms(strategies.fullScan.p95, 2)} (×${strategies.ratio.toFixed(1)} at p50)`,
      );
    let plans = null;
    if (kind === 'postgres' && only.plans)
      plans = await capturePlans(
        target,
        database,
        async () => (server = await startHealthy(target)),
        async () => {
          const requests = [];
          for (const role of ROLES) {
            const token = await login(server, { emailId: role.emailId, password: PASSWORD });
            for (const list of only.lists ? LISTS : [])
              requests.push({ key: `${list.key} ${role.key}`, send: () => get(server, list.path, token) });
            if (role.key === 'admin' && only.fit && fitPaths.length)
              requests.push({ key: 'fitScore admin', send: () => get(server, fitPaths[0], token) });
          }
          return requests;
        },
      );
    return { kind, generation, data, lists, fit, strategies, plans };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

const verdict = (p95) => (p95 < BUDGET_P95_MS ? 'PASS' : 'OVER');

/**
 * `only`: which parts to measure ({ lists, fit, strategies, plans }, all by default); `kinds`: the databases;
 * `dataCache`: a folder where the generated data set is kept and reused (see restoreCached).
 */
export async function run({
  scale = 1,
  seconds,
  connections = 4,
  log = console.log,
  dataCache = process.env.SCHEDULING_DATA_CACHE,
  only = { lists: true, fit: true, strategies: true, plans: true },
  kinds: wanted = ['pglite', 'postgres'],
  build = true,
} = {}) {
  seconds ??= scale >= 0.5 ? 10 : 2;
  if (build) buildIfStale();
  const sizes = sizesAt(scale);
  const sizeText = Object.entries(sizes)
    .map(([name, n]) => `${n.toLocaleString('en-US')} ${name}`)
    .join(', ');
  log(
    `\n(e) Scheduling: ${sizeText}; lists at ${LIST_CONNECTIONS} connections, the fit score at ${connections}, for ${seconds} s per figure`,
  );
  const kinds = wanted.filter((k) => k === 'pglite');
  const version = await postgresVersion();
  if (version) kinds.push(...wanted.filter((k) => k === 'postgres'));
  else log(`  PostgreSQL does not answer at ${PG_BASE_URL}: PGlite only.`);
  const results = [];
  for (const kind of kinds)
    results.push(await benchOne(kind, { scale, seconds, connections, log, dataCache, only }));

  const header = [
    'database',
    'endpoint',
    'as',
    'answer',
    'c=1 p50',
    'c=1 p95',
    'connections',
    'loaded p50',
    'loaded p95',
    'loaded p99',
    'req/s',
    'p95 budget',
    'verdict',
  ];
  const row = (kind, path, as, m, c) =>
    m.error
      ? [
          kind,
          path,
          as,
          `HTTP ${m.status}: ${m.error}`,
          '',
          '',
          String(c),
          '',
          '',
          '',
          '',
          `${BUDGET_P95_MS} ms`,
          'n/a',
        ]
      : [
          kind,
          path,
          as,
          m.answer,
          ms(m.single.p50),
          ms(m.single.p95),
          String(c),
          ms(m.loaded.latency.p50),
          ms(m.loaded.latency.p95),
          ms(m.loaded.latency.p99),
          m.loaded.requestsPerSecond.toFixed(0),
          `${BUDGET_P95_MS} ms`,
          verdict(m.loaded.latency.p95),
        ];
  const rows = [header];
  for (const r of results) {
    for (const l of r.lists) rows.push(row(r.kind, l.list.path, l.role.label, l, LIST_CONNECTIONS));
    if (r.fit.status)
      rows.push(row(r.kind, `${FIT_SCORE_PATH}?visitId=…`, 'administrator', r.fit, connections));
  }
  log(textTable(rows));

  const dataRows = [
    [
      'database',
      'patients',
      'clinicians',
      'of them active and credentialed',
      'episodes',
      'visits',
      'Active visits',
      'clinician rates',
      'generated in',
    ],
    ...results.map((r) => [
      r.kind,
      r.data.counts.patients.toLocaleString('en-US'),
      r.data.counts.clinicians.toLocaleString('en-US'),
      r.data.counts.activeCredentialed.toLocaleString('en-US'),
      r.data.counts.episodes.toLocaleString('en-US'),
      r.data.counts.visits.toLocaleString('en-US'),
      r.data.counts.activeVisits.toLocaleString('en-US'),
      r.data.counts.providerRates.toLocaleString('en-US'),
      `${(r.generation.totalMs / 1000).toFixed(1)} s`,
    ]),
  ];
  log(textTable(dataRows));
  const stepRows = [
    ['step', ...results.map((r) => r.kind)],
    ...results[0].generation.steps.map((s, i) => [
      s.step,
      ...results.map((r) => ms(r.generation.steps[i]?.ms ?? NaN, 0)),
    ]),
  ];

  const strategyRows = [
    [
      'database',
      'strategy',
      'p50',
      'p95',
      'p99',
      'full scan / bounding box (p50)',
      'clinicians found (median)',
    ],
    ...results
      .filter((r) => r.strategies)
      .flatMap((r) => [
        [
          r.kind,
          'bounding box on providers_type_status_lat_lon_idx',
          ms(r.strategies.indexed.p50, 2),
          ms(r.strategies.indexed.p95, 2),
          ms(r.strategies.indexed.p99, 2),
          '',
          String(r.strategies.candidates.p50),
        ],
        [
          r.kind,
          'full scan, distance of every clinician',
          ms(r.strategies.fullScan.p50, 2),
          ms(r.strategies.fullScan.p95, 2),
          ms(r.strategies.fullScan.p99, 2),
          `×${r.strategies.ratio.toFixed(1)}`,
          String(r.strategies.candidates.p50),
        ],
      ]),
  ];
  if (strategyRows.length > 1) {
    log(`  Fit score candidate search, ${results.find((r) => r.strategies).strategies.source}:`);
    log(textTable(strategyRows));
  }

  const measured = (m) => !m.error;
  const figures = [];
  const extra = [];
  for (const r of results) {
    for (const l of r.lists.filter(measured))
      figures.push(
        figure(
          'scheduling',
          `${r.kind} ${l.list.key} as ${l.role.key} c=${LIST_CONNECTIONS} p95`,
          l.loaded.latency.p95,
          'ms',
          BUDGET_P95_MS,
        ),
      );
    if (measured(r.fit))
      figures.push(
        figure(
          'scheduling',
          `${r.kind} fit score c=${connections} p95`,
          r.fit.loaded.latency.p95,
          'ms',
          BUDGET_P95_MS,
        ),
      );
    extra.push(figure('scheduling', `${r.kind} data set generated in`, r.generation.totalMs, 'ms'));
    if (r.strategies) {
      extra.push(
        figure(
          'scheduling',
          `${r.kind} fit score candidates, bounding box p95`,
          r.strategies.indexed.p95,
          'ms',
        ),
      );
      extra.push(
        figure(
          'scheduling',
          `${r.kind} fit score candidates, full scan p95`,
          r.strategies.fullScan.p95,
          'ms',
        ),
      );
    }
  }

  // The statements behind each endpoint over budget (on either database), with their PostgreSQL plans.
  const over = new Map();
  for (const r of results) {
    for (const l of r.lists.filter(measured))
      if (l.loaded.latency.p95 >= BUDGET_P95_MS)
        over.set(`${l.list.key} ${l.role.key}`, `${l.list.path} as ${l.role.label}`);
    if (measured(r.fit) && r.fit.loaded.latency.p95 >= BUDGET_P95_MS)
      over.set('fitScore admin', `${FIT_SCORE_PATH} as administrator`);
  }
  const plans = results.find((r) => r.plans)?.plans;
  // How much of one request is SQL: the statements auto_explain saw for it on PostgreSQL, against c=1 p50.
  const pgResult = results.find((r) => r.plans);
  const sqlRows = [
    [
      'endpoint (PostgreSQL, one request)',
      'as',
      'statements',
      'their time in the database',
      'c=1 p50 of the endpoint',
    ],
  ];
  for (const l of pgResult?.lists.filter(measured) ?? []) {
    const statements = plans[`${l.list.key} ${l.role.key}`] ?? [];
    sqlRows.push([
      l.list.path,
      l.role.label,
      String(statements.length),
      ms(
        statements.reduce((sum, p) => sum + p.ms, 0),
        2,
      ),
      ms(l.single.p50),
    ]);
  }
  if (pgResult && measured(pgResult.fit)) {
    const statements = plans['fitScore admin'] ?? [];
    sqlRows.push([
      FIT_SCORE_PATH,
      'administrator',
      String(statements.length),
      ms(
        statements.reduce((sum, p) => sum + p.ms, 0),
        2,
      ),
      ms(pgResult.fit.single.p50),
    ]);
  }
  if (sqlRows.length > 1) log(textTable(sqlRows));

  const planText = [];
  for (const [key, label] of over) {
    const statements = (plans?.[key] ?? [])
      .filter((p) => !/\b(sessions|audit_log\w*)\b/.test(p.query))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    if (!statements.length) continue;
    planText.push(
      `== ${label}: its ${statements.length} slowest statements (one request, PostgreSQL)`,
      ...statements.map((p) => `-- ${p.ms.toFixed(1)} ms\n${p.query}\n${p.plan}\n`),
    );
  }
  if (planText.length) {
    log('  Statements behind the endpoints over budget (auto_explain on PostgreSQL, one request each):');
    for (const text of planText) log(text.replace(/^/gm, '    '));
  }

  return {
    title: `(e) Scheduling: /episodes, /visits and the fit score on ${sizeText}`,
    figures,
    extra,
    markdown: [
      `Data set from bench/scheduling-data.mjs at scale ${scale} (${sizeText}; 20 care coordinators, clinicians' rates per visit type, vacations; every organization's rate card), inserted by set-based SQL into a fresh database that the server had migrated and seeded, then \`vacuum analyze\` (what PostgreSQL's autovacuum, and on PGlite the server's visit status job, do soon after a bulk load)${version ? `; PostgreSQL ${version}` : ''}. Each endpoint is requested with no query string (the API applies the default filters: episodes Active — All for a care coordinator — created in the last 365 days, 'only mine' per privilege; visits Active; page size 10), ${SEQUENTIAL} times one after the other (c=1), then by autocannon with ${LIST_CONNECTIONS} connections (the fit score: ${connections}) for ${seconds} s after 1 s of warm-up. Server time is the response time measured by the bench on the same machine (no network between them). The organization user is orguser@carelane.local (Sunrise Home Health: about a quarter of the rows). The fit score is requested for ${FIT_SAMPLE} Active visits of the next 7 days in turn, as the administrator.`,
      '',
      markdownTable(rows),
      '',
      markdownTable(dataRows),
      '',
      ...(strategyRows.length > 1
        ? [
            `Fit score candidate search for the same visits, each strategy ${RUNS_PER_VISIT} times per visit after one warm-up, timed in the bench process directly on the database with the server stopped: ${results.find((r) => r.strategies).strategies.source}.`,
            '',
            markdownTable(strategyRows),
            '',
            ...results
              .filter((r) => r.strategies?.plans)
              .flatMap((r) => [
                `${r.kind} plans (one visit):`,
                '',
                '```',
                `-- bounding box\n${r.strategies.plans.indexed}\n-- full scan\n${r.strategies.plans.fullScan}`,
                '```',
                '',
              ]),
          ]
        : []),
      ...(sqlRows.length > 1
        ? [
            'How much of a request is SQL: the statements of one request as seen by auto_explain on PostgreSQL (session lookup, the page, the count, the audit record of the read…) and their time inside the database, against the c=1 median of the whole request:',
            '',
            markdownTable(sqlRows),
            '',
          ]
        : []),
      'Generation steps:',
      '',
      markdownTable(stepRows),
      ...(planText.length
        ? [
            '',
            'The statements behind each endpoint over budget, with their plans on PostgreSQL (auto_explain with analyze and buffers, one request as that role after the load; PGlite runs the same SQL with the same planner). Session lookups and audit writes are left out:',
            '',
            '```',
            planText.join('\n\n'),
            '```',
          ]
        : []),
    ].join('\n'),
  };
}

/**
 * A standalone full-size run puts its section into RESULTS.md in place of the previous one (npm run bench
 * rewrites the whole file), with the moment, the load and the commit it was measured at.
 */
if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seconds: { type: 'string' },
      connections: { type: 'string', default: '4' },
      'data-cache': { type: 'string' },
      only: { type: 'string' },
      kinds: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const section = await run({
    scale: Number(values.scale),
    seconds: values.seconds === undefined ? undefined : Number(values.seconds),
    connections: Number(values.connections),
    ...(values['data-cache'] && { dataCache: values['data-cache'] }),
    ...(values.only && {
      only: Object.fromEntries(values.only.split(',').map((part) => [part, true])),
    }),
    ...(values.kinds && { kinds: values.kinds.split(',') }),
    build: !values['no-build'],
  });
  if (Number(values.scale) === 1 && !values.only && !values.kinds)
    await writeResultsSection({
      script: 'scheduling.mjs',
      heading: /^## \(e\) Scheduling/m,
      section,
      startedAt,
      conditions: `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
    });
}
