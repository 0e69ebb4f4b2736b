// (q) Chat at size (issue 27: "A topic's history page with 1M messages in the database: p95 < 50 ms at 20
// connections; unread counts for a user in 500 topics < 20 ms"), PostgreSQL and PGlite. On the demo database:
// 500 care-team conversations the care coordinator is on (500 service requests of the demo organization) and
// 1,000,000 messages, a fifth in one conversation, the rest spread; then, through the API, the newest page of the
// busy conversation, a page deep in its history (`before`), and the coordinator's unread counts (every topic).
//
//   node bench/chat.mjs [--kinds postgres] [--messages 1000000] [--topics 500]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { measureGet } from './reports.mjs';
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
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const PAGE_BUDGET_MS = 50;
const COUNTS_BUDGET_MS = 20;
const CONNECTIONS = 20;
const COORDINATOR = { emailId: 'coordinator@carelane.local', password: 'Carelane-demo-1' };

/** 500 care-team topics of the coordinator and `messages` messages, a fifth in the first topic. */
export async function generate(db, { topics, messages, log }) {
  const started = performance.now();
  const [{ coordinator, organization, author }] = await db.query(
    `select c.id as coordinator, o.referral_source_id as organization, o.id as author
     from users c, users o where c.email_id = 'coordinator@carelane.local' and o.email_id = 'orguser@carelane.local'`,
  );
  await db.query(
    `insert into episodes (referral_source_id, title, status, start_date, provider_type_ids, care_coordinator_id)
     select $1, 'Bench conversation ' || g, 'Active', current_date, array[(select min(id) from provider_types)], $2
     from generate_series(1, $3) g`,
    [organization, coordinator, topics],
  );
  await db.query(
    `insert into chat_topics (kind, episode_id, referral_source_id, created_by)
     select 'careTeam', e.id, e.referral_source_id, $1 from episodes e where e.title like 'Bench conversation %'`,
    [coordinator],
  );
  const ids = (
    await db.query(
      `select t.id from chat_topics t join episodes e on e.id = t.episode_id
       where e.title like 'Bench conversation %' order by t.id`,
    )
  ).map((row) => row.id);
  const busy = ids[0];
  const inBusy = Math.floor(messages / 5);
  const batch = 100_000;
  for (let done = 0; done < messages; done += batch) {
    const n = Math.min(batch, messages - done);
    // Message k goes to the busy topic while k < inBusy, else round the others; authors alternate.
    await db.query(
      `insert into chat_messages (topic_id, author_id, body, idempotency_key, created_at)
       select case when k < $3 then $4::int else ($5::int[])[1 + (k % (array_length($5::int[], 1)))] end,
              case when k % 2 = 0 then $6::int else $7::int end,
              'Bench message ' || k || ': the visit is confirmed for tomorrow morning.',
              'bench-' || k, now() - (($8 - k) || ' seconds')::interval
       from generate_series($1::int, $1::int + $2::int - 1) k`,
      [done, n, inBusy, busy, ids.slice(1), coordinator, author, messages],
    );
    log(`    ${(done + n).toLocaleString('en-US')} messages`);
  }
  await db.query(
    `update chat_topics t set last_message_id = m.id, last_message_at = m.created_at
     from (select distinct on (topic_id) topic_id, id, created_at from chat_messages order by topic_id, id desc) m
     where m.topic_id = t.id`,
  );
  // As autovacuum would have by now: the visibility map lets the unread counts read the index alone.
  await db.query('vacuum analyze');
  const [{ middle }] = await db.query(
    `select id as middle from chat_messages where topic_id = $1 order by id limit 1 offset $2`,
    [busy, Math.floor(inBusy / 2)],
  );
  return { busy, middle, seconds: (performance.now() - started) / 1000 };
}

