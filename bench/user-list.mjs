// (c) Authenticated GET /api/admin/users?pageSize=10 with 10,000 users in the database, 20 connections.
// PGlite (fresh DATA_DIR) always; PostgreSQL (a fresh database, dropped afterwards) when it answers.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { summarizeProfile } from './cpu-profile.mjs';
import {
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
  timeRepeated,
} from './lib.mjs';

const USERS = 10_000;
const CONNECTIONS = 20;
const SECONDS = 10;
const PROFILE_SECONDS = 6;
const WRITES_PER_SECOND = 10;
const BUDGET_P95_MS = { pglite: 15, postgres: 10 };
const PATH = '/api/admin/users?pageSize=10';
/** The roles an administrator manages (shared-domain ROLE_MANAGEMENT): the list's scope filter. */
const ADMIN_MANAGED_ROLES = [1, 2, 5, 6, 7, 8, 9, 12, 13, 14];

const FIRST = [
  'Avery',
  'Blake',
  'Casey',
  'Dana',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jordan',
  'Kai',
  'Logan',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Riley',
  'Sage',
  'Taylor',
];
const LAST = [
  'Adams',
  'Baker',
  'Clark',
  'Davis',
  'Evans',
  'Foster',
  'Garcia',
  'Hughes',
  'Irwin',
  'Jones',
  'Khan',
  'Lopez',
  'Miller',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Quinn',
  'Reyes',
  'Smith',
  'Turner',
  'Usman',
  'Vance',
  'Walker',
  'Xu',
  'Young',
  'Zhang',
];

/** One statement: 10,000 care coordinators (role 5) with varied names and no password. */
const SEED_SQL = `
  insert into users (email_id, first_name, last_name, role_id, password_hash, email_verified)
  select 'bench.user' || g || '@example.com',
         (array['${FIRST.join("','")}'])[1 + g % ${FIRST.length}],
         (array['${LAST.join("','")}'])[1 + (g / ${FIRST.length}) % ${LAST.length}],
         5, null, true
  from generate_series(1, ${USERS}) g`;

// The three queries one request runs, as the API writes them (api/src/plugins/auth.ts, admin/users/repository.ts).
const SESSION_SQL = `
  select s.id as session_id, s.user_id, s.impersonator_id, s.idle_timeout_minutes,
         (extract(epoch from (now() - s.last_seen_at)) * 1000)::float8 as idle_ms,
         s.revoked_at is not null as revoked,
         u.email_id, u.role_id, u.referral_source_id, u.status, u.change_password,
         u.privileges as user_privileges, r.privileges as role_privileges
  from sessions s
  join users u on u.id = s.user_id
  join roles r on r.role_id = u.role_id
  where s.token_hash = $1`;
const ROLE_PARAMS = ADMIN_MANAGED_ROLES.map((_, i) => `$${i + 1}`).join(', ');
const LIST_SQL = `
  select u.id, u.email_id, u.first_name, u.last_name, u.phone_number, u.role_id, r.rolename,
         u.referral_source_id, rs.name, u.status, u.change_password, u.email_verified, u.phone_verified,
         u.privileges, u.last_login, u.created_at, u.updated_at, u.version
  from users u
  inner join roles r on r.role_id = u.role_id
  left join referral_sources rs on rs.id = u.referral_source_id
  where u.role_id in (${ROLE_PARAMS})
  order by u.last_name asc, u.first_name asc, u.id asc
  limit $${ADMIN_MANAGED_ROLES.length + 1} offset $${ADMIN_MANAGED_ROLES.length + 2}`;
const COUNT_SQL = `select count(*)::int as n from users where role_id in (${ROLE_PARAMS})`;

