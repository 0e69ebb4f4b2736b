// (m) Billing and pay (issue 13) on the scheduling data set (bench/scheduling-data.mjs: at scale 1, 1,000,000
// visits), PGlite and PostgreSQL, with two years of invoices added:
//  1. unbilled visits, `GET /api/operation/unbilledVisits` (first page, default filters: the last 30 days of
//     service, every organization), as the administrator and the back office: 20 sequential requests, then
//     autocannon at 4 and 20 connections;
//  2. AR health, `GET /api/operation/reports/arHealth` (every organization, as of today) over the two years of
//     invoices and their payments: 20 sequential requests, then autocannon at 4 connections;
//  3. creating the invoices of one week for every organization, `POST /api/admin/createInvoice` (one
//     transaction per invoice, each priced by the rate engine and its PDF made and stored): two weeks in turn,
//     each timed from request to answer;
//  4. a NACHA file of 10,000 payments (10,000 approved visits of 10,000 clinicians with bank accounts),
//     `POST /api/operation/nachaFiles`, timed from request to answer (priced, built, validated, stored, the pay
//     marked exported, in one transaction), the file then validated again here; and the file builder and
//     validator alone (shared-domain) on 10,000 entries, in this process.
//
// The history is inserted with set-based SQL: every approved visit older than the unbilled list's 30 days is put
// on a weekly invoice of its organization (its amount a generated price, not the rate engine's: this is data
// for the reports, the engine is measured by the invoice run); the data set's visits begin a year ago, so the
// year before holds the same weeks' invoices a year earlier, with their totals and without lines (AR health
// reads invoices, payments and credits, never lines). Invoices due more than 45 days ago are 90 % paid, 7 % half
// paid, 3 % unpaid; later ones 30 % paid, 20 % half paid.
//
//   node bench/billing.mjs                                 full size, PGlite and PostgreSQL (when it answers)
//   node bench/billing.mjs --scale 0.01                    a quick smoke run (2 s of load per figure)
//   node bench/billing.mjs --data-cache /tmp/carelane-scheduling-data   reuse scheduling.mjs's kept data set
import os from 'node:os';
import { parseArgs } from 'node:util';
import { generateSchedulingData, sizesAt } from './scheduling-data.mjs';
import { get, keepCached, restoreCached } from './scheduling.mjs';
import {
  ADMIN,
  buildIfStale,
  cannon,
  createDatabase,
  figure,
  isMain,
  latencySummary,
  loadApiBundle,
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

const BUDGET = { unbilled: 50, week: 10_000, arHealth: 300, nacha: 2_000 };
const BACK_OFFICE = { emailId: 'backoffice@carelane.local', password: ADMIN.password };
const BANK_KEY = 'carelane-bench-bank-account-key';
/** Valid routing numbers (check digits) of real banks, as the demo uses. */
const ROUTING = ['021000021', '011000015', '122105278', '026009593'];
const NACHA_PAYMENTS = 10_000;
const UNBILLED_PATH = '/api/operation/unbilledVisits';
const AR_PATH = '/api/operation/reports/arHealth';
/** The unbilled list's default window, left unbilled by the history. */
const UNBILLED_DAYS = 30;
/** The weeks the invoice run bills, as days back from today: [first, last]. */
const WEEKS = [
  [13, 7],
  [20, 14],
];
const LIST_CONNECTIONS = [4, 20];
const AR_CONNECTIONS = 4;
const SEQUENTIAL = 20;
/** Organizations added for AR health at scale, each with two years of weekly invoices. */
const STRESS_ORGANIZATIONS = 500;

async function loadApi() {
  return loadApiBundle(
    'billing',
    `
export { encryptBlob } from '../src/lib/blob-cipher';
export { NACHA_ORIGINATOR } from '../src/modules/billing/provider-payments/originator';
export { BILLABLE_VISIT_STATUSES, INVOICE_TERMS_DAYS, buildNachaFile, validateNachaFile } from '@carelane/shared-domain';
`,
  );
}

const isoDaysAgo = (days) => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Statements run one after the other, each timed and logged: `steps` lists them for the results. */
function timedSteps(direct, log) {
  const steps = [];
  const step = async (label, text, params = []) => {
    const t = performance.now();
    await direct.query(text, params);
    steps.push({ label, ms: performance.now() - t });
    log(`    ${label}: ${ms(performance.now() - t, 0)}`);
  };
  return { steps, step };
}

const adminIdOf = async (direct) =>
  (await direct.query(`select id from users where email_id = $1`, [ADMIN.emailId]))[0].id;

/** Two years of weekly invoices, their lines (the first year) and payments, in set-based SQL. */
async function addBillingHistory(direct, api, log) {
  const statuses = [...api.BILLABLE_VISIT_STATUSES];
  const cutoff = isoDaysAgo(UNBILLED_DAYS);
  const today = isoDaysAgo(0);
  const adminId = await adminIdOf(direct);
  const price = `(9000 + (v.id % 7) * 1500)`;
  const tax = `(case when v.id % 4 = 0 then ${price} * 825 / 10000 else 0 end)`;
  const { steps, step } = timedSteps(direct, log);
  await direct.query(`set session_replication_role = replica`);
  // Numbers below zero while the history goes in; all are numbered in issue order at the end.
  await step(
    'weekly invoices of the approved visits',
    `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
                           subtotal_cents, service_tax_cents, total_cents, created_by, created_at)
     select -(row_number() over (order by week, rs))::int - 10000000, rs, week, week + 6, week + 9,
            week + 9 + $4::int, sum(p), sum(t), sum(p) + sum(t), $3, (week + 9)::timestamptz
       from (select v.referral_source_id as rs, date_trunc('week', v.date_of_service)::date as week,
                    ${price} as p, ${tax} as t
               from visits v
              where v.status = any($1) and v.date_of_service < date_trunc('week', $2::date)::date
                and not exists (select 1 from invoice_lines l where l.visit_id = v.id)) x
      group by rs, week`,
    [statuses, cutoff, adminId, api.INVOICE_TERMS_DAYS],
  );
  await step(
    'their lines',
    `insert into invoice_lines (invoice_id, visit_id, date_of_service, patient_name, clinician_name, visit_type,
                                units_text, late_cancellation, rate_cents, amount_cents, service_tax_cents, breakdown)
     select i.id, v.id, v.date_of_service, 'Patient ' || v.patient_id, 'Clinician ' || coalesce(v.provider_id, 0),
            'Visit type ' || v.visit_type_id, '1 visit', v.late_cancellation, ${price}, ${price}, ${tax},
            array['bench: generated price']
       from visits v
       join invoices i on i.referral_source_id = v.referral_source_id and i.number < 0
                      and i.period_start = date_trunc('week', v.date_of_service)::date
      where v.status = any($1) and v.date_of_service < date_trunc('week', $2::date)::date
        and not exists (select 1 from invoice_lines l where l.visit_id = v.id)`,
    [statuses, cutoff],
  );
  await step(
    'the year before: the same weeks 52 weeks earlier, totals only',
    `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
                           subtotal_cents, service_tax_cents, total_cents, created_by, created_at)
     select number - 10000000, referral_source_id, period_start - 364, period_end - 364, issued_on - 364,
            due_on - 364, subtotal_cents, service_tax_cents, total_cents, created_by, created_at - interval '364 days'
       from invoices where number < 0`,
  );
  await step('numbered in issue order', `update invoices set number = -id - 100000000`);
  await step(
    'numbered in issue order (2)',
    `update invoices set number = r.n
       from (select id, row_number() over (order by issued_on, id)::int as n from invoices) r
      where r.id = invoices.id`,
  );
  await direct.query(
    `update billing_counters set last_value = (select max(number) from invoices) where name = 'invoice'`,
  );
  await payInvoices(direct, step, { today, adminId });
  await direct.query(`set session_replication_role = origin`);
  await step('analyze', `analyze invoices, invoice_lines, payments, payment_allocations`);
  const [counts] = await direct.query(
    `select (select count(*)::int from invoices) as invoices,
            (select count(*)::int from invoice_lines) as lines,
            (select count(*)::int from payments) as payments,
            (select count(*)::int from payment_allocations) as allocations,
            (select count(distinct referral_source_id)::int from invoices) as organizations,
            (select min(issued_on)::text from invoices) as first_issued,
            (select max(issued_on)::text from invoices) as last_issued,
            (select count(*)::int from visits v where v.status = any($1) and v.date_of_service >= $2::date
                and not exists (select 1 from invoice_lines l where l.visit_id = v.id)) as unbilled_recent`,
    [statuses, cutoff],
  );
  return { steps, counts };
}

/**
 * Payments of the invoices that have none yet, issued by today: one payment and one allocation each. Due more
 * than 45 days ago: 90 % paid, 7 % half paid, 3 % unpaid; later: 30 % paid, 20 % half paid.
 */
async function payInvoices(direct, step, { today, adminId }) {
  const share = `((i.id * 7919) % 100)`;
  await step(
    'payments (one per paid invoice)',
    `insert into payments (referral_source_id, method, reference, amount_cents, received_on, created_by, created_at)
     select referral_source_id, 'ACH', 'BENCH-' || id, cents, received, $2, received::timestamptz
       from (select i.id, i.referral_source_id, least(i.due_on - (i.id % 20), $1::date) as received,
                    case when i.due_on < $1::date - 45
                         then case when ${share} < 90 then i.total_cents when ${share} < 97 then i.total_cents / 2 else 0 end
                         else case when ${share} < 30 then i.total_cents when ${share} < 50 then i.total_cents / 2 else 0 end
                    end as cents
               from invoices i
              where i.issued_on <= $1::date
                and not exists (select 1 from payment_allocations a where a.invoice_id = i.id)) x
      where cents > 0`,
    [today, adminId],
  );
  await step(
    'their allocations',
    `insert into payment_allocations (payment_id, invoice_id, amount_cents, applied_by, created_at)
     select p.id, substring(p.reference from 7)::int, p.amount_cents, p.created_by, p.created_at
       from payments p
      where p.reference like 'BENCH-%' and not exists (select 1 from payment_allocations a where a.payment_id = p.id)`,
  );
}

/**
 * AR health at a larger scale than the data set's four organizations: `count` more organizations, each with two
 * years of weekly invoices (totals only) and their payments.
 */
async function addOrganizationsWithHistory(direct, api, count, log) {
  const today = isoDaysAgo(0);
  const adminId = await adminIdOf(direct);
  const { steps, step } = timedSteps(direct, log);
  await direct.query(`set session_replication_role = replica`);
  await step(
    `${count} organizations`,
    `insert into referral_sources (name) select 'Bench organization ' || lpad(g::text, 4, '0') from generate_series(1, $1::int) g`,
    [count],
  );
  await step(
    'two years of weekly invoices each',
    `insert into invoices (number, referral_source_id, period_start, period_end, issued_on, due_on,
                           subtotal_cents, service_tax_cents, total_cents, created_by, created_at)
     select (select max(number) from invoices) + (row_number() over (order by x.week, rs.id))::int, rs.id,
            x.week, x.week + 6, x.week + 9, x.week + 9 + $3::int, x.cents, 0, x.cents, $2, (x.week + 9)::timestamptz
       from referral_sources rs
       cross join generate_series(1, 104) k
       cross join lateral (select date_trunc('week', $1::date)::date - 7 * k as week,
                                  50000 + (rs.id * 7919 + k * 104729) % 900000 as cents) x
      where rs.name like 'Bench organization %' and x.week + 9 <= $1::date`,
    [today, adminId, api.INVOICE_TERMS_DAYS],
  );
  await payInvoices(direct, step, { today, adminId });
  await direct.query(
    `update billing_counters set last_value = (select max(number) from invoices) where name = 'invoice'`,
  );
  await direct.query(`set session_replication_role = origin`);
  await step('analyze', `analyze referral_sources, invoices, payments, payment_allocations`);
  const [counts] = await direct.query(
    `select (select count(*)::int from invoices) as invoices,
            (select count(distinct referral_source_id)::int from invoices) as organizations,
            (select count(*)::int from payment_allocations) as allocations`,
  );
  return { steps, counts };
}

/** 10,000 approved visits of 10,000 clinicians not paid yet, each clinician given a bank account. */
async function preparePayees(direct, api) {
  const statuses = [...api.BILLABLE_VISIT_STATUSES];
  const adminId = await adminIdOf(direct);
  const rows = await direct.query(
    `select distinct on (v.provider_id) v.id, v.provider_id
       from visits v
      where v.status = any($1) and v.provider_id is not null
        and not exists (select 1 from provider_pay p where p.visit_id = v.id)
      order by v.provider_id, v.date_of_service desc, v.id
      limit $2`,
    [statuses, NACHA_PAYMENTS],
  );
  const chunk = 1000;
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    const params = [];
    const values = part.map((row, i) => {
      const account = String(40_000_000 + row.provider_id * 7919);
      params.push(
        row.provider_id,
        ROUTING[row.provider_id % ROUTING.length],
        row.provider_id % 3 === 2 ? 'savings' : 'checking',
        api.encryptBlob(BANK_KEY, account),
        account.slice(-4),
        adminId,
      );
      const b = i * 6;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`;
    });
    await direct.query(
      `insert into provider_bank_accounts (provider_id, routing_number, account_type, account_sealed, account_last4, updated_by)
       values ${values.join(', ')}
       on conflict (provider_id) do update set routing_number = excluded.routing_number,
         account_type = excluded.account_type, account_sealed = excluded.account_sealed,
         account_last4 = excluded.account_last4`,
      params,
    );
  }
  return rows.map((row) => row.id);
}

async function post(server, path, token, body) {
  const t = performance.now();
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const took = performance.now() - t;
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, ms: took };
}

/** The first answer, SEQUENTIAL requests one after the other, then autocannon at each of `connections`. */
async function measureGet(server, token, path, { seconds, connections }) {
  const load = os.loadavg()[0];
  const first = await get(server, path, token);
  if (first.status !== 200)
    throw new Error(`GET ${path} answered ${first.status}: ${JSON.stringify(first.body)}`);
  const times = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const res = await get(server, path, token);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    times.push(res.ms);
  }
  const loaded = [];
  for (const c of connections) {
    const options = {
      url: server.url + path,
      headers: { authorization: `Bearer ${token}` },
      connections: c,
      timeout: 30,
    };
    await cannon({ ...options, duration: 1 });
    loaded.push({ connections: c, ...(await cannon({ ...options, duration: seconds })) });
  }
  return { first, single: latencySummary(times), loaded, load };
}

/** The builder and validator alone on NACHA_PAYMENTS entries, in this process (5 runs after a warm-up). */
function builderInProcess(api) {
  const entries = Array.from({ length: NACHA_PAYMENTS }, (_, i) => ({
    routingNumber: ROUTING[i % ROUTING.length],
    accountNumber: String(40_000_000 + i * 7919),
    accountType: i % 3 === 2 ? 'savings' : 'checking',
    amountCents: 10_000 + (i % 500) * 37,
    individualId: `CL${i + 1}`,
    individualName: `Clinician Number ${i + 1}`,
  }));
  const build = [];
  const validate = [];
  let lines = 0;
  for (let run = 0; run < 6; run++) {
    let t = performance.now();
    const text = api.buildNachaFile({
      originator: api.NACHA_ORIGINATOR,
      createdAt: new Date(),
      effectiveEntryDate: isoDaysAgo(-1),
      fileIdModifier: 'A',
      entries,
    });
    const built = performance.now() - t;
    t = performance.now();
    const check = api.validateNachaFile(text);
    const validated = performance.now() - t;
    if (!check.ok)
      throw new Error(`the built file fails the validator: ${JSON.stringify(check.problems.slice(0, 3))}`);
    lines = text.trimEnd().split('\n').length;
    if (run > 0) {
      build.push(built);
      validate.push(validated);
    }
  }
  return { build: latencySummary(build), validate: latencySummary(validate), lines };
}

async function benchOne(kind, api, { scale, seconds, log, dataCache }) {
  let target;
  let database;
  let server;
  if (kind === 'pglite') target = { dataDir: tempDataDir('billing') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  const env = { BANK_ACCOUNT_KEY: BANK_KEY };
  try {
    let generation;
    const cached = dataCache && (await restoreCached(kind, dataCache, scale, target, database));
    if (cached) {
      log(`  ${kind}: the data set kept in ${dataCache} (scale ${scale})`);
      generation = cached.generation;
    }
    // Migrations (the billing ones included on a kept copy), reference data, the demo seed.
    server = await startHealthy(target, env);
    await server.stop();
    server = null;
    let history;
    let payees;
    const direct = await openDirect(target);
    try {
      if (!cached) {
        log(`  ${kind}: generating the data set (scale ${scale})`);
        generation = await generateSchedulingData(direct, { scale, log });
      }
      if (dataCache && !cached) {
        await direct.close();
        await keepCached(kind, dataCache, scale, target, database, generation);
        Object.assign(direct, await openDirect(target));
      }
      log(`  ${kind}: two years of invoices and payments`);
      history = await addBillingHistory(direct, api, log);
      payees = await preparePayees(direct, api);
      // As on a live server, today's daily credential run is done (see RESULTS.md (k)).
      await direct.query(
        `insert into job_runs (name, last_day) values ('credential_expiry', current_date)
         on conflict (name) do update set last_day = excluded.last_day`,
      );
    } finally {
      await direct.close();
    }
    log(
      `  ${kind}: ${history.counts.invoices.toLocaleString('en-US')} invoices, ${history.counts.lines.toLocaleString('en-US')} lines, ${history.counts.payments.toLocaleString('en-US')} payments; ${payees.length.toLocaleString('en-US')} payees`,
    );

    server = await startHealthy(target, env);
    const tokens = { admin: await login(server, ADMIN), backOffice: await login(server, BACK_OFFICE) };
    const lists = [];
    for (const [who, token] of Object.entries(tokens)) {
      const result = await measureGet(server, token, UNBILLED_PATH, {
        seconds,
        connections: LIST_CONNECTIONS,
      });
      lists.push({ who, ...result });
      log(
        `  ${kind} unbilled as ${who}: ${result.first.body.paging.totalCount} visits, first ${ms(result.first.ms)}, c=1 p95 ${ms(result.single.p95)}; ` +
          result.loaded
            .map(
              (l) => `c=${l.connections} p95 ${ms(l.latency.p95)} (${l.requestsPerSecond.toFixed(0)} req/s)`,
            )
            .join(', '),
      );
    }
    const ar = await measureGet(server, tokens.admin, AR_PATH, { seconds, connections: [AR_CONNECTIONS] });
    log(
      `  ${kind} AR health: ${ar.first.body.totals.invoiceCount} open invoices, first ${ms(ar.first.ms)}, c=1 p95 ${ms(ar.single.p95)}, c=${AR_CONNECTIONS} p95 ${ms(ar.loaded[0].latency.p95)}`,
    );

    // Every request reaching the database: the same list with the read cache off (what a miss costs).
    await server.stop();
    server = await startHealthy(target, { ...env, READ_CACHE: '0' });
    const uncached = await measureGet(server, await login(server, ADMIN), UNBILLED_PATH, {
      seconds,
      connections: [AR_CONNECTIONS],
    });
    log(
      `  ${kind} unbilled, read cache off: c=1 p95 ${ms(uncached.single.p95)}, c=${AR_CONNECTIONS} p95 ${ms(uncached.loaded[0].latency.p95)}`,
    );
    await server.stop();
    server = await startHealthy(target, env);
    tokens.admin = await login(server, ADMIN);

    const weeks = [];
    for (const [from, to] of WEEKS) {
      const body = { periodStart: isoDaysAgo(from), periodEnd: isoDaysAgo(to) };
      const load = os.loadavg()[0];
      const res = await post(server, '/api/admin/createInvoice', tokens.admin, body);
      if (res.status !== 200)
        throw new Error(`createInvoice answered ${res.status}: ${JSON.stringify(res.body)}`);
      const invoices = res.body.invoices;
      const lines = invoices.reduce((n, i) => n + i.lineCount, 0);
      weeks.push({ ...body, ms: res.ms, invoices: invoices.length, lines, load, message: res.body.message });
      log(
        `  ${kind} invoices of ${body.periodStart} – ${body.periodEnd}: ${invoices.length} invoices, ${lines} lines in ${ms(res.ms, 0)}`,
      );
    }

    const nachaLoad = os.loadavg()[0];
    const released = await post(server, '/api/operation/nachaFiles', tokens.admin, { visitIds: payees });
    if (released.status !== 200)
      throw new Error(
        `nachaFiles answered ${released.status}: ${JSON.stringify(released.body).slice(0, 500)}`,
      );
    const file = await fetch(`${server.url}/api/operation/nachaFiles/${released.body.file.id}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    const text = await file.text();
    const check = api.validateNachaFile(text);
    const nacha = {
      ms: released.ms,
      load: nachaLoad,
      payments: payees.length,
      entries: released.body.file.entryCount,
      totalCents: released.body.file.totalCreditCents,
      valid: check.ok,
      records: text.trimEnd().split('\n').length,
      bytes: Buffer.byteLength(text),
    };
    log(
      `  ${kind} NACHA file of ${payees.length} payments: ${ms(nacha.ms, 0)}, ${nacha.entries} entries, valid ${nacha.valid}`,
    );
    await server.stop();
    server = null;

    log(`  ${kind}: ${STRESS_ORGANIZATIONS} more organizations with two years of invoices`);
    const direct2 = await openDirect(target);
    let stress;
    try {
      stress = await addOrganizationsWithHistory(direct2, api, STRESS_ORGANIZATIONS, log);
    } finally {
      await direct2.close();
    }
    server = await startHealthy(target, env);
    const arMany = await measureGet(server, await login(server, ADMIN), AR_PATH, {
      seconds,
      connections: [AR_CONNECTIONS],
    });
    log(
      `  ${kind} AR health, ${stress.counts.invoices} invoices of ${stress.counts.organizations} organizations: first ${ms(arMany.first.ms)}, c=1 p95 ${ms(arMany.single.p95)}, c=${AR_CONNECTIONS} p95 ${ms(arMany.loaded[0].latency.p95)}`,
    );
    await server.stop();
    server = null;
    return { kind, generation, history, lists, uncached, ar, arMany, stress, weeks, nacha };
  } finally {
    await server?.kill();
    if (target.dataDir) removeDir(target.dataDir);
    await database?.drop();
  }
}

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
    `\n(m) Billing: ${sizes.visits.toLocaleString('en-US')} visits, two years of invoices; unbilled visits, AR health, a week's invoices, a NACHA file of ${NACHA_PAYMENTS.toLocaleString('en-US')} payments`,
  );
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  if (!version) log('  PostgreSQL does not answer: PGlite only.');
  const inProcess = builderInProcess(api);
  log(
    `  NACHA builder alone, ${NACHA_PAYMENTS} entries: build p50 ${ms(inProcess.build.p50)}, validate p50 ${ms(inProcess.validate.p50)}`,
  );
  const results = [];
  for (const kind of kinds) results.push(await benchOne(kind, api, { scale, seconds, log, dataCache }));

  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const verdict = (value, budget) => (value < budget ? 'PASS' : 'OVER');
  const listRows = [
    [
      'database',
      'as',
      'unbilled visits',
      'first request',
      'c=1 p50 / p95',
      'connections',
      'loaded p50',
      'loaded p95',
      'req/s',
      'load avg',
      `verdict (p95 < ${BUDGET.unbilled} ms)`,
    ],
    ...results.flatMap((r) => [
      ...r.lists.flatMap((l) =>
        l.loaded.map((x) => [
          label[r.kind],
          l.who === 'admin' ? 'administrator' : 'back office',
          Number(l.first.body.paging.totalCount).toLocaleString('en-US'),
          ms(l.first.ms),
          `${ms(l.single.p50)} / ${ms(l.single.p95)}`,
          String(x.connections),
          ms(x.latency.p50),
          ms(x.latency.p95),
          `${x.requestsPerSecond.toFixed(0)}${x.non2xx || x.errors ? ` (${x.non2xx} non-2xx, ${x.errors} errors)` : ''}`,
          l.load.toFixed(2),
          verdict(x.latency.p95, BUDGET.unbilled),
        ]),
      ),
      [
        label[r.kind],
        'administrator, read cache off',
        Number(r.uncached.first.body.paging.totalCount).toLocaleString('en-US'),
        ms(r.uncached.first.ms),
        `${ms(r.uncached.single.p50)} / ${ms(r.uncached.single.p95)}`,
        String(AR_CONNECTIONS),
        ms(r.uncached.loaded[0].latency.p50),
        ms(r.uncached.loaded[0].latency.p95),
        `${r.uncached.loaded[0].requestsPerSecond.toFixed(0)}`,
        r.uncached.load.toFixed(2),
        `(${verdict(r.uncached.loaded[0].latency.p95, BUDGET.unbilled)})`,
      ],
    ]),
  ];
  const arRows = [
    [
      'database',
      'organizations',
      'invoices (open)',
      'first request',
      'c=1 p50',
      'c=1 p95',
      `c=${AR_CONNECTIONS} p95`,
      'load avg',
      `verdict (c=1 p95 < ${BUDGET.arHealth} ms)`,
    ],
    ...results.flatMap((r) =>
      [
        [r.ar, r.history.counts.organizations, r.history.counts.invoices],
        [r.arMany, r.stress.counts.organizations, r.stress.counts.invoices],
      ].map(([ar, organizations, invoices]) => [
        label[r.kind],
        String(organizations),
        `${invoices.toLocaleString('en-US')} (${ar.first.body.totals.invoiceCount.toLocaleString('en-US')})`,
        ms(ar.first.ms),
        ms(ar.single.p50),
        ms(ar.single.p95),
        ms(ar.loaded[0].latency.p95),
        ar.load.toFixed(2),
        verdict(ar.single.p95, BUDGET.arHealth),
      ]),
    ),
  ];
  const weekRows = [
    [
      'database',
      'period',
      'invoices',
      'lines',
      'time',
      'per invoice',
      'load avg',
      `verdict (< ${BUDGET.week / 1000} s)`,
    ],
    ...results.flatMap((r) =>
      r.weeks.map((w) => [
        label[r.kind],
        `${w.periodStart} – ${w.periodEnd}`,
        String(w.invoices),
        w.lines.toLocaleString('en-US'),
        ms(w.ms, 0),
        ms(w.ms / Math.max(1, w.invoices), 0),
        w.load.toFixed(2),
        verdict(w.ms, BUDGET.week),
      ]),
    ),
  ];
  const nachaRows = [
    [
      'database',
      'payments',
      'entries',
      'records',
      'size',
      'request to answer',
      'validated again here',
      'load avg',
      `verdict (< ${BUDGET.nacha / 1000} s)`,
    ],
    ...results.map((r) => [
      label[r.kind],
      r.nacha.payments.toLocaleString('en-US'),
      r.nacha.entries.toLocaleString('en-US'),
      r.nacha.records.toLocaleString('en-US'),
      `${(r.nacha.bytes / 1024).toFixed(0)} KB`,
      ms(r.nacha.ms, 0),
      r.nacha.valid ? 'valid' : 'INVALID',
      r.nacha.load.toFixed(2),
      verdict(r.nacha.ms, BUDGET.nacha),
    ]),
  ];
  const historyRows = [
    [
      'database',
      'invoices',
      'issued',
      'lines',
      'payments',
      'organizations',
      'unbilled (last 30 days)',
      'load steps',
    ],
    ...results.map((r) => [
      label[r.kind],
      r.history.counts.invoices.toLocaleString('en-US'),
      `${r.history.counts.first_issued} – ${r.history.counts.last_issued}`,
      r.history.counts.lines.toLocaleString('en-US'),
      r.history.counts.payments.toLocaleString('en-US'),
      String(r.history.counts.organizations),
      r.history.counts.unbilled_recent.toLocaleString('en-US'),
      r.history.steps.map((s) => `${s.label} ${ms(s.ms, 0)}`).join('; '),
    ]),
  ];
  for (const table of [historyRows, listRows, arRows, weekRows, nachaRows]) log(textTable(table));

  const figures = [];
  const extra = [
    figure('billing', `NACHA builder alone, ${NACHA_PAYMENTS} entries, p50`, inProcess.build.p50, 'ms'),
    figure('billing', `NACHA validator alone, ${NACHA_PAYMENTS} entries, p50`, inProcess.validate.p50, 'ms'),
  ];
  for (const r of results) {
    for (const l of r.lists)
      for (const x of l.loaded)
        figures.push(
          figure(
            'billing',
            `${r.kind} unbilled as ${l.who} c=${x.connections} p95`,
            x.latency.p95,
            'ms',
            BUDGET.unbilled,
          ),
        );
    extra.push(
      figure(
        'billing',
        `${r.kind} unbilled as admin c=${AR_CONNECTIONS} p95 (cache off)`,
        r.uncached.loaded[0].latency.p95,
        'ms',
      ),
    );
    figures.push(figure('billing', `${r.kind} AR health c=1 p95`, r.ar.single.p95, 'ms', BUDGET.arHealth));
    figures.push(
      figure(
        'billing',
        `${r.kind} AR health, ${r.stress.counts.invoices} invoices of ${r.stress.counts.organizations} organizations, c=1 p95`,
        r.arMany.single.p95,
        'ms',
        BUDGET.arHealth,
      ),
    );
    extra.push(
      figure('billing', `${r.kind} AR health c=${AR_CONNECTIONS} p95`, r.ar.loaded[0].latency.p95, 'ms'),
    );
    figures.push(
      figure(
        'billing',
        `${r.kind} one week's invoices, slower of two`,
        Math.max(...r.weeks.map((w) => w.ms)),
        'ms',
        BUDGET.week,
      ),
    );
    figures.push(
      figure('billing', `${r.kind} NACHA file of ${NACHA_PAYMENTS} payments`, r.nacha.ms, 'ms', BUDGET.nacha),
    );
  }

  return {
    title: `(m) Billing: unbilled visits, AR health over two years of invoices, a week's invoices and a NACHA file of ${NACHA_PAYMENTS.toLocaleString('en-US')} payments`,
    figures,
    extra,
    markdown: [
      `Data set from bench/scheduling-data.mjs at scale ${scale} (${sizes.visits.toLocaleString('en-US')} visits)${version ? `; PostgreSQL ${version}` : ''}, with two years of invoices added in set-based SQL: every approved visit older than the unbilled list's ${UNBILLED_DAYS} days is on a weekly invoice of its organization (a generated price: the rate engine is measured by the invoice run below); the data set's visits begin a year ago, so the year before holds the same weeks' invoices 52 weeks earlier with their totals and no lines (AR health reads invoices, payments and credits, never lines). Invoices due more than 45 days ago are 90 % paid, 7 % half paid, 3 % unpaid; later ones 30 % paid, 20 % half paid (one payment and one allocation each). The server is the real build, started with BANK_ACCOUNT_KEY; load average (1 min) of the 2 shared cores when each figure started.`,
      '',
      markdownTable(historyRows),
      '',
      `Unbilled visits, \`GET ${UNBILLED_PATH}\` with no query string (the last ${UNBILLED_DAYS} days of service, every organization, page size 10), as the administrator and the back office: once (first request), ${SEQUENTIAL} times one after the other, then autocannon for ${seconds} s after 1 s of warm-up; a page and its total are kept in the read cache until a table they read changes (decision 006), so the last row is the same server with READ_CACHE=0, every request reaching the database:`,
      '',
      markdownTable(listRows),
      '',
      `AR health, \`GET ${AR_PATH}\` (every organization, as of today), as the administrator: once, ${SEQUENTIAL} times one after the other (the budget's figure: a user opens the report), then autocannon at ${AR_CONNECTIONS} connections. The data set has the demo's four organizations, so two years of weekly invoices are a few hundred; the second row of each database is after ${STRESS_ORGANIZATIONS} more organizations were added, each with two years of weekly invoices (totals only) and payments as above, measured last (after the invoice run and the NACHA file):`,
      '',
      markdownTable(arRows),
      '',
      `The invoices of one week for every organization, \`POST /api/admin/createInvoice\` with the period and no organization (one transaction per invoice: the counter, the visits locked, each priced by the rate engine, the lines, the jspdf PDF of every line stored, the history, the audit), two weeks one after the other, from request to answer:`,
      '',
      markdownTable(weekRows),
      '',
      `A NACHA file of ${NACHA_PAYMENTS.toLocaleString('en-US')} payments: ${NACHA_PAYMENTS.toLocaleString('en-US')} approved visits of as many clinicians, each with a bank account (sealed with AES-256-GCM), \`POST /api/operation/nachaFiles\` with their ids, from request to answer (one transaction: visits locked, priced, the accounts opened, fines and adjustments settled, the file built and validated, stored, the pay marked exported), then the stored file fetched and validated again here. The builder and validator alone (shared-domain, in this process, ${NACHA_PAYMENTS.toLocaleString('en-US')} entries, p50 of 5 runs after a warm-up): build ${ms(inProcess.build.p50)}, validate ${ms(inProcess.validate.p50)} (${inProcess.lines.toLocaleString('en-US')} records).`,
      '',
      markdownTable(nachaRows),
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
      script: 'billing.mjs',
      heading: /^## \(m\) Billing/m,
      section,
      startedAt,
      conditions: `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
    });
}
