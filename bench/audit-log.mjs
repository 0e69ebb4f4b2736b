// (h) The audit log at scale (issue 14), on PostgreSQL: 50,000,000 entries over 25 monthly partitions (70 % reads
// of patient data naming 1 or 10 of 20,000 patients, by 500 users), then the audit page and the patient access
// report with filters, 20 sequential requests and autocannon at 4 and 20 connections for 10 s each.
// `AUDIT_BENCH_ROWS` sets the size; `AUDIT_BENCH_DATABASE_URL` measures a database already loaded (kept).
import os from 'node:os';
import pg from 'pg';
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
  postgresVersion,
  startHealthy,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const ROWS = Number(process.env.AUDIT_BENCH_ROWS || 50_000_000);
const MONTHS = 25;
const USERS = 500;
const PATIENTS = 20_000;
const FIRST_USER_ID = 100_000;
const BUDGET_P95_MS = 100;
const SECONDS = Number(process.env.AUDIT_BENCH_SECONDS || 10);

const monthStart = (back) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
};

/**
 * One month of entries in one statement. Reads name one patient (detail pages, files) or ten (a list page);
 * the rest are writes and sign-ins; 2 % of reads were refused. Times are spread over the month up to now.
 */
function monthInsert(back, rows) {
  const from = monthStart(back).toISOString();
  const to = back === 0 ? new Date().toISOString() : monthStart(back - 1).toISOString();
  const ten = Array.from({ length: 10 }, (_, i) => `((b + ${i * 1999}) % ${PATIENTS}) + 1`).join(', ');
  return `insert into audit_log (at, user_id, user_email, entity, entity_id, action, patient_ids, outcome, ip)
    select at, u, 'bench.user' || u || '@example.com', entity, entity_id, action, ids, outcome, '10.0.' || (u % 250) || '.' || (u % 7)
    from (
      select '${from}'::timestamptz + random() * ('${to}'::timestamptz - '${from}'::timestamptz) as at,
             ${FIRST_USER_ID} + floor(random() * ${USERS})::int as u,
             floor(random() * ${PATIENTS})::int as b,
             random() as r, random() as o
      from generate_series(1, ${rows})
    ) g,
    lateral (select
      case when r < 0.35 then 'patientDetail' when r < 0.55 then 'patientList' when r < 0.62 then 'serviceRequestDetail'
           when r < 0.70 then 'visitList' when r < 0.85 then 'episode' when r < 0.95 then 'visit' else 'session' end as entity,
      case when r < 0.70 then 'READ' when r < 0.95 then 'UPDATE' else 'LOGIN' end as action,
      case when r < 0.35 or (r >= 0.55 and r < 0.62) then array[b + 1]
           when r < 0.70 then array[${ten}] end as ids,
      case when r < 0.70 then (case when o < 0.02 then 'REFUSED' else 'ALLOWED' end) end as outcome,
      case when r < 0.35 then (b + 1)::text when r < 0.95 then floor(o * 1000000)::text end as entity_id
    ) k`;
}

