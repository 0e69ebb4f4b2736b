// (s) A broadcast to 5,000 clinicians (issue 27: "the request answers < 200 ms; all queued messages sent within
// 60 s through a stand-in gateway"), PGlite and PostgreSQL. On the demo database plus 5,000 clinicians with an
// email address and a mobile number: the care coordinator broadcasts an open visit to all of them
// (`POST /api/messaging/broadcasts` with their ids); the request is timed, then the broadcast is read until Done
// and the stand-in gateway (MESSAGE_PICKUP_DIR: one file a message as delivered) is counted until every message
// the broadcast queued is there.
//
//   node bench/broadcast.mjs [--clinicians 5000] [--kinds postgres]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildIfStale,
  createDatabase,
  figure,
  isMain,
  login,
  markdownTable,
  ms,
  openDirect,
  postgresVersion,
  removeDir,
  sleep,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const REQUEST_BUDGET_MS = 200;
const SEND_BUDGET_S = 60;
const COORDINATOR = { emailId: 'coordinator@carelane.local', password: 'Carelane-demo-1' };

/** `count` clinicians who take email and SMS, and an open visit of the demo data. */
async function prepare(db, count) {
  const rows = await db.query(
    `insert into providers (given_name, family_name, provider_type_id, email, phone_number, enable_sms, enable_email)
     select 'Bench', 'Clinician ' || g, 1, 'bench.clinician.' || g || '@example.com',
            '737' || lpad(g::text, 7, '0'), true, true
     from generate_series(1, $1) g returning id`,
    [count],
  );
  const [visit] = await db.query(
    `select id from visits where status = 'Active' and not paused and provider_id is null
     order by date_of_service desc limit 1`,
  );
  if (!visit) throw new Error('the demo data has no open visit');
  return { providerIds: rows.map((row) => Number(row.id)), visitId: Number(visit.id) };
}

const filesIn = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).length : 0;

async function benchOne(kind, { clinicians, log }) {
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  const target = database ? { databaseUrl: database.url } : { dataDir: tempDataDir('broadcast') };
  const pickup = fs.mkdtempSync(path.join(os.tmpdir(), 'carelane-bench-pickup-'));
  let server;
  try {
    server = await startHealthy(target);
    await server.stop();
    server = null;
    const direct = await openDirect(target);
    let prepared;
    try {
      prepared = await prepare(direct, clinicians);
    } finally {
      await direct.close();
    }
    server = await startHealthy(target, { MESSAGE_PICKUP_DIR: pickup });
    const token = await login(server, COORDINATOR);
    // What the demo start queued for itself is delivered first: the broadcast's messages are counted after it.
    await sleep(3000);
    const before = filesIn(pickup);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/messaging/broadcasts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        visitIds: [prepared.visitId],
        providerIds: prepared.providerIds,
        idempotencyKey: `bench-${Date.now()}`,
      }),
    });
    const requestMs = performance.now() - started;
    const answer = await response.json();
    if (response.status !== 202)
      throw new Error(`broadcast answered ${response.status}: ${JSON.stringify(answer)}`);
    log(`    the request: ${ms(requestMs)} (${answer.broadcast.recipientCount} recipients)`);
    const id = answer.broadcast.id;
    let broadcast = answer.broadcast;
    const deadline = performance.now() + 10 * 60_000;
    while (broadcast.status !== 'Done' && performance.now() < deadline) {
      await sleep(250);
      broadcast = await fetch(`${server.url}/api/messaging/broadcasts/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
    }
    const queuedSeconds = (performance.now() - started) / 1000;
    // Each recipient sent to has its email and SMS (and an in-app notice, which is no message) queued.
    const expected = broadcast.sentCount * 2;
    while (filesIn(pickup) - before < expected && performance.now() < deadline) await sleep(250);
    const deliveredSeconds = (performance.now() - started) / 1000;
    const delivered = filesIn(pickup) - before;
    log(
      `    worked off in ${queuedSeconds.toFixed(1)} s (${broadcast.sentCount} sent, ${broadcast.skippedCount} skipped, ${broadcast.failedCount} failed); ${delivered} messages at the gateway after ${deliveredSeconds.toFixed(1)} s`,
    );
    return { kind, requestMs, queuedSeconds, deliveredSeconds, delivered, expected, broadcast };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    removeDir(pickup);
    await database?.drop();
  }
}

export async function run({
  clinicians = 5000,
  log = console.log,
  kinds: wanted = ['postgres', 'pglite'],
  build = true,
} = {}) {
  if (build) buildIfStale();
  log(`\n(s) Broadcast to ${clinicians.toLocaleString('en-US')} clinicians`);
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  const results = [];
  for (const kind of kinds) {
    log(`  ${kind}`);
    results.push(await benchOne(kind, { clinicians, log }));
  }
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const table = [
    ['database', 'request', 'queue worked off', 'all at the gateway', 'messages', 'verdict'],
    ...results.map((r) => [
      label[r.kind],
      ms(r.requestMs),
      `${r.queuedSeconds.toFixed(1)} s`,
      `${r.deliveredSeconds.toFixed(1)} s`,
      `${r.delivered} of ${r.expected}`,
      `request ${r.requestMs < REQUEST_BUDGET_MS ? 'PASS' : 'OVER'} (< ${REQUEST_BUDGET_MS} ms), sent ${
        r.deliveredSeconds < SEND_BUDGET_S && r.delivered >= r.expected ? 'PASS' : 'OVER'
      } (< ${SEND_BUDGET_S} s)`,
    ]),
  ];
  log(textTable(table));
  return {
    title: '(s) Broadcast',
    markdown: [
      `The demo database plus ${clinicians.toLocaleString('en-US')} clinicians taking email and SMS; the care coordinator broadcasts an open visit to all of them by id. The request timed once; then the broadcast read every 250 ms until Done (its queue worked off by the BroadcastDispatcher), and the stand-in gateway (MESSAGE_PICKUP_DIR, one file a message as the OutboxDispatcher delivers it) counted until every email and SMS queued is there. Timed from the start of the request.`,
      '',
      markdownTable(table),
    ].join('\n'),
    figures: results.flatMap((r) => [
      figure('broadcast', `${r.kind} request`, r.requestMs, 'ms', REQUEST_BUDGET_MS),
      figure('broadcast', `${r.kind} all sent`, r.deliveredSeconds, 's', SEND_BUDGET_S),
    ]),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: { clinicians: { type: 'string', default: '5000' }, kinds: { type: 'string' } },
  });
  const startedAt = new Date();
  const clinicians = Number(values.clinicians);
  const section = await run({ clinicians, kinds: values.kinds ? values.kinds.split(',') : undefined });
  if (clinicians >= 5000)
    await writeResultsSection({
      script: 'broadcast.mjs',
      heading: /^## \(s\) Broadcast/m,
      section,
      startedAt,
      conditions: `load average ${os.loadavg()[0].toFixed(2)} at the end`,
    });
}
