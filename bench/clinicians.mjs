// (j) Clinicians (issue 11) on the scheduling data set (bench/scheduling-data.mjs: at scale 1, 50,000
// clinicians, 1,000,000 visits), PGlite and PostgreSQL:
//  1. the clinician list, `GET /api/admin/providers`, first page with the default filters (no query string) and
//     with a ZIP-distance filter, as the administrator and as a clinician manager: 20 sequential requests, then
//     autocannon with 20 connections; the same with the read cache off (READ_CACHE=0: every request reaches the
//     database); the statements of one request (page and count, captured from the API's own query builder)
//     timed directly on the database and, on PostgreSQL, their plans;
//  2. the fit score, `GET /api/operation/fitScore?visitId=`, over the 40 visits of scheduling.mjs at 4 and 20
//     connections, and its candidate statement timed directly on the database for the same visits, as it is now
//     and without the credential-at-date rule (`fullyCredentialedOnSql`): without the predicate, and as before
//     the rule (neither the predicate nor the held-credentials column). The statements are the API's own,
//     captured from `findCandidates` (bundled with esbuild); the variants are built here, product code is not
//     changed.
//
//   node bench/clinicians.mjs                                  full size, PGlite and PostgreSQL (when it answers)
//   node bench/clinicians.mjs --scale 0.01                     a quick smoke run (2 s of load per figure)
//   node bench/clinicians.mjs --data-cache /tmp/carelane-scheduling-data
//     keeps the generated data set (as scheduling.mjs --data-cache; the same cache serves both)
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
  loadApiBundle,
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
  { key: 'clinicianManager', label: 'clinician manager', emailId: 'clinicianmanager@carelane.local' },
];
/** Austin, downtown: one of the data set's weighted ZIP codes (Travis County). */
const ZIP = '78701';
const MILES = 25;
const LISTS = [
  { key: 'default', label: 'default filters', path: '/api/admin/providers' },
  {
    key: 'zip',
    label: `ZIP ${ZIP} within ${MILES} miles`,
    path: `/api/admin/providers?zipcode=${ZIP}&distance=${MILES}`,
  },
];
const LIST_CONNECTIONS = 20;
const FIT_SCORE_PATH = '/api/operation/fitScore';
const FIT_SAMPLE = 40;
const FIT_CONNECTIONS = [4, 20];
/** Runs of each statement per visit (or per list), after one warm-up. */
const RUNS = 3;

/** The API's list and matching code with its database client, bundled from its sources. */
async function loadApi() {
  return loadApiBundle(
    'clinicians',
    `
export { openDatabase } from '../src/db/client';
export { listProviders } from '../src/modules/clinicians/providers/service';
export { findCandidates } from '../src/modules/scheduling/matching/candidates';
export { findVisit } from '../src/modules/scheduling/matching/repository';
export { fitScoreQuerySchema, providerListQuerySchema } from '@carelane/shared-domain';
`,
  );
}

/**
 * As scheduling.mjs's measure (c=1, then autocannon after 1 s of warm-up, `paths` in turn), but a loaded run
 * with errors or timeouts is reported, not thrown: with the read cache off PGlite does not keep up.
 */
async function measure(server, token, paths, { seconds, connections }) {
  const first = await get(server, paths[0], token);
  if (first.status !== 200)
    return { status: first.status, error: first.body?.message ?? `HTTP ${first.status}` };
  const times = [];
  for (let i = 0; i < Math.max(20, Math.min(paths.length, 40)); i++) {
    const res = await get(server, paths[i % paths.length], token);
    if (res.status !== 200) throw new Error(`GET ${paths[i % paths.length]} answered ${res.status}`);
    times.push(res.ms);
  }
  let next = 0;
  const options = {
    url: server.url,
    headers: { authorization: `Bearer ${token}` },
    connections,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  };
  await cannon({ ...options, duration: 1 });
  const loaded = await cannon({ ...options, duration: seconds });
  const body = first.body;
  const answer = Array.isArray(body?.providerList)
    ? `${body.providerList.length} of ${body.paging.totalCount} candidates`
    : '';
  return { status: 200, answer, single: latencySummary(times), loaded };
}

/** Errors, timeouts or non-2xx answers of a loaded run, as text ('' when none). */
const failures = (loaded) =>
  [
    loaded.non2xx && `${loaded.non2xx} non-2xx`,
    loaded.errors && `${loaded.errors} errors`,
    loaded.timeouts && `${loaded.timeouts} timeouts (30 s)`,
  ]
    .filter(Boolean)
    .join(', ');

const driverParams = (params) => params.map((p) => (p instanceof Date ? p.toISOString() : p));