/** Loads ROWS entries: indexes dropped first and built again after (as a bulk load does), then analyzed. */
async function load(url, log) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const indexes = (
      await client.query(
        `select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
      )
    ).rows;
    for (const { indexname } of indexes) await client.query(`drop index ${indexname}`);
    for (let back = MONTHS - 1; back >= 0; back--)
      await client.query('select carelane_audit_partition($1::timestamptz)', [
        monthStart(back).toISOString(),
      ]);
    const perMonth = Math.ceil(ROWS / MONTHS);
    // Two months at a time: one connection per core.
    const second = new pg.Client({ connectionString: url });
    await second.connect();
    try {
      for (let back = MONTHS - 1; back >= 0; back -= 2) {
        const t = performance.now();
        await Promise.all([
          client.query(monthInsert(back, perMonth)),
          back - 1 >= 0 ? second.query(monthInsert(back - 1, perMonth)) : null,
        ]);
        log(
          `  months ${back}${back - 1 >= 0 ? ` and ${back - 1}` : ''} back loaded in ${((performance.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await second.end();
    }
    const loadedAt = performance.now();
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const { indexname, indexdef } of indexes) {
      const t = performance.now();
      await client.query(indexdef.replace(' ON ONLY ', ' ON '));
      log(`  ${indexname} built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const indexedAt = performance.now();
    await client.query('vacuum analyze audit_log');
    const [{ n }] = (await client.query('select count(*)::bigint as n from audit_log')).rows;
    const [{ size }] = (
      await client.query(
        `select pg_size_pretty(sum(pg_total_relation_size(inhrelid))) as size from pg_inherits where inhparent = 'audit_log'::regclass`,
      )
    ).rows;
    return {
      entries: Number(n),
      size,
      loadS: (loadedAt - started) / 1000,
      indexS: (indexedAt - loadedAt) / 1000,
      totalS: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

async function get(server, path, token) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

async function measure(server, token, path) {
  const first = await get(server, path, token);
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await get(server, path, token);
    times.push(performance.now() - t);
  }
  const options = (connections, duration) => ({
    url: `${server.url}${path}`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  await cannon(options(4, 1));
  const c4 = await cannon(options(4, SECONDS));
  const c20 = await cannon(options(20, SECONDS));
  for (const loaded of [c4, c20])
    if (loaded.non2xx || loaded.errors || loaded.timeouts)
      throw new Error(
        `${path}: ${loaded.non2xx} non-2xx, ${loaded.errors} errors, ${loaded.timeouts} timeouts`,
      );
  const rows = first.auditList ?? first.rows;
  const total = first.paging.totalCount;
  return {
    answer: `${rows.length} rows of ${total}${first.paging.totalCountIsCapped ? '+' : ''}`,
    single: latencySummary(times),
    c4,
    c20,
  };
}

export async function run({ log = console.log } = {}) {
  buildIfStale();
  log(
    `\n(h) Audit log: ${ROWS.toLocaleString('en-US')} entries over ${MONTHS} monthly partitions, on PostgreSQL`,
  );
  if (!(await postgresVersion())) {
    log('  PostgreSQL does not answer: skipped.');
    return {
      title: '(h) Audit log at scale (PostgreSQL)',
      figures: [],
      markdown: 'PostgreSQL did not answer.',
    };
  }
  const kept = process.env.AUDIT_BENCH_DATABASE_URL;
  const database = kept ? null : await createDatabase();
  const url = kept ?? database.url;
  let server;
  let loaded = null;
  try {
    if (!kept) {
      server = await startHealthy({ databaseUrl: url }); // migrations and the demo data
      await server.stop();
      server = undefined;
      loaded = await load(url, log);
      log(
        `  ${loaded.entries.toLocaleString('en-US')} entries (${loaded.size}) in ${loaded.totalS.toFixed(0)} s: rows ${loaded.loadS.toFixed(0)} s, indexes ${loaded.indexS.toFixed(0)} s`,
      );
    }
    server = await startHealthy({ databaseUrl: url });
    const token = await login(server);
    const user = FIRST_USER_ID + 17;
    const patient = 4242;
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const cases = [
      ['audit page, one user (last 30 days)', `/api/admin/audit?userId=${user}`],
      ['audit page, reads naming one patient', `/api/admin/audit?patientId=${patient}&action=READ`],
      [
        'audit page, what one user read last week',
        `/api/admin/audit?userId=${user}&action=READ&startDate=${encodeURIComponent(lastWeek)}`,
      ],
      ['audit page, one record', `/api/admin/audit?entity=patientDetail&entityId=${patient}`],
      ['audit page, no filter (last 30 days)', '/api/admin/audit'],
    ];
    const [{ id: demoPatient } = {}] = await (async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query('select min(id) as id from patients')).rows;
      } finally {
        await c.end();
      }
    })();
    if (demoPatient)
      cases.push(['patient access report (20 a page)', `/api/admin/patients/${demoPatient}/access`]);
    const results = [];
    for (const [name, path] of cases) {
      const m = await measure(server, token, path);
      results.push({ name, path, ...m });
      log(
        `  ${name}: ${m.answer}; c=1 p95 ${ms(m.single.p95)}, c=4 p95 ${ms(m.c4.latency.p95)} (${Math.round(m.c4.requestsPerSecond)} req/s), c=20 p95 ${ms(m.c20.latency.p95)}`,
      );
    }
    const header = [
      'request',
      'answer',
      'c=1 p50',
      'c=1 p95',
      'c=4 p95',
      'c=4 req/s',
      'c=20 p95',
      'c=20 req/s',
    ];
    const rows = results.map((r) => [
      r.name,
      r.answer,
      ms(r.single.p50),
      ms(r.single.p95),
      ms(r.c4.latency.p95),
      String(Math.round(r.c4.requestsPerSecond)),
      ms(r.c20.latency.p95),
      String(Math.round(r.c20.requestsPerSecond)),
    ]);
    log(textTable([header, ...rows]));
    const filtered = results.filter((r) => !r.name.includes('no filter'));
    const worst = Math.max(...filtered.map((r) => r.c4.latency.p95));
    const markdown = [
      loaded
        ? `${loaded.entries.toLocaleString('en-US')} entries (${loaded.size} with indexes) over ${MONTHS} monthly partitions, loaded in ${loaded.totalS.toFixed(0)} s (rows ${loaded.loadS.toFixed(0)} s, indexes ${loaded.indexS.toFixed(0)} s); ${USERS} users, ${PATIENTS.toLocaleString('en-US')} patients; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} after.`
        : `A database loaded earlier (AUDIT_BENCH_DATABASE_URL).`,
      '',
      markdownTable([header, ...rows]),
      '',
      `Budget: a filtered audit page p95 < ${BUDGET_P95_MS} ms (the c=4 column). Totals are counted up to 10,000 ("+").`,
    ].join('\n');
    return {
      title: '(h) Audit log at scale (PostgreSQL)',
      figures: [
        figure(
          'audit-log',
          `filtered audit page over ${ROWS / 1e6}M entries, worst p95 (c=4)`,
          worst,
          'ms',
          BUDGET_P95_MS,
        ),
      ],
      markdown,
    };
  } finally {
    await server?.kill();
    if (!process.env.AUDIT_BENCH_KEEP) await database?.drop();
    else if (database) log(`  kept: AUDIT_BENCH_DATABASE_URL=${database.url}`);
  }
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const section = await run();
  await writeResultsSection({ script: 'audit-log.mjs', heading: /^## \(h\) Audit log/m, section, startedAt });
}