async function queryBreakdown(direct, token) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const session = await timeRepeated(() => direct.query(SESSION_SQL, [tokenHash]), 100, 10);
  const list = await timeRepeated(() => direct.query(LIST_SQL, [...ADMIN_MANAGED_ROLES, 10, 0]), 100, 10);
  const count = await timeRepeated(() => direct.query(COUNT_SQL, ADMIN_MANAGED_ROLES), 100, 10);
  const plan = async (text, params) =>
    (await direct.query(`explain (analyze, costs off, timing off) ${text}`, params))
      .map((r) => r['QUERY PLAN'])
      .filter((line) => !/^\s*(Planning|Execution) Time/.test(line))
      .join('\n');
  return {
    session,
    list,
    count,
    listPlan: await plan(LIST_SQL, [...ADMIN_MANAGED_ROLES, 10, 0]),
    countPlan: await plan(COUNT_SQL, ADMIN_MANAGED_ROLES),
  };
}

async function sequentialRequests(server, token, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(server.url + PATH, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`GET ${PATH} answered ${res.status}`);
  }
  return latencySummary(times);
}

/** Creates care coordinators at about `perSecond`, one at a time, until stopped; answers what it did. */
function backgroundWriter(server, token, perSecond) {
  let stopped = false;
  const done = (async () => {
    const result = { created: 0, latencies: [] };
    const started = performance.now();
    while (!stopped) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/admin/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          emailId: `bench.bg.${randomBytes(6).toString('hex')}@example.com`,
          firstName: 'Back',
          lastName: 'Ground',
          roleId: 5,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`a background write answered ${res.status}`);
      result.latencies.push(performance.now() - t);
      result.created++;
      const next = started + (result.created * 1000) / perSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    return { created: result.created, latency: latencySummary(result.latencies) };
  })();
  return {
    stop() {
      stopped = true;
      return done;
    },
  };
}

async function seed(target) {
  const direct = await openDirect(target);
  try {
    const t = performance.now();
    await direct.query(SEED_SQL);
    await direct.query('analyze');
    return performance.now() - t;
  } finally {
    await direct.close();
  }
}

