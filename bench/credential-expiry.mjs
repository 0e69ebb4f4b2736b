// (i) The daily credential expiry job (issue 11; api/src/modules/clinicians/credential-expiry) on the scheduling
// data set (bench/scheduling-data.mjs: at scale 1, 50,000 clinicians with the ~12 credentials their type
// requires, ~630,000 rows): the job itself (`runCredentialExpiryJob`, bundled from the API's sources with
// esbuild and called in the bench process on the server's database), timed on PGlite and on PostgreSQL, a few
// runs with the data put back between them; then each of its three statements alone, and a second run of the
// same day (what every other API instance does, finding nothing left).
//
//   node bench/credential-expiry.mjs              full size, PGlite and PostgreSQL (when it answers)
//   node bench/credential-expiry.mjs --scale 0.1  a smaller data set
import { parseArgs } from 'node:util';
import { generateSchedulingData } from './scheduling-data.mjs';
import {
  buildIfStale,
  createDatabase,
  figure,
  isMain,
  loadApiBundle,
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

const BUDGET_MS = 5000;
const RUNS = 3;
const TITLE = '(i) Credential expiry job: 50,000 clinicians × 12 credentials';

/** The job and its statements from the API's sources, with the API's database client. */
async function loadJob() {
  return loadApiBundle(
    'credential-expiry',
    [
      `import { sql } from 'drizzle-orm';`,
      `export { openDatabase } from '../src/db/client';`,
      `export { runCredentialExpiryJob } from '../src/modules/clinicians/credential-expiry/job';`,
      `export { expireLapsedCredentials, recomputeCredentialStates, sendExpiryWarnings } from '../src/modules/clinicians/credential-expiry/repository';`,
      `export const exec = async (db: any, text: string) => ((await db.execute(sql.raw(text))) as any).rows;`,
    ].join('\n'),
  );
}

/** What the job will find today on the generated data (read before the first run). */
async function describeData(direct) {
  const [row] = await direct.query(
    `select current_date::text as today,
       (select count(*)::int from providers) as clinicians,
       (select count(*)::int from provider_credentials) as credentials,
       (select count(*)::int from provider_credentials where status = 'Approved') as approved,
       (select count(*)::int from provider_credentials where status = 'Approved' and expires_on < current_date) as lapsed,
       (select count(*)::int from provider_credentials where status = 'Approved'
          and expires_on - current_date in (30, 14, 7)) as warning_days`,
  );
  return row;
}

/** Copies of what the job writes, to put back between runs (not its audit entries: the log refuses deletes). */
const SNAPSHOT = [
  'drop table if exists bench_expiry_credentials',
  'create table bench_expiry_credentials as select id, status, version, updated_at, warned_days_before from provider_credentials',
  'alter table bench_expiry_credentials add primary key (id)',
  'drop table if exists bench_expiry_providers',
  'create table bench_expiry_providers as select id, credential_state, version, updated_at from providers',
  'alter table bench_expiry_providers add primary key (id)',
];
const RESET = [
  `update provider_credentials c set status = s.status, version = s.version, updated_at = s.updated_at,
     warned_days_before = s.warned_days_before
   from bench_expiry_credentials s
   where s.id = c.id and (c.status, c.version, c.warned_days_before) is distinct from (s.status, s.version, s.warned_days_before)`,
  `update providers p set credential_state = s.credential_state, version = s.version, updated_at = s.updated_at
   from bench_expiry_providers s where s.id = p.id and p.version <> s.version`,
  `delete from outbox where dedupe_key like 'credential-expiry:%'`,
  // What PostgreSQL's autovacuum would do after the reset (PGlite has none): every run starts alike.
  'vacuum analyze provider_credentials, providers, outbox',
];

async function benchOne(kind, job, { scale, log }) {
  let target;
  let database;
  if (kind === 'pglite') target = { dataDir: tempDataDir('credential-expiry') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  let opened;
  try {
    const server = await startHealthy(target); // migrations, reference data and the demo seed
    await server.stop();
    const direct = await openDirect(target);
    let data;
    try {
      log(`  ${kind}: generating the scheduling data set (scale ${scale})`);
      await generateSchedulingData(direct, { scale, log: (line) => log(`  ${line}`) });
      data = await describeData(direct);
      for (const text of SNAPSHOT) await direct.query(text);
    } finally {
      await direct.close();
    }
    log(
      `  ${kind}: ${data.clinicians.toLocaleString('en-US')} clinicians, ${data.credentials.toLocaleString('en-US')} credentials (${data.approved.toLocaleString('en-US')} approved); today ${data.today}: ${data.lapsed} lapsed, ${data.warning_days} at 30/14/7 days`,
    );
    opened = await job.openDatabase(
      target.dataDir
        ? { dataDir: target.dataDir }
        : { databaseUrl: target.databaseUrl, dataDir: 'memory://' },
    );
    const db = opened.db;
    const now = new Date(`${data.today}T12:00:00`);
    const reset = async () => {
      for (const text of RESET) await job.exec(db, text);
    };
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      if (i) await reset();
      const t = performance.now();
      const result = await job.runCredentialExpiryJob(db, now);
      const took = performance.now() - t;
      const t2 = performance.now();
      const again = await job.runCredentialExpiryJob(db, now);
      const againMs = performance.now() - t2;
      runs.push({ ms: took, result, againMs, again });
      log(
        `  ${kind} run ${i + 1}: ${ms(took, 0)} (expired ${result.expired}, state changes ${result.stateChanges}, warned ${result.warnings.credentials} credentials of ${result.warnings.clinicians} clinicians, ${result.warnings.messages} messages); the same day again ${ms(againMs, 0)} (${again.expired + again.stateChanges + again.warnings.messages} changes)`,
      );
    }
    // Each statement alone, in one transaction as the job runs them.
    await reset();
    const statements = {};
    await db.transaction(async (tx) => {
      await job.exec(tx, 'set local jit = off'); // as the job does
      const today = data.today;
      for (const [name, fn] of [
        ['expire', job.expireLapsedCredentials],
        ['states', job.recomputeCredentialStates],
        ['warnings', job.sendExpiryWarnings],
      ]) {
        const t = performance.now();
        await fn(tx, today);
        statements[name] = performance.now() - t;
      }
    });
    log(
      `  ${kind} statements: expire ${ms(statements.expire, 0)}, states ${ms(statements.states, 0)}, warnings ${ms(statements.warnings, 0)}`,
    );
    return { kind, data, runs, statements };
  } finally {
    await opened?.close();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

export async function run({ scale = 1, log = console.log } = {}) {
  buildIfStale();
  const job = await loadJob();
  const version = await postgresVersion();
  const kinds = ['pglite', ...(version ? ['postgres'] : [])];
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, job, { scale, log }));

  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const p50 = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const header = ['figure', ...results.map((r) => label[r.kind]), 'budget'];
  const first = (r) => r.runs[0].result;
  const rows = [
    ['clinicians / credentials', ...results.map((r) => `${r.data.clinicians} / ${r.data.credentials}`), ''],
    [
      'work of one day: expired / state changes / credentials warned / clinicians / messages',
      ...results.map(
        (r) =>
          `${first(r).expired} / ${first(r).stateChanges} / ${first(r).warnings.credentials} / ${first(r).warnings.clinicians} / ${first(r).warnings.messages}`,
      ),
      '',
    ],
    [
      `job run, p50 / max of ${RUNS}`,
      ...results.map(
        (r) => `${ms(p50(r.runs.map((x) => x.ms)), 0)} / ${ms(Math.max(...r.runs.map((x) => x.ms)), 0)}`,
      ),
      `< ${BUDGET_MS} ms`,
    ],
    ['the runs', ...results.map((r) => r.runs.map((x) => Math.round(x.ms)).join(', ') + ' ms'), ''],
    ['statement (1): expire', ...results.map((r) => ms(r.statements.expire, 0)), ''],
    ['statement (3): credential states', ...results.map((r) => ms(r.statements.states, 0)), ''],
    ['statement (2): warnings and outbox', ...results.map((r) => ms(r.statements.warnings, 0)), ''],
    [
      'a second run the same day (nothing left), p50',
      ...results.map((r) => ms(p50(r.runs.map((x) => x.againMs)), 0)),
      '',
    ],
  ];
  log(textTable([header, ...rows]));
  const markdown = [
    `Data set from bench/scheduling-data.mjs at scale ${scale}: the clinicians' credentials are every credential their type requires (12; 11 for an MSW) by their credential state (3: all approved; 1: some missing, submitted, in review or rejected; 5: the licence expired), approved expiring ones spread uniformly from yesterday to two years on with the warnings of the previous days marked sent, and 15 % of them with the expired credential they renewed. So one day's work is what a real day brings: the credentials that lapsed yesterday, those reaching 30, 14 or 7 days, and the clinicians whose state changes (here also the generator's state 5 given to clinicians who are not inactive, recomputed to 1 or 3 on every run). The job is \`runCredentialExpiryJob\` of api/src/modules/clinicians/credential-expiry/job.ts, bundled and called in the bench process on the server's database (a stopped server's PGlite folder; a PostgreSQL database${version ? ` on PostgreSQL ${version}` : ''}), for the day the data was generated; between runs what it wrote is put back from a copy and the tables vacuumed.`,
    '',
    markdownTable([header, ...rows]),
    '',
    'Three statements in one transaction under an advisory lock: (1) expire, (3) credential states, (2) warnings (one statement marking the credentials and queueing one email and one SMS per clinician and threshold in the outbox). The second run of the day is what each other API instance does when its schedule comes: the lock, then the three statements finding nothing.',
  ].join('\n');
  return {
    title: TITLE,
    figures: results.map((r) =>
      figure(
        'credential-expiry',
        `daily expiry job, ${label[r.kind]}, max of ${RUNS} runs`,
        Math.max(...r.runs.map((x) => x.ms)),
        'ms',
        BUDGET_MS,
      ),
    ),
    markdown,
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
  const startedAt = new Date();
  const section = await run({ scale: Number(values.scale) });
  await writeResultsSection({
    script: 'credential-expiry.mjs',
    heading: /^## \([a-z]\) Credential expiry job/m,
    section,
    startedAt,
  });
}
