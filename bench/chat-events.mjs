// (r) A chat message reaching open event streams (issue 27: "A message reaches 500 open event streams: p95 < 200 ms
// from post to arrival; across two API instances on one PostgreSQL, p95 < 300 ms"). On the demo database: 500
// streams (`GET /api/events`) of care-team members of one conversation — the care coordinator's sessions — held
// by this process; the organization user posts MESSAGES messages one after another and each stream's arrival of
// each message is timed from the start of its POST. PGlite and PostgreSQL with one instance, then two instances on
// one PostgreSQL database with the streams split between them and the posts sent to the first.
//
//   node bench/chat-events.mjs [--streams 500] [--messages 20] [--kinds postgres]
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  buildIfStale,
  createDatabase,
  figure,
  isMain,
  latencySummary,
  login,
  markdownTable,
  ms,
  postgresVersion,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const ONE_BUDGET_MS = 200;
const TWO_BUDGET_MS = 300;
const PASSWORD = 'Carelane-demo-1';
const COORDINATOR = { emailId: 'coordinator@carelane.local', password: PASSWORD };
const ORG_USER = { emailId: 'orguser@carelane.local', password: PASSWORD };

/** An event stream held open; `onMessage(id)` for each chat message event it receives. */
function openStream(server, token, onMessage) {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: false });
    const request = http.get(
      new URL('/api/events', server.url),
      { headers: { authorization: `Bearer ${token}` }, agent },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`/api/events answered ${response.statusCode}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!data) continue;
            const event = JSON.parse(data);
            if (event.entity === 'chatMessage') onMessage(Number(event.id));
          }
        });
        resolve({ close: () => request.destroy() });
      },
    );
    request.on('error', (error) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

/** A care-team conversation of a service request of the organization user's organization, on the coordinator's team. */
async function sharedTopic(server, coordinator, orgUser) {
  const episodes = await fetch(`${server.url}/api/admin/episodes?pageSize=50`, {
    headers: { authorization: `Bearer ${orgUser}` },
  }).then((r) => r.json());
  for (const episode of episodes.rows) {
    const opened = await fetch(`${server.url}/api/chat/topics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${coordinator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'careTeam', episodeId: episode.id }),
    });
    if (opened.ok) return (await opened.json()).topic.id;
  }
  throw new Error('no conversation shared by the coordinator and the organization user');
}

/** Holds `streams` streams spread over `servers`, posts `messages` messages to the first; arrival latencies. */
async function measure(servers, { streams, messages, log }) {
  const coordinators = await Promise.all(servers.map((server) => login(server, COORDINATOR)));
  const orgUser = await login(servers[0], ORG_USER);
  const topicId = await sharedTopic(servers[0], coordinators[0], orgUser);
  // Arrival times by message id: an event may come before the POST's answer names the id.
  const arrivedAt = new Map();
  const arrivals = [];
  const open = [];
  for (let i = 0; i < streams; i++) {
    const at = i % servers.length;
    open.push(
      await openStream(servers[at], coordinators[at], (id) => {
        if (!arrivedAt.has(id)) arrivedAt.set(id, []);
        arrivedAt.get(id).push(performance.now());
      }),
    );
  }
  log(`    ${streams} streams open on ${servers.length} instance(s)`);
  let lost = 0;
  try {
    for (let n = 0; n < messages; n++) {
      const startedAt = performance.now();
      const response = await fetch(`${servers[0].url}/api/chat/topics/${topicId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${orgUser}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Bench fan-out ${n}`, idempotencyKey: `fanout-${Date.now()}-${n}` }),
      });
      if (response.status !== 201) throw new Error(`post answered ${response.status}`);
      const { message } = await response.json();
      const deadline = performance.now() + 10_000;
      const got = () => arrivedAt.get(message.id)?.length ?? 0;
      while (got() < streams && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      for (const at of arrivedAt.get(message.id) ?? []) arrivals.push(at - startedAt);
      lost += streams - got();
      arrivedAt.delete(message.id);
    }
  } finally {
    for (const stream of open) stream.close();
  }
  return { ...latencySummary(arrivals), arrivals: arrivals.length, lost };
}

async function withServers(kind, count, use) {
  const database = kind === 'postgres' ? await createDatabase() : undefined;
  const target = database ? { databaseUrl: database.url } : { dataDir: tempDataDir('chat-events') };
  const servers = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await startHealthy(target));
    return await use(servers);
  } finally {
    for (const server of servers) await server.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

export async function run({
  streams = 500,
  messages = 20,
  log = console.log,
  kinds: wanted = ['postgres', 'pglite'],
  build = true,
} = {}) {
  if (build) buildIfStale();
  log(`\n(r) Chat events: ${streams} open streams, ${messages} messages`);
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const rows = [];
  const plans = kinds.flatMap((kind) => [
    [kind, 1, ONE_BUDGET_MS],
    ...(kind === 'postgres' ? [[kind, 2, TWO_BUDGET_MS]] : []),
  ]);
  for (const [kind, instances, budget] of plans) {
    log(`  ${label[kind]}, ${instances} instance(s)`);
    const result = await withServers(kind, instances, (servers) =>
      measure(servers, { streams, messages, log }),
    );
    log(`    p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, max ${ms(result.max)}, lost ${result.lost}`);
    rows.push({ kind, instances, budget, ...result });
  }
  const table = [
    ['database', 'instances', 'arrivals', 'lost', 'p50', 'p95', 'max', 'verdict'],
    ...rows.map((r) => [
      label[r.kind],
      String(r.instances),
      String(r.arrivals),
      String(r.lost),
      ms(r.p50),
      ms(r.p95),
      ms(r.max),
      `${r.p95 < r.budget && r.lost === 0 ? 'PASS' : 'OVER'} (< ${r.budget} ms)`,
    ]),
  ];
  log(textTable(table));
  return {
    title: '(r) Chat events',
    markdown: [
      `The demo database; ${streams} event streams (\`GET /api/events\`) of the care coordinator held by the bench process (split between the instances when two run on one PostgreSQL database), the organization user posting ${messages} messages one after another in a care-team conversation they share (to the first instance); each stream's arrival of each message timed from the start of its POST. Server and streams on the same machine.`,
      '',
      markdownTable(table),
    ].join('\n'),
    figures: rows.map((r) =>
      figure('chat-events', `${r.kind} ${r.instances} instance(s) p95`, r.p95, 'ms', r.budget),
    ),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '500' },
      messages: { type: 'string', default: '20' },
      kinds: { type: 'string' },
    },
  });
  const startedAt = new Date();
  const streams = Number(values.streams);
  const section = await run({
    streams,
    messages: Number(values.messages),
    kinds: values.kinds ? values.kinds.split(',') : undefined,
  });
  if (streams >= 500)
    await writeResultsSection({
      script: 'chat-events.mjs',
      heading: /^## \(r\) Chat events/m,
      section,
      startedAt,
      conditions: `load average ${os.loadavg()[0].toFixed(2)} at the end`,
    });
}
