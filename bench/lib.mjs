// Shared helpers of the benchmarks: build, spawn the real server, wait for health, sign in, percentiles,
// throw-away data folders and PostgreSQL databases.
import { buildIfStale as buildApiIfStale } from '../scripts/build-if-stale.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_DIR = path.resolve(BENCH_DIR, '..');
export const API_DIR = path.join(REPO_DIR, 'api');
export const MAIN = path.join(API_DIR, 'dist', 'main.cjs');
export const ADMIN = { emailId: 'admin@carelane.local', password: 'Carelane-demo-1' };
export const PG_BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** True when the module is run directly (`node startup.mjs`), not imported by run-all. */
export const isMain = (metaUrl) =>
  process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === metaUrl;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds api/dist/main.cjs when it is missing or older than its sources (what `npm start` does). */
export function buildIfStale() {
  buildApiIfStale('api');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const server of running) server.child.kill('SIGKILL');
    process.exit(130);
  });
}
process.on('exit', () => {
  for (const server of running) server.child.kill('SIGKILL');
});

/**
 * Spawns `node [nodeArgs] api/dist/main.cjs` on a free port. `target` is { dataDir } (embedded PGlite) or { databaseUrl }.
 * Returns { url, child, spawnedAt, output(), exited, stop(), kill() }.
 */
export async function spawnServer(target, extraEnv = {}, nodeArgs = []) {
  const port = await freePort();
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  delete env.NODE_OPTIONS;
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, extraEnv);
  if (target.dataDir) env.DATA_DIR = target.dataDir;
  else {
    env.DATABASE_URL = target.databaseUrl;
    // On PostgreSQL the server refuses to start without a data key (docs/decisions/035).
    if (!env.DATA_KEY && !env.BANK_ACCOUNT_KEY) env.DATA_KEY = 'carelane-bench-data-key';
  }
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    cwd: REPO_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let done = false;
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      done = true;
      running.delete(server);
      resolve({ code, signal });
    }),
  );
  const server = {
    url: `http://127.0.0.1:${port}`,
    child,
    spawnedAt,
    output: () => output,
    exited,
    hasExited: () => done,
    /** SIGTERM: the server closes the database and exits. */
    async stop() {
      if (!done) child.kill('SIGTERM');
      let timer;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, 30_000, null)));
      const exit = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (!exit) {
        child.kill('SIGKILL');
        await exited;
        throw new Error('the server did not stop within 30 s of SIGTERM');
      }
      return exit;
    },
    async kill() {
      if (!done) child.kill('SIGKILL');
      return exited;
    },
  };
  running.add(server);
  return server;
}

/** Polls GET /api/health every 20 ms; resolves with ms since the spawn when it answers 200. */
export async function waitForHealth(server, timeoutMs = 60_000) {
  while (performance.now() - server.spawnedAt < timeoutMs) {
    if (server.hasExited()) throw new Error(`the server exited before answering:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - server.spawnedAt;
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }
  throw new Error(`GET /api/health did not answer 200 within ${timeoutMs} ms:\n${server.output()}`);
}

export async function startHealthy(target, extraEnv, nodeArgs) {
  const server = await spawnServer(target, extraEnv, nodeArgs);
  server.readyMs = await waitForHealth(server);
  return server;
}

export async function login(server, credentials = ADMIN) {
  const res = await fetch(`${server.url}/api/security/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = await res.json();
  if (res.status !== 200 || !body.token)
    throw new Error(`login answered ${res.status}: ${JSON.stringify(body)}`);
  return body.token;
}

export function tempDataDir(label) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `carelane-bench-${label}-`));
}