async function benchOne(kind, { topics, messages, seconds, log }) {
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  const target = database ? { databaseUrl: database.url } : { dataDir: tempDataDir('chat') };
  let server;
  try {
    server = await startHealthy(target);
    await server.stop();
    server = null;
    const direct = await openDirect(target);
    let generated;
    try {
      log(`  ${kind}: generating ${topics} conversations and ${messages.toLocaleString('en-US')} messages`);
      generated = await generate(direct, { topics, messages, log });
    } finally {
      await direct.close();
    }
    server = await startHealthy(target);
    const token = await login(server, COORDINATOR);
    const rows = [];
    for (const [label, path, connections, budget] of [
      [
        'busy conversation, newest page',
        `/api/chat/topics/${generated.busy}/messages`,
        CONNECTIONS,
        PAGE_BUDGET_MS,
      ],
      [
        'busy conversation, a page in the middle',
        `/api/chat/topics/${generated.busy}/messages?before=${generated.middle}`,
        CONNECTIONS,
        PAGE_BUDGET_MS,
      ],
      [`unread counts over ${topics} conversations`, '/api/chat/counts', 1, COUNTS_BUDGET_MS],
      ['the conversation list, first page', '/api/chat/topics?pageSize=20', 1, COUNTS_BUDGET_MS * 5],
    ]) {
      const result = await measureGet(server, token, path, { seconds, connections });
      if (result.status !== 200) throw new Error(`${path} answered ${result.status}: ${result.error}`);
      const p95 = connections === 1 ? result.single.p95 : result.loaded.latency.p95;
      log(
        `    ${label}: c=1 p95 ${ms(result.single.p95)}, c=${connections} p95 ${ms(result.loaded.latency.p95)}`,
      );
      rows.push({ label, connections, budget, p95, ...result });
    }
    return { kind, generation: generated.seconds, rows };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

export async function run({
  topics = 500,
  messages = 1_000_000,
  seconds = 10,
  log = console.log,
  kinds: wanted = ['postgres', 'pglite'],
  build = true,
} = {}) {
  if (build) buildIfStale();
  log(`\n(q) Chat: ${topics} conversations, ${messages.toLocaleString('en-US')} messages`);
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, { topics, messages, seconds, log }));
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const table = [
    ['database', 'read', 'c=1 p50 / p95', 'measured p95', 'req/s', 'load avg', 'verdict'],
    ...results.flatMap((r) =>
      r.rows.map((x) => [
        label[r.kind],
        x.label,
        `${ms(x.single.p50)} / ${ms(x.single.p95)}`,
        `${ms(x.p95)} (c=${x.connections})`,
        x.loaded.requestsPerSecond.toFixed(0),
        x.load.toFixed(2),
        `${x.p95 < x.budget ? 'PASS' : 'OVER'} (< ${x.budget} ms)`,
      ]),
    ),
  ];
  log(textTable(table));
  return {
    title: '(q) Chat at size',
    markdown: [
      `The demo database plus ${topics} care-team conversations of the care coordinator and ${messages.toLocaleString('en-US')} messages (a fifth in one conversation), generated in ${results.map((r) => `${Math.round(r.generation)} s on ${label[r.kind]}`).join(', ')}. As the coordinator: \`GET /api/chat/topics/:id/messages\` (20 newest first; \`before=\` a message in the middle of the busy one) at ${CONNECTIONS} connections, \`GET /api/chat/counts\` (unread in every conversation) and the conversation list one at a time; each 20 times in turn, then autocannon for ${seconds} s. Load comes from the same machine.`,
      '',
      markdownTable(table),
    ].join('\n'),
    figures: results.flatMap((r) =>
      r.rows.map((x) => figure('chat', `${r.kind} ${x.label} c=${x.connections} p95`, x.p95, 'ms', x.budget)),
    ),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '1000000' },
      topics: { type: 'string', default: '500' },
      seconds: { type: 'string' },
      kinds: { type: 'string' },
    },
  });
  const startedAt = new Date();
  const messages = Number(values.messages);
  const section = await run({
    messages,
    topics: Number(values.topics),
    seconds: values.seconds ? Number(values.seconds) : undefined,
    kinds: values.kinds ? values.kinds.split(',') : undefined,
  });
  if (messages >= 1_000_000)
    await writeResultsSection({
      script: 'chat.mjs',
      heading: /^## \(q\) Chat at size/m,
      section,
      startedAt,
      conditions: `load average ${os.loadavg()[0].toFixed(2)} at the end`,
    });
}
