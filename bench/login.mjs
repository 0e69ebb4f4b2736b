// (b) POST /api/security/authenticate: latency of successful admin logins, sequential and at concurrency 4.
// Throttling counts failed logins per account, so only successful logins are sent.
import {
  ADMIN,
  buildIfStale,
  cannon,
  createDatabase,
  figure,
  isMain,
  latencySummary,
  markdownTable,
  ms,
  openDirect,
  postgresVersion,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
} from './lib.mjs';

const BUDGET_P95_MS = 250;
const SEQUENTIAL = 200;
const CONCURRENCY = 4;
const CANNON_SECONDS = 10;

/** The argon2id parameters the server uses: its config defaults unless the ARGON2_* variables say otherwise. */
function argon2Config() {
  return {
    memoryCost: Number(process.env.ARGON2_MEMORY_KIB || 19456),
    timeCost: Number(process.env.ARGON2_TIME_COST || 2),
    parallelism: Number(process.env.ARGON2_PARALLELISM || 1),
  };
}

async function sequentialLogins(server, count) {
  const body = JSON.stringify(ADMIN);
  const times = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/security/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`login ${i + 1} answered ${res.status}`);
  }
  return { ...latencySummary(times), requestsPerSecond: count / ((performance.now() - started) / 1000) };
}

/** argon2.verify alone, in this process: the floor of one login. */
async function argon2VerifyCost(hash) {
  const { default: argon2 } = await import('argon2');
  for (let i = 0; i < 3; i++) await argon2.verify(hash, ADMIN.password);
  const times = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await argon2.verify(hash, ADMIN.password);
    times.push(performance.now() - t);
  }
  return latencySummary(times);
}

async function benchOne(kind) {
  let target;
  let database;
  if (kind === 'pglite') target = { dataDir: tempDataDir('login') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  const server = await startHealthy(target);
  try {
    for (let i = 0; i < 5; i++) await sequentialLogins(server, 1); // warm-up
    const sequential = await sequentialLogins(server, SEQUENTIAL);
    const concurrent = await cannon({
      url: `${server.url}/api/security/authenticate`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
      connections: CONCURRENCY,
      duration: CANNON_SECONDS,
    });
    if (concurrent.non2xx || concurrent.errors || concurrent.timeouts)
      throw new Error(
        `autocannon saw ${concurrent.non2xx} non-2xx, ${concurrent.errors} errors, ${concurrent.timeouts} timeouts`,
      );
    await server.stop();
    const direct = await openDirect(target);
    let hash;
    try {
      [{ password_hash: hash }] = await direct.query('select password_hash from users where email_id = $1', [
        ADMIN.emailId,
      ]);
    } finally {
      await direct.close();
    }
    return { kind, sequential, concurrent, hash, verify: await argon2VerifyCost(hash) };
  } finally {
    await server.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

export async function run() {
  buildIfStale();
  const a = argon2Config();
  console.log(
    `\n(b) POST /api/security/authenticate (admin, successful logins); argon2id memoryCost ${a.memoryCost} KiB, timeCost ${a.timeCost}, parallelism ${a.parallelism}`,
  );
  const kinds = ['pglite'];
  if (await postgresVersion()) kinds.push('postgres');
  else console.log('  PostgreSQL does not answer: PGlite only.');
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind));

  const verdict = (v) => (v < BUDGET_P95_MS ? 'PASS' : 'OVER');
  const rows = [
    ['database', 'mode', 'requests', 'p50', 'p95', 'p99', 'req/s', `p95 budget ${BUDGET_P95_MS} ms`],
  ];
  for (const r of results) {
    rows.push([
      r.kind,
      'sequential',
      r.sequential.count,
      ms(r.sequential.p50),
      ms(r.sequential.p95),
      ms(r.sequential.p99),
      r.sequential.requestsPerSecond.toFixed(1),
      verdict(r.sequential.p95),
    ]);
    rows.push([
      r.kind,
      `autocannon c=${CONCURRENCY} ${CANNON_SECONDS}s`,
      r.concurrent.total,
      ms(r.concurrent.latency.p50),
      ms(r.concurrent.latency.p95),
      ms(r.concurrent.latency.p99),
      r.concurrent.requestsPerSecond.toFixed(1),
      verdict(r.concurrent.latency.p95),
    ]);
  }
  console.log(textTable(rows));
  const hashParams = /^\$argon2id\$v=\d+\$([^$]+)\$/.exec(results[0].hash)?.[1] ?? 'unknown';
  console.log(
    `  stored hash parameters: ${hashParams}; argon2.verify alone (this process): p50 ${ms(results[0].verify.p50)}, p95 ${ms(results[0].verify.p95)}`,
  );

  const figures = [];
  for (const r of results) {
    figures.push(figure('login', `${r.kind} sequential p95`, r.sequential.p95, 'ms', BUDGET_P95_MS));
    figures.push(
      figure('login', `${r.kind} c=${CONCURRENCY} p95`, r.concurrent.latency.p95, 'ms', BUDGET_P95_MS),
    );
  }
  return {
    title: '(b) Login: POST /api/security/authenticate',
    figures,
    markdown: [
      `argon2id parameters: memoryCost ${a.memoryCost} KiB, timeCost ${a.timeCost}, parallelism ${a.parallelism} (api/src/config.ts defaults); the admin's stored hash says \`${hashParams}\`. Each row: a fresh server (fresh DATA_DIR or fresh PostgreSQL database) with the demo seed; ${SEQUENTIAL} sequential successful logins of the admin after 5 warm-up logins, then autocannon with ${CONCURRENCY} connections for ${CANNON_SECONDS} s. Percentiles are computed from every response time (autocannon's own histogram has no p95).`,
      '',
      markdownTable(rows),
      '',
      ...results.map(
        (r) =>
          `argon2.verify of that hash alone, in the bench process (${r.kind} run): p50 ${ms(r.verify.p50)}, p95 ${ms(r.verify.p95)}.`,
      ),
    ].join('\n'),
  };
}

if (isMain(import.meta.url)) await run();