export function removeDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Whether the PostgreSQL server answers; resolves with its version or null. */
export async function postgresVersion(baseUrl = PG_BASE_URL) {
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query('show server_version');
    return rows[0].server_version;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh database on the PostgreSQL server; `drop()` removes it. */
export async function createDatabase(baseUrl = PG_BASE_URL) {
  const name = `carelane_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function latencySummary(values) {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
  };
}

export const ms = (value, digits = 1) => (Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a');

/** Times `fn` `runs` times after `warmup` runs; answers the latency summary in ms. */
export async function timeRepeated(fn, runs = 50, warmup = 5) {
  for (let i = 0; i < warmup; i++) await fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return latencySummary(times);
}

/**
 * Runs autocannon and records every response time (autocannon's own histogram has no p95).
 * Answers { latency: {p50,p95,p99,max,count}, requestsPerSecond, non2xx, errors, timeouts, durationS }.
 */
export async function cannon(options) {
  const { default: autocannon } = await import('autocannon');
  const times = [];
  const instance = autocannon({ ...options });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await instance;
  return {
    latency: latencySummary(times),
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: result.duration,
  };
}

/**
 * One row of the final summary: a measured figure, optionally against a budget (lower is better, or with
 * `higherIsBetter` a floor the figure must reach, such as a Lighthouse score).
 */
export function figure(benchmark, metric, value, unit, budget, { higherIsBetter = false } = {}) {
  const hasBudget = budget !== undefined && budget !== null;
  const within = higherIsBetter ? value >= budget : value < budget;
  return {
    benchmark,
    metric,
    value,
    unit,
    budget: budget ?? null,
    higherIsBetter,
    verdict: hasBudget ? (within ? 'PASS' : 'OVER') : '',
  };
}

/**
 * Direct SQL on the server's database, bypassing the API: PGlite on DATA_DIR/pgdata (only while no server
 * holds the folder) or a pg client on the database URL. Answers { query(text, params) -> rows, close() }.
 */
export async function openDirect(target) {
  if (target.dataDir) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(path.join(target.dataDir, 'pgdata'));
    return {
      query: async (text, params = []) => (await db.query(text, params)).rows,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  return {
    query: async (text, params = []) => (await client.query(text, params)).rows,
    close: () => client.end(),
  };
}

/** Formats rows of cells as an aligned plain-text table (first row = header). */
export function textTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) =>
    r
      .map((cell, i) => String(cell).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join('\n');
}

/** The same rows as a Markdown table. */
export function markdownTable(rows) {
  const line = (r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(rows[0]), line(rows[0].map(() => '---')), ...rows.slice(1).map(line)].join('\n');
}

const SUMMARY_HEADER = ['benchmark', 'figure', 'measured', 'budget', 'verdict'];

/** The Summary table's rows of `figures` (header first), as `npm run bench` and a section run alone write them. */
export function summaryRows(figures) {
  const format = (f) => `${f.value.toFixed(f.unit === 'ms' ? 1 : 0)} ${f.unit}`;
  return [
    SUMMARY_HEADER,
    ...figures.map((f) => [
      f.benchmark,
      f.metric,
      format(f),
      f.budget === null ? '' : `${f.higherIsBetter ? '≥' : '<'} ${f.budget} ${f.unit}`,
      f.verdict,
    ]),
  ];
}

/**
 * RESULTS.md's Summary with the rows of `figures`' benchmarks replaced by theirs (each benchmark's rows come from
 * its latest run), the other rows kept in place; the new rows go where that benchmark's first row was, else last.
 */
export function withSummaryRows(markdown, figures) {
  const start = markdown.search(/^## Summary$/m);
  if (start < 0 || figures.length === 0) return markdown;
  const rest = markdown.slice(start);
  const tableStart = rest.search(/^\|/m);
  const tableEnd = rest.slice(tableStart).search(/^(?!\|)/m);
  if (tableStart < 0) return markdown;
  const table = rest.slice(tableStart, tableEnd < 0 ? undefined : tableStart + tableEnd);
  const rows = table
    .trimEnd()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const replaced = new Set(figures.map((f) => f.benchmark));
  const fresh = summaryRows(figures).slice(1);
  const at = rows.findIndex((row) => replaced.has(row[0]));
  const kept = rows.filter((row) => !replaced.has(row[0]));
  const insertAt = at < 0 ? kept.length : rows.slice(0, at).filter((row) => !replaced.has(row[0])).length;
  kept.splice(insertAt, 0, ...fresh);
  const updated = `${markdownTable([SUMMARY_HEADER, ...kept])}\n`;
  return (
    markdown.slice(0, start) + rest.slice(0, tableStart) + updated + rest.slice(tableStart + table.length)
  );
}

/**
 * Writes (or replaces) one `## (x) …` section of bench/RESULTS.md for a bench run on its own: its title, a
 * line saying which script measured it, when and on which commit (`conditions` adds to the parenthesis), and
 * the markdown; its figures replace that benchmark's rows of the Summary. `heading` finds the section to
 * replace, e.g. /^## \(f\) Coverage map/m.
 */
export async function writeResultsSection({ script, heading, section, startedAt, conditions = '' }) {
  const file = path.join(BENCH_DIR, 'RESULTS.md');
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: REPO_DIR,
    encoding: 'utf8',
  }).trim();
  const text = [
    `## ${section.title}`,
    '',
    `Measured by \`node bench/${script}\` alone on ${startedAt.toISOString()} (commit ${commit}${conditions ? `; ${conditions}` : ''}), not by the \`npm run bench\` run the rest of this file comes from.`,
    '',
    section.markdown,
    '',
  ].join('\n');
  const start = old.search(heading);
  const end = start < 0 ? -1 : old.slice(start + 3).search(/^## /m);
  const updated = withSummaryRows(
    start < 0
      ? `${old.trimEnd()}\n\n${text}`
      : `${old.slice(0, start)}${text}${end < 0 ? '' : `\n${old.slice(start + 3 + end)}`}`,
    section.figures ?? [],
  );
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(updated, { ...options, parser: 'markdown' }));
  console.log(`Section written to ${path.relative(process.cwd(), file)}`);
}

/**
 * API sources bundled for a bench by esbuild (for Node, packages external): `exportLines` are the entry's export
 * statements, with paths relative to api/dist (e.g. `export { openDatabase } from '../src/db/client';`);
 * captureStatements (capture-statements.mjs) is always exported. One bundle per process: runs may go side by side.
 */
export async function loadApiBundle(label, exportLines) {
  const entry = path.join(API_DIR, 'dist', `bench-${label}-entry-${process.pid}.ts`);
  const outfile = path.join(API_DIR, 'dist', `bench-${label}-${process.pid}.cjs`);
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  const capture = path.join(BENCH_DIR, 'capture-statements.mjs');
  fs.writeFileSync(entry, `${exportLines}\nexport { captureStatements } from ${JSON.stringify(capture)};\n`);
  const { build } = await import('esbuild');
  try {
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      alias: { '@carelane/shared-domain': path.join(REPO_DIR, 'shared-domain', 'src', 'index.ts') },
      logLevel: 'error',
    });
  } finally {
    fs.rmSync(entry);
  }
  const bundle = await import(pathToFileURL(outfile).href);
  fs.rmSync(outfile); // loaded, it is no longer needed
  return bundle.default ?? bundle;
}