/** The held-credentials column of the candidate statement (heldCredentialsSql), for the "before" variant. */
const HELD_COLUMN =
  /\(select json_agg\(json_build_object\('credentialTypeId'[\s\S]*?where c\.provider_id = "providers"\."id"\)/;
/** The credential-at-date predicate (fullyCredentialedOnSql) as it appears in the where clause. */
const CREDENTIAL_PREDICATE = /not exists \(select 1 from "credential_requirements" r/;

/** Counts of the data set and the fit score's sample (the same 40 visits as scheduling.mjs). */
async function describeData(direct) {
  const [counts] = await direct.query(
    `select (select count(*) from providers)::int as clinicians,
       (select count(*) from providers where provider_status_id = 3)::int as "activeClinicians",
       (select count(*) from providers where provider_status_id = 3 and credential_state = 3)::int as "activeCredentialed",
       (select count(*) from provider_credentials)::int as credentials,
       (select count(*) from visits)::int as visits`,
  );
  const sample = await direct.query(
    `select id from visits where status = 'Active' and date_of_service between current_date and current_date + 7
     order by md5(id::text) limit ${FIT_SAMPLE}`,
  );
  return { counts, fitSample: sample.map((r) => r.id) };
}

async function timeStatement(direct, statement, runs = RUNS) {
  const params = driverParams(statement.params);
  const rows = await direct.query(statement.sql, params); // warm-up (and the answer)
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await direct.query(statement.sql, params);
    times.push(performance.now() - t);
  }
  return { times, rows: rows.length };
}

async function explain(direct, statement) {
  const rows = await direct.query(
    `explain (analyze, buffers, costs off) ${statement.sql}`,
    driverParams(statement.params),
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/**
 * The statements behind the list and the fit score, captured from the API's code and timed directly on the
 * database with the server stopped (PGlite: the bench process holds the folder).
 */
async function statementsOnDatabase(api, target, fitSample, { withPlans }) {
  const database = await api.openDatabase(
    target.dataDir ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl, dataDir: 'memory://' },
  );
  // The database's own client (one PGlite may hold the folder; on PostgreSQL the pool), for the raw statements.
  const direct = { query: async (text, params = []) => (await database.db.$client.query(text, params)).rows };
  try {
    const noCache = { read: (_key, _tables, load) => load() };
    // 1. The list: page and count of each filter (the same for every role: the list has no scope).
    const lists = [];
    for (const list of LISTS) {
      const query = api.providerListQuerySchema.parse(
        Object.fromEntries(new URL(list.path, 'http://x').searchParams),
      );
      const [page, count] = await api.captureStatements(database.db, (ex) =>
        api.listProviders({ db: ex, readCache: noCache }, query),
      );
      const pageTimes = await timeStatement(direct, page, 10);
      const countTimes = await timeStatement(direct, count, 10);
      // drizzle reads the count positionally: the column is named "count".
      const n = Object.values((await direct.query(count.sql, driverParams(count.params)))[0])[0];
      // The whole request's database work in process, as the server does it on a cache miss.
      const inProcess = [];
      for (let i = 0; i < 11; i++) {
        const t = performance.now();
        await api.listProviders({ db: database.db, readCache: noCache }, query);
        if (i) inProcess.push(performance.now() - t);
      }
      lists.push({
        list,
        total: n,
        page: latencySummary(pageTimes.times),
        count: latencySummary(countTimes.times),
        inProcess: latencySummary(inProcess),
        plans: withPlans ? { page: await explain(direct, page), count: await explain(direct, count) } : null,
      });
    }
    // 2. The fit score's candidate statement, three ways, for the same visits.
    const times = { now: [], noPredicate: [], before: [] };
    const found = { now: [], noPredicate: [], before: [] };
    let statementsOfOne = null;
    for (const visitId of fitSample) {
      const visit = await api.findVisit(database.db, visitId);
      const options = (({ visitId: _v, pageNumber: _p, pageSize: _s, ...rest }) => rest)(
        api.fitScoreQuerySchema.parse({ visitId: String(visitId) }),
      );
      // What the endpoint runs (keptCandidates: rates included).
      const [now] = await api.captureStatements(database.db, (ex) =>
        api.findCandidates(ex, visit, options, { rates: true }),
      );
      const [noPredicate] = await api.captureStatements(database.db, (ex) =>
        api.findCandidates(ex, visit, { ...options, fullyCredentialed: false }, { rates: true }),
      );
      if (!CREDENTIAL_PREDICATE.test(now.sql) || CREDENTIAL_PREDICATE.test(noPredicate.sql))
        throw new Error('the candidate statement does not have the credential predicate where expected');
      if (!HELD_COLUMN.test(noPredicate.sql))
        throw new Error('the held-credentials column was not found in the candidate statement');
      const before = { sql: noPredicate.sql.replace(HELD_COLUMN, 'null'), params: noPredicate.params };
      const statements = { now, noPredicate, before };
      for (const key of Object.keys(times)) {
        const r = await timeStatement(direct, statements[key]);
        times[key].push(...r.times);
        found[key].push(r.rows);
      }
      statementsOfOne ??= statements;
    }
    let plans = null;
    if (withPlans && statementsOfOne) {
      plans = {};
      for (const key of Object.keys(statementsOfOne))
        plans[key] = await explain(direct, statementsOfOne[key]);
    }
    return {
      lists,
      candidates: Object.fromEntries(
        Object.keys(times).map((key) => [
          key,
          { ...latencySummary(times[key]), rows: latencySummary(found[key]).p50 },
        ]),
      ),
      plans,
    };
  } finally {
    await database.close();
  }
}

async function benchOne(kind, api, { scale, seconds, log, dataCache }) {
  let target;
  let database;
  let server;
  if (kind === 'pglite') target = { dataDir: tempDataDir('clinicians') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  try {
    let generation;
    const cached = dataCache && (await restoreCached(kind, dataCache, scale, target, database));
    if (cached) {
      log(`  ${kind}: the data set kept in ${dataCache} (scale ${scale})`);
      generation = cached.generation;
    } else {
      server = await startHealthy(target);
      await server.stop();
    }
    let data;
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

    const endpoints = [];
    const fitPaths = data.fitSample.map((id) => `${FIT_SCORE_PATH}?visitId=${id}`);
    for (const cache of ['on', 'off']) {
      server = await startHealthy(target, cache === 'off' ? { READ_CACHE: '0' } : {});
      const tokens = {};
      for (const role of ROLES)
        tokens[role.key] = await login(server, { emailId: role.emailId, password: PASSWORD });
      // With the cache off, the administrator only (the list has no scope: the roles run the same SQL).
      for (const list of LISTS)
        for (const role of cache === 'on' ? ROLES : ROLES.slice(0, 1)) {
          const load = os.loadavg()[0];
          const first = await get(server, list.path, tokens[role.key]);
          const result = await measure(server, tokens[role.key], [list.path], {
            seconds,
            connections: LIST_CONNECTIONS,
          });
          endpoints.push({
            what: 'list',
            list,
            role,
            cache,
            connections: LIST_CONNECTIONS,
            firstMs: first.ms,
            total: first.body?.paging?.totalCount,
            load,
            ...result,
          });
          log(
            `  ${kind} cache ${cache} ${list.path} as ${role.label}: ` +
              (result.error
                ? `answered ${result.status} (${result.error})`
                : `${first.body?.paging?.totalCount} clinicians, first ${ms(first.ms)}; c=${LIST_CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}, ${result.loaded.requestsPerSecond.toFixed(0)} req/s ${failures(result.loaded)} (load ${load.toFixed(2)})`),
          );
        }
      for (const connections of cache === 'on' ? FIT_CONNECTIONS : FIT_CONNECTIONS.slice(0, 1)) {
        const load = os.loadavg()[0];
        const result = fitPaths.length
          ? await measure(server, tokens.admin, fitPaths, { seconds, connections })
          : { status: 0, error: 'no Active visit in the next 7 days' };
        endpoints.push({ what: 'fit', role: ROLES[0], cache, connections, load, ...result });
        log(
          `  ${kind} cache ${cache} ${FIT_SCORE_PATH} as administrator: ` +
            (result.error
              ? `answered ${result.status} (${result.error})`
              : `${result.answer}; c=${connections} p95 ${ms(result.loaded.latency.p95)}, ${result.loaded.requestsPerSecond.toFixed(0)} req/s ${failures(result.loaded)} (load ${load.toFixed(2)})`),
        );
      }
      await server.stop();
      server = null;
    }

    const loadBefore = os.loadavg()[0];
    const statements = await statementsOnDatabase(api, target, data.fitSample, {
      withPlans: kind === 'postgres',
    });
    statements.load = `${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`;
    for (const l of statements.lists)
      log(
        `  ${kind} list statements, ${l.list.label}: page p50 ${ms(l.page.p50, 2)}, count p50 ${ms(l.count.p50, 2)} (${l.total}); listProviders in process p50 ${ms(l.inProcess.p50, 2)}`,
      );
    for (const [key, s] of Object.entries(statements.candidates))
      log(`  ${kind} candidate statement ${key}: p50 ${ms(s.p50, 2)}, p95 ${ms(s.p95, 2)} (${s.rows} rows)`);
    return { kind, generation, data, endpoints, statements };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

const VARIANTS = {
  now: 'now: with `fullyCredentialedOnSql` (and the held credentials)',
  noPredicate: 'without the predicate (held credentials still read)',
  before: 'before the rule: neither the predicate nor the held credentials',
};

export async function run({
  scale = 1,
  seconds,
  log = console.log,
  dataCache = process.env.SCHEDULING_DATA_CACHE,
  kinds: wanted = ['pglite', 'postgres'],
  build = true,
} = {}) {
  seconds ??= scale >= 0.5 ? 10 : 2;
  if (build) buildIfStale();
  const api = await loadApi();
  const sizes = sizesAt(scale);
  log(
    `\n(j) Clinicians: ${sizes.clinicians.toLocaleString('en-US')} clinicians, ${sizes.visits.toLocaleString('en-US')} visits; the list at ${LIST_CONNECTIONS} connections, the fit score at ${FIT_CONNECTIONS.join(' and ')}, ${seconds} s per figure`,
  );
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  if (!version) log('  PostgreSQL does not answer: PGlite only.');
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, api, { scale, seconds, log, dataCache }));

  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const verdict = (p95) => (p95 < BUDGET_P95_MS ? 'PASS' : 'OVER');
  const header = [
    'database',
    'endpoint',
    'as',
    'read cache',
    'answer',
    'first request',
    'c=1 p50',
    'connections',
    'loaded p50',
    'loaded p95',
    'loaded p99',
    'req/s',
    'load avg',
    'verdict (p95 < 50 ms)',
  ];
  const rows = [header];
  for (const r of results)
    for (const e of r.endpoints) {
      const endpoint = e.what === 'list' ? `${e.list.path}` : `${FIT_SCORE_PATH}?visitId=… (40 visits)`;
      if (e.error) {
        rows.push([
          label[r.kind],
          endpoint,
          e.role.label,
          e.cache,
          `HTTP ${e.status}: ${e.error}`,
          '',
          '',
          String(e.connections),
          '',
          '',
          '',
          '',
          e.load.toFixed(2),
          'n/a',
        ]);
        continue;
      }
      rows.push([
        label[r.kind],
        endpoint,
        e.role.label,
        e.cache,
        e.what === 'list' ? `10 of ${Number(e.total).toLocaleString('en-US')}` : e.answer,
        e.firstMs === undefined ? '' : ms(e.firstMs),
        ms(e.single.p50),
        String(e.connections),
        ms(e.loaded.latency.p50),
        ms(e.loaded.latency.p95),
        ms(e.loaded.latency.p99),
        `${e.loaded.requestsPerSecond.toFixed(0)}${failures(e.loaded) ? ` (${failures(e.loaded)})` : ''}`,
        e.load.toFixed(2),
        e.cache === 'on' ? verdict(e.loaded.latency.p95) : `(${verdict(e.loaded.latency.p95)})`,
      ]);
    }
  log(textTable(rows));

  const listRows = [
    [
      'database',
      'filter',
      'clinicians matching',
      'page p50 / p95',
      'count p50 / p95',
      '`listProviders` in process p50 / p95',
      'load avg before / after',
    ],
    ...results.flatMap((r) =>
      r.statements.lists.map((l) => [
        label[r.kind],
        l.list.label,
        Number(l.total).toLocaleString('en-US'),
        `${ms(l.page.p50, 2)} / ${ms(l.page.p95, 2)}`,
        `${ms(l.count.p50, 2)} / ${ms(l.count.p95, 2)}`,
        `${ms(l.inProcess.p50, 2)} / ${ms(l.inProcess.p95, 2)}`,
        r.statements.load,
      ]),
    ),
  ];
  const candidateRows = [
    ['database', 'candidate statement', 'p50', 'p95', 'p99', 'rows (median)', 'load avg before / after'],
    ...results.flatMap((r) =>
      Object.entries(r.statements.candidates).map(([key, s]) => [
        label[r.kind],
        VARIANTS[key],
        ms(s.p50, 2),
        ms(s.p95, 2),
        ms(s.p99, 2),
        String(s.rows),
        r.statements.load,
      ]),
    ),
  ];
  log(textTable(listRows));
  log(textTable(candidateRows));

  const figures = [];
  const extra = [];
  for (const r of results) {
    for (const e of r.endpoints.filter((x) => !x.error)) {
      const name =
        e.what === 'list'
          ? `${r.kind} list ${e.list.key} as ${e.role.key} c=${e.connections} p95${e.cache === 'off' ? ' (cache off)' : ''}`
          : `${r.kind} fit score c=${e.connections} p95${e.cache === 'off' ? ' (cache off)' : ''}`;
      (e.cache === 'on' ? figures : extra).push(
        figure('clinicians', name, e.loaded.latency.p95, 'ms', e.cache === 'on' ? BUDGET_P95_MS : undefined),
      );
    }
    for (const [key, s] of Object.entries(r.statements.candidates))
      extra.push(figure('clinicians', `${r.kind} candidate statement ${key} p95`, s.p95, 'ms'));
  }

  const pg = results.find((r) => r.statements.plans);
  const planText = pg
    ? [
        ...pg.statements.lists.flatMap((l) => [
          `-- list, ${l.list.label}: page`,
          l.plans.page,
          `-- list, ${l.list.label}: count`,
          l.plans.count,
        ]),
        ...Object.entries(pg.statements.plans).flatMap(([key, plan]) => [
          `-- fit score candidates (visit ${pg.data.fitSample[0]}), ${VARIANTS[key]}`,
          plan,
        ]),
      ].join('\n')
    : '';
  const dataText = results
    .map(
      (r) =>
        `${label[r.kind]}: ${r.data.counts.clinicians.toLocaleString('en-US')} clinicians (${r.data.counts.activeClinicians.toLocaleString('en-US')} active, ${r.data.counts.activeCredentialed.toLocaleString('en-US')} active with credential state 3), ${r.data.counts.credentials.toLocaleString('en-US')} credentials, ${r.data.counts.visits.toLocaleString('en-US')} visits`,
    )
    .join('; ');
  return {
    title: `(j) Clinicians: the clinician list and the fit score on ${sizes.clinicians.toLocaleString('en-US')} clinicians`,
    figures,
    extra,
    markdown: [
      `Data set from bench/scheduling-data.mjs at scale ${scale} (${dataText})${version ? `; PostgreSQL ${version}` : ''}. The server is the real build. The list is requested as the administrator and as the clinician manager (clinicianmanager@carelane.local) with no query string (default filters: active clinicians by name, page size 10) and with \`?zipcode=${ZIP}&distance=${MILES}\` (sorted by distance): once ("first request", a read-cache miss; the first distance filter of a server also loads the ZIP gazetteer), ${20} times one after the other (c=1), then autocannon with ${LIST_CONNECTIONS} connections for ${seconds} s after 1 s of warm-up. The fit score is requested for the ${FIT_SAMPLE} Active visits of the next 7 days that scheduling.mjs uses, in turn, as the administrator, at ${FIT_CONNECTIONS.join(' and ')} connections. "read cache off" is the same server with READ_CACHE=0: every request reaches the database (the session lookup too). Load average (1 min) of the 2 shared cores when each figure started.`,
      '',
      markdownTable(rows),
      '',
      `The list's statements (page and count, captured from the API's own query builder), each timed ${10} times after a warm-up directly on the database with the server stopped, and \`listProviders\` (both statements and the rows' mapping, what a cache miss costs) called in the bench process:`,
      '',
      markdownTable(listRows),
      '',
      `The fit score's candidate statement for the same ${FIT_SAMPLE} visits, ${RUNS} runs each after a warm-up, directly on the database: captured from \`findCandidates\` as the endpoint runs it (\`rates: true\`, the default options), the same with \`fullyCredentialed: false\` (the statement without \`fullyCredentialedOnSql\`), and that with the held-credentials column (\`heldCredentialsSql\`) replaced by null, which is the statement before the credential-at-date rule (commit b127cea). The rows differ: without the predicate the clinicians lacking a credential on the date are returned too (the fit score then excludes them in JavaScript).`,
      '',
      markdownTable(candidateRows),
      ...(planText
        ? [
            '',
            'Plans on PostgreSQL (explain analyze, buffers; one visit for the fit score):',
            '',
            '```',
            planText,
            '```',
          ]
        : []),
    ].join('\n'),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seconds: { type: 'string' },
      'data-cache': { type: 'string' },
      kinds: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const section = await run({
    scale: Number(values.scale),
    seconds: values.seconds === undefined ? undefined : Number(values.seconds),
    ...(values['data-cache'] && { dataCache: values['data-cache'] }),
    ...(values.kinds && { kinds: values.kinds.split(',') }),
    build: !values['no-build'],
  });
  if (Number(values.scale) === 1 && !values.kinds)
    await writeResultsSection({
      script: 'clinicians.mjs',
      heading: /^## \(j\) Clinicians: /m,
      section,
      startedAt,
      conditions: `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
    });
}