async function benchOne(kind) {
  let target;
  let database;
  let server;
  if (kind === 'pglite') target = { dataDir: tempDataDir('list') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  try {
    server = await startHealthy(target); // migrations and the demo seed
    let seedMs;
    if (kind === 'pglite') {
      // The server holds the PGlite folder: stop it, insert directly, start again.
      await server.stop();
      seedMs = await seed(target);
      server = await startHealthy(target);
    } else seedMs = await seed(target);
    const token = await login(server);
    const check = await fetch(server.url + PATH, { headers: { authorization: `Bearer ${token}` } });
    const { paging } = await check.json();
    if (paging.totalCount < USERS)
      throw new Error(`the admin sees ${paging.totalCount} users, expected ${USERS}+`);

    const single = await sequentialRequests(server, token, 200);
    const options = {
      url: server.url + PATH,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
    };
    await cannon({ ...options, duration: 2 }); // warm-up
    const loaded = await cannon({ ...options, duration: SECONDS });
    if (loaded.non2xx || loaded.errors || loaded.timeouts)
      throw new Error(
        `autocannon saw ${loaded.non2xx} non-2xx, ${loaded.errors} errors, ${loaded.timeouts} timeouts`,
      );

    // Reference: the cheapest endpoint (GET /api/health runs one `select 1`) under the same load.
    const health = await cannon({ url: `${server.url}/api/health`, connections: CONNECTIONS, duration: 5 });

    // The same load while users are created in the background: every write invalidates what the server may
    // have cached about users, so reads cannot all be answered from memory.
    const writer = backgroundWriter(server, token, WRITES_PER_SECOND);
    const mixed = await cannon({ ...options, duration: SECONDS });
    const writes = await writer.stop();
    if (mixed.non2xx || mixed.errors || mixed.timeouts)
      throw new Error(
        `autocannon saw ${mixed.non2xx} non-2xx, ${mixed.errors} errors, ${mixed.timeouts} timeouts`,
      );

    if (kind === 'pglite') await server.stop();
    const direct = await openDirect(target);
    let breakdown;
    try {
      breakdown = await queryBreakdown(direct, token);
    } finally {
      await direct.close();
    }
    if (kind === 'postgres') await server.stop();

    // The same load once more on a server started with --cpu-prof: where its JavaScript thread spends time.
    const profileDir = tempDataDir('cpu-prof');
    let profile;
    try {
      server = await startHealthy(target, {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
      const token2 = await login(server);
      const loadStart = performance.now();
      const profiled = await cannon({
        url: server.url + PATH,
        headers: { authorization: `Bearer ${token2}` },
        connections: CONNECTIONS,
        duration: PROFILE_SECONDS,
      });
      if (!profiled.total || profiled.non2xx || profiled.errors)
        throw new Error(
          `the profiled run saw ${profiled.total} requests, ${profiled.non2xx} non-2xx, ${profiled.errors} errors`,
        );
      const loadEnd = performance.now();
      await server.stop();
      const exitAt = performance.now();
      const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error('the server wrote no CPU profile');
      const summary = summarizeProfile(path.join(profileDir, file), {
        fromBeforeEndMs: exitAt - loadStart - 200,
        toBeforeEndMs: exitAt - loadEnd + 200,
      });
      profile = { ...summary, requests: profiled.total, requestsPerSecond: profiled.requestsPerSecond };
    } finally {
      removeDir(profileDir);
    }
    return {
      kind,
      totalCount: paging.totalCount,
      seedMs,
      single,
      loaded,
      health,
      mixed,
      writes,
      breakdown,
      profile,
    };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

export async function run() {
  buildIfStale();
  console.log(
    `\n(c) GET ${PATH} as the admin, ${USERS} care coordinators, autocannon ${CONNECTIONS} connections ${SECONDS} s`,
  );
  const kinds = ['pglite'];
  const version = await postgresVersion();
  if (version) kinds.push('postgres');
  else console.log('  PostgreSQL does not answer: PGlite only.');
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind));

  const rows = [
    ['database', 'users listed', 'p50', 'p95', 'p99', 'req/s', 'c=1 p50', 'c=1 p95', 'p95 budget', 'verdict'],
  ];
  for (const r of results) {
    const budget = BUDGET_P95_MS[r.kind];
    rows.push([
      r.kind,
      r.totalCount,
      ms(r.loaded.latency.p50),
      ms(r.loaded.latency.p95),
      ms(r.loaded.latency.p99),
      r.loaded.requestsPerSecond.toFixed(0),
      ms(r.single.p50),
      ms(r.single.p95),
      `${budget} ms`,
      r.loaded.latency.p95 < budget ? 'PASS' : 'OVER',
    ]);
  }
  for (const r of results) {
    rows.push([
      `${r.kind}, with ${WRITES_PER_SECOND} user writes/s in the background`,
      r.totalCount,
      ms(r.mixed.latency.p50),
      ms(r.mixed.latency.p95),
      ms(r.mixed.latency.p99),
      r.mixed.requestsPerSecond.toFixed(0),
      '',
      '',
      '',
      '',
    ]);
  }
  for (const r of results) {
    rows.push([
      `${r.kind}: GET /api/health (reference)`,
      '',
      ms(r.health.latency.p50),
      ms(r.health.latency.p95),
      ms(r.health.latency.p99),
      r.health.requestsPerSecond.toFixed(0),
      '',
      '',
      '',
      '',
    ]);
  }
  console.log(textTable(rows));
  const breakdownRows = [
    [
      'database',
      'session lookup p50',
      'list page p50',
      'count(*) p50',
      'sum of the 3',
      'HTTP c=1 p50',
      '10,000 users inserted in',
    ],
  ];
  for (const r of results) {
    const b = r.breakdown;
    breakdownRows.push([
      r.kind,
      ms(b.session.p50, 2),
      ms(b.list.p50, 2),
      ms(b.count.p50, 2),
      ms(b.session.p50 + b.list.p50 + b.count.p50, 2),
      ms(r.single.p50, 2),
      ms(r.seedMs, 0),
    ]);
  }
  console.log(
    '  Where the time goes (each query run 100 times directly on the database, outside the server):',
  );
  console.log(textTable(breakdownRows));
  const profileRows = [['component', ...results.map((r) => `${r.kind}: share of the thread`)]];
  const categories = [...new Set(results.flatMap((r) => r.profile.rows.map(([c]) => c)))];
  for (const c of categories) {
    profileRows.push([
      c,
      ...results.map((r) => {
        const row = r.profile.rows.find(([name]) => name === c);
        return row ? `${row[2].toFixed(1)} %` : '';
      }),
    ]);
  }
  profileRows.push([
    'busy thread time per request',
    ...results.map((r) => ms(r.profile.busyMs / r.profile.requests, 2)),
  ]);
  console.log(`  The server's JavaScript thread under the same load (--cpu-prof, ${PROFILE_SECONDS} s):`);
  console.log(textTable(profileRows));

  return {
    title: `(c) GET ${PATH} with ${USERS.toLocaleString('en-US')} users, ${CONNECTIONS} connections`,
    figures: results.map((r) =>
      figure(
        'user list',
        `${r.kind} c=${CONNECTIONS} p95`,
        r.loaded.latency.p95,
        'ms',
        BUDGET_P95_MS[r.kind],
      ),
    ),
    extra: results.flatMap((r) => [
      figure('user list', `${r.kind} c=${CONNECTIONS} throughput`, r.loaded.requestsPerSecond, 'req/s'),
      figure(
        'user list',
        `${r.kind} c=${CONNECTIONS} p95, ${WRITES_PER_SECOND} writes/s in the background`,
        r.mixed.latency.p95,
        'ms',
      ),
    ]),
    markdown: [
      `${USERS.toLocaleString('en-US')} care coordinators (role 5, no password) inserted with one \`insert … select … from generate_series\` statement, then \`analyze\`${version ? `; PostgreSQL ${version}` : ''}. For PGlite the server is stopped for the insert (it holds the folder) and started again. The admin's list counts every user of the roles an administrator manages (${results[0].totalCount} rows). After 200 sequential requests (c=1) and a 2 s warm-up, autocannon runs ${CONNECTIONS} connections for ${SECONDS} s; percentiles from every response time. The same load runs again while the bench creates ${WRITES_PER_SECOND} care coordinators a second (\`POST /api/admin/users\`, one at a time), since a write invalidates whatever the server caches about users; last, \`GET /api/health\` under the same load, for reference.`,
      '',
      markdownTable(rows),
      '',
      ...results.map(
        (r) =>
          `${r.kind}: ${r.writes.created} background writes, their latency p50 ${ms(r.writes.latency.p50)}, p95 ${ms(r.writes.latency.p95)}.`,
      ),
      '',
      'Where the time goes: the three queries behind one request (session lookup of the auth hook; the page of 10 and the `count(*)` of the list), each timed 100 times directly on the database after the load (PGlite in the bench process on the same folder; PostgreSQL over a `pg` connection), against one HTTP request at concurrency 1. On PGlite the server keeps a read cache of session lookups and user lists (api/src/services/read-cache.ts) that any write to users, roles, referral sources or sessions invalidates; a request it answers from that cache runs none of these queries, which the CPU profile below shows.',
      '',
      markdownTable(breakdownRows),
      '',
      `The server's JavaScript thread under the same load, from a V8 CPU profile (\`node --cpu-prof\`, ${PROFILE_SECONDS} s of autocannon with ${CONNECTIONS} connections on a server started again; start-up and shutdown left out). PGlite runs inside this thread; PostgreSQL runs in its own processes, so on PostgreSQL the thread waits (idle) or writes to sockets. With ${CONNECTIONS} requests always outstanding, the mean latency is about ${CONNECTIONS} × the busy time per request (Little's law) once the thread is saturated:`,
      '',
      markdownTable(profileRows),
      '',
      ...results.flatMap((r) => [
        `${r.kind} plans (explain analyze):`,
        '',
        '```',
        `-- list page\n${r.breakdown.listPlan}\n-- count\n${r.breakdown.countPlan}`,
        '```',
        '',
      ]),
    ].join('\n'),
  };
}

if (isMain(import.meta.url)) await run();
