// (p) The header's global search (issue 27: "Global search over 20,000 patients, 50,000 clinicians and 1M visits:
// p95 < 100 ms at 4 connections") on the scheduling data set (bench/scheduling-data.mjs; scale 1 is those sizes),
// PostgreSQL and PGlite: `GET /api/admin/search?q=` as the administrator (every group) and as an organization
// user (their organization only), for a patient's last name, a phone number, a birthday, a clinician's family name
// and a two-letter prefix (the widest), each 20 times in turn then autocannon at 4 connections.
//
//   node bench/search.mjs --data-cache /tmp/carelane-scheduling-data [--kinds postgres] [--scale 0.01]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { measureGet, withSchedulingServer } from './reports.mjs';
import { sizesAt } from './scheduling-data.mjs';
import { get } from './scheduling.mjs';
import {
  buildIfStale,
  figure,
  isMain,
  login,
  markdownTable,
  ms,
  postgresVersion,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const BUDGET_MS = 100;
const CONNECTIONS = 4;
const PASSWORD = 'Carelane-demo-1';
const ADMIN = { emailId: 'admin@carelane.local', password: PASSWORD };
const ORG_USER = { emailId: 'orguser@carelane.local', password: PASSWORD };

/** Real values of the data set to search for: a patient's and a clinician's, read through the API. */
async function searchTerms(server, token) {
  const patients = await get(server, '/api/admin/patients?pageSize=1&pageNumber=7', token);
  const patient = patients.body.rows[0];
  const clinicians = await get(
    server,
    '/api/admin/providers?pageSize=1&pageNumber=11&providerStatusId=0',
    token,
  );
  const clinician = clinicians.body.providers[0];
  const [year, month, day] = String(patient.birthday ?? '1950-01-01').split('-');
  return [
    ['a patient’s last name', patient.lastName],
    ['a phone number (10 digits)', String(patient.phoneNumber1 ?? '5125550100').replace(/\D/g, '')],
    ['a birthday (M/D/YYYY)', `${Number(month)}/${Number(day)}/${year}`],
    ['a clinician’s family name', clinician.familyName],
    ['two letters (the widest)', 'ma'],
  ];
}

async function benchOne(kind, { scale, seconds, log, dataCache }) {
  return withSchedulingServer(kind, { scale, log, dataCache }, async (server) => {
    const tokens = {
      administrator: await login(server, ADMIN),
      'organization user': await login(server, ORG_USER),
    };
    const terms = await searchTerms(server, tokens.administrator);
    const rows = [];
    for (const [who, token] of Object.entries(tokens))
      for (const [label, q] of terms) {
        const result = await measureGet(server, token, `/api/admin/search?q=${encodeURIComponent(q)}`, {
          seconds,
          connections: CONNECTIONS,
        });
        if (result.status !== 200)
          throw new Error(`search for ${label} answered ${result.status}: ${result.error}`);
        const hits = Object.values(result.first.body.groups).reduce((n, group) => n + group.length, 0);
        log(`    ${who}, ${label}: ${hits} hits, c=${CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}`);
        rows.push({ who, label, hits, ...result });
      }
    return { kind, rows };
  });
}

export async function run({
  scale = 1,
  seconds,
  log = console.log,
  dataCache = process.env.SCHEDULING_DATA_CACHE,
  kinds: wanted = ['postgres', 'pglite'],
  build = true,
} = {}) {
  seconds ??= scale >= 0.5 ? 10 : 2;
  if (build) buildIfStale();
  const sizes = sizesAt(scale);
  log(
    `\n(p) Global search: ${sizes.patients.toLocaleString('en-US')} patients, ${sizes.clinicians.toLocaleString('en-US')} clinicians, ${sizes.visits.toLocaleString('en-US')} visits`,
  );
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, { scale, seconds, log, dataCache }));
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const table = [
    [
      'database',
      'who',
      'search for',
      'hits',
      'c=1 p50 / p95',
      `c=${CONNECTIONS} p95`,
      'req/s',
      'load avg',
      'verdict',
    ],
    ...results.flatMap((r) =>
      r.rows.map((x) => [
        label[r.kind],
        x.who,
        x.label,
        String(x.hits),
        `${ms(x.single.p50)} / ${ms(x.single.p95)}`,
        ms(x.loaded.latency.p95),
        x.loaded.requestsPerSecond.toFixed(0),
        x.load.toFixed(2),
        `${x.loaded.latency.p95 < BUDGET_MS ? 'PASS' : 'OVER'} (< ${BUDGET_MS} ms)`,
      ]),
    ),
  ];
  log(textTable(table));
  return {
    title: '(p) Global search',
    markdown: [
      `The scheduling data set at scale ${scale} (bench/scheduling-data.mjs: ${sizes.patients.toLocaleString('en-US')} patients, ${sizes.clinicians.toLocaleString('en-US')} clinicians, ${sizes.visits.toLocaleString('en-US')} visits). \`GET /api/admin/search?q=\` (limit 5 a group) as the administrator (all five groups) and an organization user (their organization's patients, requests and invoices), for values read from the data set; each 20 times in turn, then autocannon at ${CONNECTIONS} connections for ${seconds} s. Load comes from the same machine.`,
      '',
      markdownTable(table),
    ].join('\n'),
    figures: results.flatMap((r) =>
      r.rows.map((x) =>
        figure(
          'search',
          `${r.kind} ${x.who}, ${x.label} c=${CONNECTIONS} p95`,
          x.loaded.latency.p95,
          'ms',
          BUDGET_MS,
        ),
      ),
    ),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seconds: { type: 'string' },
      'data-cache': { type: 'string' },
      kinds: { type: 'string' },
    },
  });
  const startedAt = new Date();
  const section = await run({
    scale: Number(values.scale),
    seconds: values.seconds ? Number(values.seconds) : undefined,
    dataCache: values['data-cache'] ?? process.env.SCHEDULING_DATA_CACHE,
    kinds: values.kinds ? values.kinds.split(',') : undefined,
  });
  if (Number(values.scale) === 1)
    await writeResultsSection({
      script: 'search.mjs',
      heading: /^## \(p\) Global search/m,
      section,
      startedAt,
      conditions: `load average ${os.loadavg()[0].toFixed(2)} at the end`,
    });
}
