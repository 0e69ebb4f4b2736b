// (k) Visit notes (issue 12) on the scheduling data set (bench/scheduling-data.mjs: at scale 1, 1,000,000
// visits) with a note on every visit in a notes status and the revisions table at the issue's size
// (1,000,000 visits × 3 notes × 10 revisions = 30,000,000 rows in note_revisions), PGlite and PostgreSQL:
//  1. autosave round trip, `PUT /api/notes/visits/:id/note`, at 20 concurrent writers: 20 clinicians (users made
//     here, signed in through /api/security/authenticate), each writing the note of their own visit in Notes Due
//     (a full start-of-care note of the current definition, ~7 KB of JSON), each keeping the version the
//     previous answer gave as its next baseVersion; every latency recorded;
//  2. the notes list, `GET /api/notes/notes` (first page, default filters), as the administrator, a care
//     coordinator and a clinician: 20 sequential requests, then autocannon with 20 connections; its page and
//     count statements (captured from the API's own repository) timed on the database and, on PostgreSQL,
//     explained (analyze, buffers) to show that they do not read note_revisions;
//  3. the note page, `GET /api/notes/visits/:id/note`, as the administrator over 40 visits, at 20 connections.
//
//   node bench/notes.mjs                                   full size, PGlite and PostgreSQL (when it answers)
//   node bench/notes.mjs --scale 0.01                      a quick smoke run (2 s of load per figure)
//   node bench/notes.mjs --data-cache /tmp/carelane-scheduling-data   reuse scheduling.mjs's kept data set
//   node bench/notes.mjs --pglite-revisions 3000000        fewer revision rows on PGlite (PostgreSQL: full size)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { busyStretches, hottestFunctions, summarizeProfile } from './cpu-profile.mjs';
import { generateSchedulingData, sizesAt } from './scheduling-data.mjs';
import { get, keepCached, restoreCached } from './scheduling.mjs';
import {
  ADMIN,
  buildIfStale,
  cannon,
  createDatabase,
  figure,
  isMain,
  loadApiBundle,
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
  writeResultsSection,
  sleep,
} from './lib.mjs';

const AUTOSAVE_BUDGET_MS = 100;
/**
 * How often each of the 20 writers saves in the budget's measurement: every second, 30 times the default
 * autoSaveInterval (30 s) — a clinician leaving a field every second. Back to back (no pause) is measured too.
 */
const AUTOSAVE_PACE_MS = 1000;
const LIST_BUDGET_MS = 50;
/** A save slower than this is listed, with when it started, in the profile's log. */
const SLOW_SAVE_MS = 100;
const PASSWORD = 'Carelane-demo-1';
/** The issue's size: 1M visits × 3 notes × 10 revisions. */
const FULL_REVISIONS = 30_000_000;
const WRITERS = 20;
const CONNECTIONS = 20;
const DETAIL_SAMPLE = 40;
const SEQUENTIAL = 20;
const NOTE_TYPE = 'SOC';
const NOTE_STATUSES = [
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
];
const LIST_PATH = '/api/notes/notes';
const ROLES = [
  { key: 'admin', label: 'administrator', emailId: ADMIN.emailId },
  { key: 'coordinator', label: 'care coordinator', emailId: 'coordinator@carelane.local' },
  { key: 'clinician', label: 'clinician (own visits)', emailId: null },
];
/** The bundle of loadApi(), once loaded. */
let loadedApi;
const WRITER_EMAIL = (i) => `bench.notes.writer${i}@example.com`;

/** The API's note helpers and list repository with its database client, bundled from its sources. */
export async function loadApi() {
  return loadApiBundle(
    'notes',
    `
export { openDatabase } from '../src/db/client';
export { sampleNoteValues } from '../src/db/seed-notes';
export { listNotes } from '../src/modules/notes/list/repository';
export { localIsoDate } from '../src/lib/local-date';
export {
  NOTE_LIST_STATUSES,
  NOTES_LIST_DEFAULT_DAYS_BACK,
  currentDefinitionOf,
  fieldsOf,
  validateNoteValues,
  withComputedScores,
} from '@carelane/shared-domain';
`,
  );
}

const NARRATIVE =
  'Patient seen at home for the start of care after a right total hip replacement. Alert and oriented x3, ' +
  'pleasant and cooperative; daughter present for the whole visit. Reports pain 4/10 at the incision, relieved ' +
  'by the prescribed analgesic taken 30 minutes before therapy. Incision clean, dry and intact, staples in place, ' +
  'no redness, warmth or drainage. Ambulates 40 feet with a front-wheeled walker and contact-guard assist; ' +
  'hip precautions reviewed and demonstrated back correctly. Lungs clear, no edema, appetite fair. Medication ' +
  'reconciliation done with the discharge list: one duplicate stool softener removed after a call to the ' +
  'physician. Home safety: throw rugs removed, raised toilet seat and shower chair in place, night lights added. ';

/**
 * The note the writers save: a complete start-of-care note of the current definition (every field, as the demo
 * seed fills it) grown to a realistic size (fourteen medications, three wounds, four goals, long narratives), checked
 * with validateNoteValues. Answers { definition, values, narrativeField }.
 */
export function fullNote(api) {
  const definition = api.currentDefinitionOf(NOTE_TYPE);
  const at = { date: new Date().toISOString().slice(0, 10), signedAt: new Date().toISOString() };
  const base = api.sampleNoteValues(definition, at);
  const values = { ...base };
  const fields = api.fieldsOf(definition);
  let narrativeField = null;
  for (const field of fields) {
    const value = base[field.id];
    if (field.kind === 'text' && field.multiline && typeof value === 'string') {
      values[field.id] = NARRATIVE.slice(0, field.maxLength ?? NARRATIVE.length);
      narrativeField ??= field.id;
    }
    if (field.kind === 'table' && Array.isArray(value) && value.length) {
      const rows = field.id.includes('medication') ? 14 : 3;
      values[field.id] = Array.from({ length: rows }, () => ({ ...value[0] }));
    }
    if (field.kind === 'goals' && Array.isArray(value) && value.length)
      values[field.id] = [value[0], value[0], value[0], value[0]].map((g) => ({ ...g }));
  }
  let checked = api.withComputedScores(definition, values);
  const refused = new Set(
    api.validateNoteValues(definition, checked, 'save').map((e) => e.field.split('.')[1]),
  );
  for (const id of refused) if (id) checked[id] = base[id];
  checked = api.withComputedScores(definition, checked);
  const errors = api.validateNoteValues(definition, checked, 'save');
  if (errors.length)
    throw new Error(`the bench note does not validate: ${JSON.stringify(errors.slice(0, 3))}`);
  if (!narrativeField) narrativeField = fields.find((f) => f.kind === 'text')?.id ?? null;
  return { definition, values: checked, narrativeField };
}

/** Small draft values for the bulk revisions: the first k fields of the definition, k = 1..8. */
function draftValues(api, definition) {
  const at = { date: new Date().toISOString().slice(0, 10), signedAt: new Date().toISOString() };
  return Array.from({ length: 8 }, (_, i) => api.sampleNoteValues(definition, at, { only: i + 1 }));
}

const sqlQuote = (text) => `'${String(text).replace(/'/g, "''")}'`;

/**
 * Puts a note on every visit in a notes status and `revisions` rows into note_revisions (spread evenly: the
 * revision g belongs to note (g-1) mod N at version floor((g-1)/N)+1; each note's version is its newest
 * revision), with note_revisions' unique index dropped for the load and built again. Visits still Notes Due past
 * their due time are first moved to Notes Overdue, as the server's job would. Answers the steps and sizes.
 */
async function addNotesData(direct, api, { revisions, definition, log, postgres }) {
  const steps = [];
  const q = (text, params) => direct.query(text, params);
  async function step(name, fn) {
    const t = performance.now();
    const rows = await fn();
    const took = performance.now() - t;
    steps.push({ step: name, ms: took, rows: rows ?? null });
    log(
      `  ${name}: ${rows === undefined ? '' : `${Number(rows).toLocaleString('en-US')} rows, `}${ms(took, 0)}`,
    );
  }
  await q('set session_replication_role = replica');
  if (postgres) await q(`set maintenance_work_mem = '1GB'`);
  const [{ id: adminId }] = await q(`select id from users where email_id = $1`, [ADMIN.emailId]);

  await step('visits Notes Due past their due time -> Notes Overdue (as the overdue job)', async () => {
    const rows = await q(
      `update visits set status = 'NotesOverdue', version = version + 1
       where status = 'NotesDue' and coalesce(time_out, end_at) + interval '48 hours' < now() returning id`,
    );
    return rows.length;
  });
  const [{ n: noteCount }] = await q(
    `select count(*)::int as n from visits v
     where v.status in (${NOTE_STATUSES.map(sqlQuote).join(', ')})
       and not exists (select 1 from notes n where n.visit_id = v.id)`,
  );
  const drafts = draftValues(api, definition);
  const draftArray = `(array[${drafts.map((d) => `${sqlQuote(JSON.stringify(d))}::jsonb`).join(', ')}])`;
  const small = drafts.at(-1);
  const [{ n: notesBefore }] = await q('select coalesce(max(id), 0)::int as n from notes');
  await step('notes (one per visit in a notes status)', async () => {
    await q(
      `insert into notes (visit_id, note_type, definition_version, values, version, saved_at, saved_by,
         submitted_at, created_at)
       select x.id, ${sqlQuote(NOTE_TYPE)}, ${definition.version}, ${sqlQuote(JSON.stringify(small))}::jsonb,
         greatest(1, case when x.ord < ${revisions} then (${revisions} - 1 - x.ord) / ${noteCount} + 1 else 1 end),
         x.end_at + interval '2 hours', ${adminId},
         case when x.status not in ('NotesDue', 'NotesOverdue') then x.end_at + interval '5 hours' end,
         x.end_at + interval '30 minutes'
       from (select v.id, v.status, v.end_at, (row_number() over (order by v.id) - 1)::int as ord
             from visits v
             where v.status in (${NOTE_STATUSES.map(sqlQuote).join(', ')})
               and not exists (select 1 from notes n where n.visit_id = v.id)) x`,
    );
    return noteCount;
  });
  await q('drop table if exists bench_notes');
  await q(
    `create temp table bench_notes as
     select (row_number() over (order by visit_id) - 1)::int as ord, id, saved_at, saved_by, version from notes
     where id > ${notesBefore}`,
  );
  await q('create unique index on bench_notes (ord)');
  const [{ n: notesTotal }] = await q('select count(*)::int as n from bench_notes');

  const indexes = await q(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'note_revisions'
       and indexname not in (select conname from pg_constraint where conrelid = 'note_revisions'::regclass)`,
  );
  for (const { indexname } of indexes) await q(`drop index ${indexname}`);
  const batch = postgres ? 5_000_000 : 1_000_000;
  const batchTimes = [];
  await step(`note_revisions (${revisions.toLocaleString('en-US')} rows)`, async () => {
    for (let lo = 1; lo <= revisions; lo += batch) {
      const hi = Math.min(revisions, lo + batch - 1);
      const t = performance.now();
      await q(
        `insert into note_revisions (note_id, version, values, saved_by, device_id, autosave, saved_at)
         select b.id, x.version, ${draftArray}[1 + x.version % 8], b.saved_by,
           'bench-device-' || (b.id % 3), x.version % 5 <> 0,
           b.saved_at - (b.version - x.version) * interval '30 seconds'
         from (select (g - 1) % ${notesTotal} as ord, ((g - 1) / ${notesTotal} + 1)::int as version
               from generate_series(${lo}::bigint, ${hi}::bigint) g) x
         join bench_notes b on b.ord = x.ord`,
      );
      const took = performance.now() - t;
      batchTimes.push(took);
      log(`    revisions ${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')}: ${ms(took, 0)}`);
    }
    return revisions;
  });
  await step('note_revisions indexes built again', async () => {
    for (const { indexdef } of indexes) await q(indexdef);
    return undefined;
  });
  await q('drop table if exists bench_notes');
  await q('set session_replication_role = origin');
  // PostgreSQL's autovacuum would vacuum the 30M new rows soon, in the middle of a measurement: done here.
  // PGlite has no autovacuum: analyze is enough for the revisions, the notes get vacuum analyze.
  await step(
    postgres
      ? 'vacuum analyze notes, note_revisions, visits'
      : 'vacuum analyze notes, visits; analyze note_revisions',
    async () => {
      await q('vacuum analyze notes');
      await q('vacuum analyze visits');
      await q(postgres ? 'vacuum analyze note_revisions' : 'analyze note_revisions');
      return undefined;
    },
  );
  const sizes = await notesSizes(direct);
  return { steps, sizes, batchTimes, notesAdded: noteCount };
}

async function notesSizes(direct) {
  const [sizes] = await direct.query(
    `select (select count(*) from notes)::int as notes,
       (select count(*) from note_revisions)::bigint as revisions,
       pg_total_relation_size('note_revisions')::bigint as "revisionsBytes",
       pg_total_relation_size('notes')::bigint as "notesBytes",
       (select avg(pg_column_size(values)) from (select values from note_revisions limit 10000) s)::int as "valuesBytes"`,
  );
  return sizes;
}

/** The writers of an earlier run kept with --keep (--reuse): their users and the same visits prepareWriters chose. */
export async function findWriters(direct) {
  const rows = await direct.query(
    `select u.email_id, p.id as provider_id from users u join providers p on p.user_id = u.id
     where u.email_id like 'bench.notes.writer%' order by u.id`,
  );
  const writers = [];
  for (const row of rows) {
    const [visit] = await direct.query(
      `select v.id, v.status from visits v
       where v.provider_id = $1 and v.status in ('NotesDue', 'NotesOverdue')
         and exists (select 1 from notes n where n.visit_id = v.id)
       order by (v.status = 'NotesDue') desc, v.date_of_service desc, v.id limit 1`,
      [row.provider_id],
    );
    if (visit)
      writers.push({
        emailId: row.email_id,
        visitId: visit.id,
        providerId: row.provider_id,
        status: visit.status,
      });
  }
  return writers;
}

/**
 * 20 clinicians, each with one visit of their own still in Notes Due (due in the future, so the overdue job
 * leaves it; Notes Overdue when there are too few, as at small scales): a user of role 4 with the demo password
 * linked to the clinician record (providers.user_id).
 */
async function prepareWriters(direct) {
  const [{ password_hash: hash }] = await direct.query(
    `select password_hash from users where email_id = $1`,
    [ADMIN.emailId],
  );
  const rows = await direct.query(
    `select w.visit_id, w.provider_id, w.status from (
       select distinct on (v.provider_id) v.id as visit_id, v.provider_id, v.status
       from visits v join providers p on p.id = v.provider_id
       where v.status in ('NotesDue', 'NotesOverdue') and p.user_id is null
         and exists (select 1 from notes n where n.visit_id = v.id)
       order by v.provider_id, (v.status = 'NotesDue') desc, v.date_of_service desc, v.id) w
     order by (w.status = 'NotesDue') desc, md5(w.visit_id::text) limit ${WRITERS}`,
  );
  const writers = [];
  for (const [i, row] of rows.entries()) {
    const [user] = await direct.query(
      `insert into users (email_id, password_hash, first_name, last_name, role_id, email_verified,
         phone_verified, onboard_step)
       select $1, $2, p.given_name, p.family_name, 4, true, true, 'Done' from providers p where p.id = $3
       returning id`,
      [WRITER_EMAIL(i), hash, row.provider_id],
    );
    await direct.query(`update providers set user_id = $1 where id = $2`, [user.id, row.provider_id]);
    writers.push({
      emailId: WRITER_EMAIL(i),
      visitId: row.visit_id,
      providerId: row.provider_id,
      status: row.status,
    });
  }
  return writers;
}

/** Counts of the data set and the detail's sample (visits with a note, in a notes status). */
async function describeData(direct) {
  const [counts] = await direct.query(
    `select (select count(*) from visits)::int as visits,
       (select count(*) from visits where status in (${NOTE_STATUSES.map(sqlQuote).join(', ')}))::int as "notesVisits",
       (select count(*) from visits where status in (${NOTE_STATUSES.map(sqlQuote).join(', ')})
          and date_of_service between current_date - 60 and current_date)::int as "listMatches",
       (select count(*) from notes)::int as notes,
       (select count(*) from note_revisions)::bigint as revisions`,
  );
  const sample = await direct.query(
    `select v.id from visits v join notes n on n.visit_id = v.id
     where v.date_of_service between current_date - 60 and current_date
     order by md5(v.id::text) limit ${DETAIL_SAMPLE}`,
  );
  return { counts, detailSample: sample.map((r) => r.id) };
}

const failures = (loaded) =>
  [
    loaded.non2xx && `${loaded.non2xx} non-2xx`,
    loaded.errors && `${loaded.errors} errors`,
    loaded.timeouts && `${loaded.timeouts} timeouts (30 s)`,
  ]
    .filter(Boolean)
    .join(', ');

/** c=1 (SEQUENTIAL requests) then autocannon after 1 s of warm-up; `paths` in turn. Errors reported, not thrown. */
/** GET with up to 3 retries when the connection fails (a kept-alive socket the server closed after a load). */
async function getRetrying(server, p, token) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await get(server, p, token);
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** A cheap request that reads the database (a writer's note page), set once the writers are signed in. */
let probe = null;

/**
 * Waits until the requests a load left queued are answered (PGlite answers one statement at a time, and
 * autocannon leaves its last requests to the server): until the probe answers within 500 ms, at most 10 min.
 * Answers how long that took.
 */
async function drained(server) {
  const t = performance.now();
  if (!probe) return 0;
  while (performance.now() - t < 600_000) {
    try {
      const res = await get(server, probe.path, probe.token);
      if (res.status === 200 && res.ms < 500) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return performance.now() - t;
}

async function measure(server, token, paths, { seconds, connections }) {
  await drained(server);
  const first = await getRetrying(server, paths[0], token);
  if (first.status !== 200)
    return { status: first.status, error: first.body?.message ?? `HTTP ${first.status}` };
  const times = [];
  // A request of seconds (PGlite's list at full size): 3 sequential ones are enough to say so.
  const sequential = first.ms > 1000 ? 3 : Math.max(SEQUENTIAL, Math.min(paths.length, 2 * SEQUENTIAL));
  for (let i = 0; i < sequential; i++) {
    const res = await getRetrying(server, paths[i % paths.length], token);
    if (res.status !== 200) throw new Error(`GET ${paths[i % paths.length]} answered ${res.status}`);
    times.push(res.ms);
  }
  let next = 0;
  const options = {
    url: server.url,
    headers: { authorization: `Bearer ${token}` },
    connections,
    timeout: 30,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  };
  if (first.ms <= 1000) await cannon({ ...options, duration: 1 }); // warm-up (not for requests of seconds)
  const loaded = await cannon({ ...options, duration: seconds });
  const drainMs = await drained(server);
  return { status: 200, first, single: latencySummary(times), loaded, drainMs };
}

/**
 * The autosave load: WRITERS async loops, each a clinician saving their own visit's note with fetch, baseVersion
 * from the previous answer (a 409 carries the current note: its version is taken and counted as an error). The
 * narrative changes on every save. Warm-up, then `seconds` of measurement. Without `paceMs` each writer saves
 * again as soon as it has the answer (the server saturated: a stress test); with it, every `paceMs`.
 */
export async function autosaveLoad(server, writers, note, { seconds, paceMs = 0 }) {
  let measuring = false;
  let stopAt = 0;
  const times = [];
  /** Saves over SLOW_SAVE_MS: when they started (from the start of the measurement) and how long they took. */
  const slow = [];
  let started = 0;
  const errors = {};
  let bodyBytes = 0;
  async function writer(w) {
    let n = 0;
    // Paced: the writers' saves are spread evenly over each period; a save that overruns it delays the next.
    let nextAt = performance.now() + (paceMs * writers.indexOf(w)) / writers.length;
    while (performance.now() < stopAt) {
      if (paceMs) {
        if (nextAt >= stopAt) break;
        await sleep(Math.max(0, nextAt - performance.now()));
        nextAt = Math.max(nextAt + paceMs, performance.now());
      }
      n++;
      const values = { ...note.values };
      if (note.narrativeField) values[note.narrativeField] = `${NARRATIVE} Save ${n}.`;
      const body = JSON.stringify({
        noteType: NOTE_TYPE,
        definitionVersion: note.definition.version,
        values,
        baseVersion: w.version,
        deviceId: `bench-writer-${w.index}`,
        autosave: true,
      });
      bodyBytes = body.length;
      const t = performance.now();
      let status = 0;
      let answer = null;
      try {
        const res = await fetch(`${server.url}/api/notes/visits/${w.visitId}/note`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
          body,
        });
        status = res.status;
        answer = await res.json().catch(() => null);
      } catch (error) {
        status = `fetch: ${error.cause?.code ?? error.message}`;
      }
      const took = performance.now() - t;
      if (status === 200) w.version = answer.version;
      else if (status === 409 && answer?.current?.version) w.version = answer.current.version;
      if (measuring) {
        times.push(took);
        if (took > SLOW_SAVE_MS) slow.push({ startedAtMs: Math.round(t - started), ms: Math.round(took) });
        if (status !== 200) errors[status] = (errors[status] ?? 0) + 1;
      } else if (status !== 200 && status !== 409)
        throw new Error(`PUT note of visit ${w.visitId} answered ${status}: ${JSON.stringify(answer)}`);
    }
  }
  // Warm-up: 2 s.
  stopAt = performance.now() + 2000;
  await Promise.all(writers.map(writer));
  measuring = true;
  started = performance.now();
  stopAt = started + seconds * 1000;
  await Promise.all(writers.map(writer));
  const took = (performance.now() - started) / 1000;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  return {
    latency: latencySummary(times),
    requestsPerSecond: times.length / took,
    total: times.length,
    errors,
    errorCount,
    bodyBytes,
    slow,
  };
}

/**
 * NOTES_PROFILE=1: the 20-writer autosave load once more at the budget's pace, for 10 s, on a server started with
 * --cpu-prof; logs the slow saves, where its JavaScript thread spends time (by component and the hottest
 * functions) and its busy time per save.
 */
async function profileAutosave(target, writers, note, log) {
  const profileDir = tempDataDir('notes-cpu-prof');
  try {
    const server = await startHealthy(target, {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    const started = performance.now();
    // The budget's pace: each writer every AUTOSAVE_PACE_MS.
    const seconds = Number(process.env.NOTES_PROFILE_SECONDS ?? 10);
    const load = await autosaveLoad(server, writers, note, { seconds, paceMs: AUTOSAVE_PACE_MS });
    const ended = performance.now();
    log(
      `  profile: ${load.slow.length} saves over ${SLOW_SAVE_MS} ms: ` +
        load.slow.map((s) => `${s.ms} ms at +${s.startedAtMs} ms`).join(', '),
    );
    await server.stop();
    const exitAt = performance.now();
    const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
    const window = { fromBeforeEndMs: exitAt - started - 2200, toBeforeEndMs: exitAt - ended + 200 };
    const summary = summarizeProfile(path.join(profileDir, file), window);
    log(`  profile: ${load.total} saves, ${ms(summary.busyMs / load.total, 2)} busy thread time per save`);
    for (const [category, took, percent] of summary.rows)
      log(`    ${category}: ${took.toFixed(0)} ms (${percent.toFixed(1)} %)`);
    for (const [name, took] of hottestFunctions(path.join(profileDir, file), window).slice(0, 25))
      log(`    self ${took.toFixed(0)} ms  ${name}`);
    for (const stretch of busyStretches(path.join(profileDir, file), SLOW_SAVE_MS)) {
      log(`    busy without a break for ${stretch.ms} ms from +${stretch.startMs} ms (server time):`);
      for (const stack of stretch.stacks) log(`      ${stack}`);
    }
    return { ...summary, saves: load.total };
  } finally {
    removeDir(profileDir);
  }
}

/**
 * NOTES_PROFILE=1: the notes list at 20 connections as the administrator once more, for 10 s, on a server started
 * with --cpu-prof; logs where its JavaScript thread spends time and its busy time per request.
 */
async function profileList(target, token, log) {
  const profileDir = tempDataDir('notes-list-cpu-prof');
  try {
    const server = await startHealthy(target, {}, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
    const options = {
      url: server.url + LIST_PATH,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      timeout: 30,
    };
    await cannon({ ...options, duration: 1 });
    const started = performance.now();
    const load = await cannon({ ...options, duration: 10 });
    const ended = performance.now();
    await server.stop();
    const exitAt = performance.now();
    const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
    const window = { fromBeforeEndMs: exitAt - started - 2200, toBeforeEndMs: exitAt - ended + 200 };
    const summary = summarizeProfile(path.join(profileDir, file), window);
    const requests = load.requestsPerSecond * 10;
    log(
      `  list profile: ${requests.toFixed(0)} requests, ${ms(summary.busyMs / requests, 2)} busy thread time each`,
    );
    for (const [category, took, percent] of summary.rows)
      log(`    ${category}: ${took.toFixed(0)} ms (${percent.toFixed(1)} %)`);
    for (const [name, took] of hottestFunctions(path.join(profileDir, file), window).slice(0, 25))
      log(`    self ${took.toFixed(0)} ms  ${name}`);
    return { ...summary, requests };
  } finally {
    removeDir(profileDir);
  }
}

async function explain(direct, statement) {
  const rows = await direct.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The list's page and count statements as the API builds them (administrator and clinician scope), timed and explained. */
async function listStatements(api, target, clinicianProviderId, { withPlans }) {
  const database = await api.openDatabase(
    target.dataDir ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl, dataDir: 'memory://' },
  );
  const direct = { query: async (text, params = []) => (await database.db.$client.query(text, params)).rows };
  try {
    const now = new Date();
    const range = {
      startDate: api.localIsoDate(new Date(now.getTime() - api.NOTES_LIST_DEFAULT_DAYS_BACK * 86_400_000)),
      endDate: api.localIsoDate(now),
    };
    const scopes = [
      {
        key: 'reviewer',
        label: 'administrator / care coordinator (all)',
        filter: { statuses: api.NOTE_LIST_STATUSES, ...range },
      },
      {
        key: 'clinician',
        label: 'clinician (own visits)',
        filter: { statuses: api.NOTE_LIST_STATUSES, ownProviderId: clinicianProviderId, ...range },
      },
    ];
    const out = [];
    for (const scope of scopes) {
      const captured = await api.captureStatements(database.db, (ex) =>
        api.listNotes(ex, scope.filter, { pageNumber: 1, pageSize: 10 }, new Date()),
      );
      // Told apart by their text: the order they are sent in is the repository's business.
      const isCount = (statement) => /^select count\(/i.test(statement.sql.trim());
      const page = captured.find((statement) => !isCount(statement));
      const count = captured.find(isCount);
      const result = { scope };
      for (const [key, statement] of Object.entries({ page, count })) {
        const params = statement.params.map((p) => (p instanceof Date ? p.toISOString() : p));
        const s = { sql: statement.sql, params };
        await direct.query(s.sql, s.params);
        const times = [];
        for (let i = 0; i < 10; i++) {
          const t = performance.now();
          await direct.query(s.sql, s.params);
          times.push(performance.now() - t);
        }
        const plan = withPlans ? await explain(direct, s) : null;
        result[key] = {
          sql: s.sql,
          timing: latencySummary(times),
          plan,
          readsRevisions: plan ? /note_revisions/.test(plan) : /note_revisions/.test(s.sql),
        };
      }
      out.push(result);
    }
    return out;
  } finally {
    await database.close();
  }
}

async function benchOne(kind, api, note, { scale, seconds, log, dataCache, revisions, keep, reuse }) {
  let target;
  let database;
  let server;
  if (reuse) return benchReused(kind, api, note, { seconds, log, target: reuse });
  if (kind === 'pglite') target = { dataDir: tempDataDir('notes') };
  else {
    database = await createDatabase();
    target = { databaseUrl: database.url };
  }
  try {
    let generation;
    const cached = dataCache && (await restoreCached(kind, dataCache, scale, target, database));
    if (cached) {
      log(`  ${kind}: the data set kept in ${dataCache} (scale ${scale})`);
      generation = cached.generation;
    }
    // Migrations (0013 notes included on a kept copy), reference data, the demo seed.
    server = await startHealthy(target);
    await server.stop();
    server = null;
    let data;
    let notesData;
    let writers;
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
      log(`  ${kind}: notes and ${revisions.toLocaleString('en-US')} revisions`);
      notesData = await addNotesData(direct, api, {
        revisions,
        definition: note.definition,
        log,
        postgres: kind === 'postgres',
      });
      // As on a live server, today's daily credential run is done (a fresh copy would make the measured
      // server run it at its first minute, a once-a-day batch over every credential; see RESULTS.md (k)).
      await direct.query(
        `insert into job_runs (name, last_day) values ('credential_expiry', current_date)
         on conflict (name) do update set last_day = excluded.last_day`,
      );
      writers = await prepareWriters(direct);
      data = await describeData(direct);
    } finally {
      await direct.close();
    }
    if (writers.length < WRITERS) log(`  ${kind}: only ${writers.length} writers found`);

    return await measureAll(kind, target, writers, data, notesData, note, {
      seconds,
      log,
      generation,
      setServer: (s) => (server = s),
    });
  } finally {
    await server?.kill();
    if (keep) log(`  ${kind}: kept ${target.dataDir ?? target.databaseUrl}`);
    else {
      if (target.dataDir) removeDir(target.dataDir);
      await database?.drop();
    }
  }
}

/** A database kept by an earlier run (--keep): measured again as it is, nothing loaded; it is kept. */
async function benchReused(kind, api, note, { seconds, log, target }) {
  let server;
  const direct = await openDirect(target);
  let writers;
  let data;
  let sizes;
  try {
    writers = await findWriters(direct);
    data = await describeData(direct);
    sizes = await notesSizes(direct);
  } finally {
    await direct.close();
  }
  log(`  ${kind}: the kept database ${target.dataDir ?? target.databaseUrl}, ${writers.length} writers`);
  try {
    return await measureAll(
      kind,
      target,
      writers,
      data,
      { steps: [], sizes, batchTimes: [], reused: true },
      note,
      {
        seconds,
        log,
        api,
        setServer: (s) => (server = s),
      },
    );
  } finally {
    await server?.kill();
  }
}

async function measureAll(
  kind,
  target,
  writers,
  data,
  notesData,
  note,
  { seconds, log, generation, setServer },
) {
  const api = loadedApi;
  let server;
  {
    server = await startHealthy(target);
    setServer(server);
    const tokens = {};
    for (const role of ROLES.filter((r) => r.emailId))
      tokens[role.key] = await login(server, { emailId: role.emailId, password: PASSWORD });
    for (const [index, w] of writers.entries()) {
      w.index = index;
      w.token = await login(server, { emailId: w.emailId, password: PASSWORD });
      const detail = await get(server, `/api/notes/visits/${w.visitId}/note`, w.token);
      if (detail.status !== 200 || !detail.body.canEdit)
        throw new Error(
          `writer ${index}: the note of visit ${w.visitId} answered ${detail.status}, canEdit ${detail.body?.canEdit}`,
        );
      w.version = detail.body.note?.version ?? 0;
    }
    tokens.clinician = writers[0].token;
    probe = { path: `/api/notes/visits/${writers[0].visitId}/note`, token: writers[0].token };

    const endpoints = [];
    for (const role of ROLES) {
      const load = os.loadavg()[0];
      const result = await measure(server, tokens[role.key], [LIST_PATH], {
        seconds,
        connections: CONNECTIONS,
      });
      endpoints.push({ what: 'list', role, load, ...result });
      log(
        `  ${kind} ${LIST_PATH} as ${role.label}: ` +
          (result.error
            ? `answered ${result.status} (${result.error})`
            : `${result.first.body?.paging?.totalCount} rows, first ${ms(result.first.ms)}; c=1 p50 ${ms(result.single.p50)}; c=${CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}, ${result.loaded.requestsPerSecond.toFixed(0)} req/s ${failures(result.loaded)} (load ${load.toFixed(2)})`),
      );
    }
    {
      const load = os.loadavg()[0];
      const paths = data.detailSample.map((id) => `/api/notes/visits/${id}/note`);
      const result = await measure(server, tokens.admin, paths, { seconds, connections: CONNECTIONS });
      endpoints.push({ what: 'detail', role: ROLES[0], load, ...result });
      log(
        `  ${kind} GET /api/notes/visits/:id/note (${paths.length} visits) as administrator: ` +
          (result.error
            ? `answered ${result.status} (${result.error})`
            : `${Buffer.byteLength(JSON.stringify(result.first.body))} bytes; c=1 p50 ${ms(result.single.p50)}; c=${CONNECTIONS} p95 ${ms(result.loaded.latency.p95)}, ${result.loaded.requestsPerSecond.toFixed(0)} req/s ${failures(result.loaded)} (load ${load.toFixed(2)})`),
      );
    }
    await drained(server);
    // One writer alone first: what a save costs the server when nothing waits.
    const single = await autosaveLoad(server, writers.slice(1, 2), note, { seconds: 5 });
    single.load = os.loadavg()[0];
    log(
      `  ${kind} PUT /api/notes/visits/:id/note, 1 writer: p50 ${ms(single.latency.p50)}, p95 ${ms(single.latency.p95)}, ${single.requestsPerSecond.toFixed(0)} saves/s`,
    );
    const pacedLoadAvg = os.loadavg()[0];
    const autosave = await autosaveLoad(server, writers, note, { seconds, paceMs: AUTOSAVE_PACE_MS });
    autosave.load = pacedLoadAvg;
    const saturatedLoadAvg = os.loadavg()[0];
    const saturated = await autosaveLoad(server, writers, note, { seconds });
    saturated.load = saturatedLoadAvg;
    for (const [how, a] of [
      [`each every ${AUTOSAVE_PACE_MS} ms`, autosave],
      ['back to back', saturated],
    ])
      log(
        `  ${kind} PUT /api/notes/visits/:id/note, ${writers.length} writers ${how} (${a.bodyBytes} bytes each): p50 ${ms(a.latency.p50)}, p95 ${ms(a.latency.p95)}, p99 ${ms(a.latency.p99)}, ${a.requestsPerSecond.toFixed(0)} saves/s, ${a.errorCount} errors ${JSON.stringify(a.errors)} (load ${a.load.toFixed(2)})`,
      );
    await server.stop();
    setServer(null);
    if (process.env.NOTES_PROFILE) {
      autosave.profile = await profileAutosave(target, writers, note, log);
      await profileList(target, tokens.admin, log);
    }

    const statementsLoad = os.loadavg()[0];
    const statements = await listStatements(api, target, writers[0].providerId, { withPlans: true });
    for (const s of statements)
      log(
        `  ${kind} list statements, ${s.scope.label}: page p50 ${ms(s.page.timing.p50, 2)}, count p50 ${ms(s.count.timing.p50, 2)}; reads note_revisions: ${s.page.readsRevisions || s.count.readsRevisions}`,
      );
    return {
      kind,
      generation,
      data,
      notesData,
      writers,
      endpoints,
      autosave,
      saturated,
      single,
      statements,
      statementsLoad,
    };
  }
}

export async function run({
  scale = 1,
  seconds,
  log = console.log,
  dataCache = process.env.SCHEDULING_DATA_CACHE,
  pgliteRevisions,
  kinds: wanted = ['pglite', 'postgres'],
  build = true,
  keep = false,
  saveResults,
  reportFrom,
  reuse,
} = {}) {
  seconds ??= scale >= 0.5 ? 10 : 2;
  if (build && !reportFrom) buildIfStale();
  const api = await loadApi();
  loadedApi = api;
  const note = fullNote(api);
  const sizes = sizesAt(scale);
  const fullRevisions = Math.round(FULL_REVISIONS * scale);
  const revisionsOf = (kind) =>
    kind === 'pglite' && pgliteRevisions !== undefined
      ? Math.min(pgliteRevisions, fullRevisions)
      : fullRevisions;
  log(
    `\n(k) Visit notes: ${sizes.visits.toLocaleString('en-US')} visits, ${fullRevisions.toLocaleString('en-US')} revisions${pgliteRevisions !== undefined ? ` (PGlite: ${revisionsOf('pglite').toLocaleString('en-US')})` : ''}; ${WRITERS} writers, lists and note page at ${CONNECTIONS} connections, ${seconds} s per figure; the note saved is ${JSON.stringify(note.values).length} bytes of values`,
  );
  const version = await postgresVersion();
  const kinds = wanted.filter((k) => k === 'pglite' || (k === 'postgres' && version));
  if (!version) log('  PostgreSQL does not answer: PGlite only.');
  let results = [];
  if (reportFrom) {
    // The measurements of earlier runs (--save-results), e.g. one database per process.
    results = reportFrom.flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')).results);
  } else {
    for (const kind of kinds)
      results.push(
        await benchOne(kind, api, note, {
          scale,
          seconds,
          log,
          dataCache,
          revisions: revisionsOf(kind),
          keep,
          reuse: reuse?.[kind],
        }),
      );
    if (saveResults)
      fs.writeFileSync(
        saveResults,
        JSON.stringify({ scale, results }, (_key, value) =>
          typeof value === 'bigint' ? value.toString() : value,
        ),
      );
  }

  const label = { pglite: 'PGlite', postgres: 'PostgreSQL' };
  const rows = [
    [
      'database',
      'request',
      'as',
      'answer',
      'c=1 p50',
      'concurrency',
      'p50',
      'p95',
      'p99',
      'req/s',
      'errors',
      'load avg',
      'budget',
      'verdict',
    ],
  ];
  const figures = [];
  const extra = [];
  for (const r of results) {
    const a = r.autosave;
    /** One autosave row: who saved how, the load's latencies, and its budget column (verdict or a note). */
    const autosaveRow = (as, answer, writers, load, budget, verdict) => [
      label[r.kind],
      'PUT /api/notes/visits/:id/note (autosave)',
      as,
      answer,
      '',
      writers,
      ms(load.latency.p50),
      ms(load.latency.p95),
      ms(load.latency.p99),
      load.requestsPerSecond.toFixed(0),
      load.errorCount ? JSON.stringify(load.errors) : '0',
      load.load.toFixed(2),
      budget,
      verdict,
    ];
    rows.push(
      autosaveRow(
        `${r.writers.length} clinicians, own visit, each saving every ${AUTOSAVE_PACE_MS / 1000} s`,
        `${a.bodyBytes.toLocaleString('en-US')}-byte body, ${a.total} saves`,
        `${r.writers.length} writers`,
        a,
        `p95 < ${AUTOSAVE_BUDGET_MS} ms`,
        a.latency.p95 < AUTOSAVE_BUDGET_MS ? 'PASS' : 'OVER',
      ),
    );
    if (r.saturated)
      rows.push(
        autosaveRow(
          `${r.writers.length} clinicians, own visit, saving back to back`,
          `${r.saturated.total} saves`,
          `${r.writers.length} writers`,
          r.saturated,
          '(stress)',
          '',
        ),
      );
    if (r.single)
      rows.push(
        autosaveRow('1 clinician alone', `${r.single.total} saves`, '1 writer', r.single, '(reference)', ''),
      );
    figures.push(
      figure(
        'notes',
        `${r.kind} autosave ${r.writers.length} writers (each every ${AUTOSAVE_PACE_MS / 1000} s) p95`,
        a.latency.p95,
        'ms',
        AUTOSAVE_BUDGET_MS,
      ),
    );
    for (const e of r.endpoints) {
      const request =
        e.what === 'list' ? `GET ${LIST_PATH}` : `GET /api/notes/visits/:id/note (${DETAIL_SAMPLE} visits)`;
      if (e.error) {
        rows.push([
          label[r.kind],
          request,
          e.role.label,
          `HTTP ${e.status}: ${e.error}`,
          '',
          '',
          '',
          '',
          '',
          '',
          '',
          e.load.toFixed(2),
          '',
          'n/a',
        ]);
        continue;
      }
      const budget = e.what === 'list' ? LIST_BUDGET_MS : undefined;
      rows.push([
        label[r.kind],
        request,
        e.role.label,
        e.what === 'list'
          ? `${e.first.body.rows.length} of ${Number(e.first.body.paging.totalCount).toLocaleString('en-US')}`
          : `${Buffer.byteLength(JSON.stringify(e.first.body)).toLocaleString('en-US')} bytes`,
        ms(e.single.p50),
        `c=${CONNECTIONS}`,
        ms(e.loaded.latency.p50),
        ms(e.loaded.latency.p95),
        ms(e.loaded.latency.p99),
        e.loaded.requestsPerSecond.toFixed(0),
        [
          failures(e.loaded),
          e.drainMs > 1000 && `queued requests answered ${(e.drainMs / 1000).toFixed(0)} s after the load`,
        ]
          .filter(Boolean)
          .join('; ') || '0',
        e.load.toFixed(2),
        budget ? `p95 < ${budget} ms` : '(none)',
        budget ? (e.loaded.latency.p95 < budget ? 'PASS' : 'OVER') : '',
      ]);
      const name =
        e.what === 'list'
          ? `${r.kind} list as ${e.role.key} c=${CONNECTIONS} p95`
          : `${r.kind} note page c=${CONNECTIONS} p95`;
      (budget ? figures : extra).push(figure('notes', name, e.loaded.latency.p95, 'ms', budget));
    }
  }
  log(textTable(rows));

  const statementRows = [
    ['database', 'scope', 'page p50 / p95', 'count p50 / p95', 'reads note_revisions', 'load avg'],
    ...results.flatMap((r) =>
      r.statements.map((s) => [
        label[r.kind],
        s.scope.label,
        `${ms(s.page.timing.p50, 2)} / ${ms(s.page.timing.p95, 2)}`,
        `${ms(s.count.timing.p50, 2)} / ${ms(s.count.timing.p95, 2)}`,
        s.page.readsRevisions || s.count.readsRevisions ? 'yes' : 'no',
        r.statementsLoad.toFixed(2),
      ]),
    ),
  ];
  log(textTable(statementRows));
  const loadRows = [
    ['database', 'step', 'rows', 'took'],
    ...results.flatMap((r) =>
      r.notesData.steps.map((s) => [
        label[r.kind],
        s.step,
        s.rows === null ? '' : Number(s.rows).toLocaleString('en-US'),
        `${(s.ms / 1000).toFixed(1)} s`,
      ]),
    ),
  ];
  log(textTable(loadRows));

  const gib = (bytes) => `${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`;
  const dataText = results
    .map(
      (r) =>
        `${label[r.kind]}: ${r.data.counts.visits.toLocaleString('en-US')} visits, ${r.data.counts.notesVisits.toLocaleString('en-US')} of them in a notes status (${r.data.counts.listMatches.toLocaleString('en-US')} in the list's default 60 days), ${r.data.counts.notes.toLocaleString('en-US')} notes (${gib(r.notesData.sizes.notesBytes)}), ${Number(r.data.counts.revisions).toLocaleString('en-US')} revisions (${gib(r.notesData.sizes.revisionsBytes)} with indexes; values ${r.notesData.sizes.valuesBytes} bytes on average)`,
    )
    .join('; ');
  const pg = results.find((r) => r.kind === 'postgres') ?? results[0];
  const planText = pg
    ? pg.statements
        .flatMap((s) => [
          `-- ${label[pg.kind]}, list as ${s.scope.label}: page`,
          s.page.plan,
          `-- ${label[pg.kind]}, list as ${s.scope.label}: count`,
          s.count.plan,
        ])
        .join('\n')
    : '';
  const pageSql = pg?.statements[0]?.page.sql ?? '';
  const pgliteNote = results.some(
    (r) => r.kind === 'pglite' && Number(r.data.counts.revisions) < fullRevisions,
  )
    ? ` **PGlite ran with ${Number(results.find((r) => r.kind === 'pglite').data.counts.revisions).toLocaleString('en-US')} revisions, not ${fullRevisions.toLocaleString('en-US')}** (\`--pglite-revisions\`: the full load does not fit the time on PGlite; see the load table).`
    : '';
  return {
    title: `(k) Visit notes: autosave, the notes list and the note page with ${fullRevisions.toLocaleString('en-US')} revisions`,
    figures,
    extra,
    markdown: [
      `Data set from bench/scheduling-data.mjs at scale ${scale}, then (in SQL, into the stopped server's database) a note on every visit in a notes status (Notes Due … Final Confirmed; start-of-care definition v${note.definition.version}, the first fields filled) and ${fullRevisions.toLocaleString('en-US')} rows in note_revisions (the issue's 1,000,000 visits × 3 notes × 10 revisions; our model has one note per visit, so they are spread evenly over the notes, ${'~'}${Math.round(fullRevisions / (results[0]?.data.counts.notes || 1))} per note, each note's version being its newest revision; values are small drafts of 1–8 fields). Visits still Notes Due past their due time were first moved to Notes Overdue, as the overdue job would. ${dataText}.${pgliteNote}${version ? ` PostgreSQL ${version}.` : ''} The server is the real build; load from the bench process on the same machine; load average (1 min) of the 2 shared cores when each figure started.`,
      '',
      `- **Autosave**: ${WRITERS} clinicians (users of role 4 made for the bench with the demo password, linked to their clinician record, signed in through /api/security/authenticate), each with one visit of their own in Notes Due whose note already has its revisions. Each writer is an async loop in the bench process that sends \`PUT /api/notes/visits/:id/note\` with fetch, with the baseVersion of the previous answer, measured twice: each writer saving every ${AUTOSAVE_PACE_MS / 1000} s (the writers spread evenly over the second: ${WRITERS} saves a second in all, 30 times what ${WRITERS} clinicians autosaving every 30 s, the default autoSaveInterval, would send; this is the budget's figure), then back to back, each saving again as soon as it has the answer (the server saturated, a stress test: every save then waits for the others' in the server's one thread, so its latency is the number of writers times the server's time per save): a complete start-of-care note (every field of the current definition, fourteen medications, three wounds, four goals, long narratives; ${JSON.stringify(note.values).length.toLocaleString('en-US')} bytes of values, checked with validateNoteValues), the narrative changed on every save, \`autosave: true\`. 2 s of warm-up, then ${seconds} s measured; every latency is recorded.`,
      `- **List**: \`GET ${LIST_PATH}\` with no query string (default filters: every notes status, date of service from 60 days ago to today, the late ones first, page size 10) as the administrator, the care coordinator (coordinator@carelane.local) and one of the writers (a clinician sees their own visits): ${SEQUENTIAL} requests one after the other (c=1), then autocannon with ${CONNECTIONS} connections for ${seconds} s after 1 s of warm-up.`,
      `- **Note page**: \`GET /api/notes/visits/:id/note\` as the administrator over ${DETAIL_SAMPLE} visits with a note from the last 60 days, in turn, the same way.`,
      '',
      markdownTable(rows),
      '',
      `The list's two statements (captured from \`listNotes\` in api/src/modules/notes/list/repository.ts with the default filters), each run 10 times after a warm-up directly on the database with the server stopped:`,
      '',
      markdownTable(statementRows),
      '',
      'Loading the notes data (set-based SQL; note_revisions without its unique index, built again after):',
      '',
      markdownTable(loadRows),
      ...(planText
        ? [
            '',
            `Plans (explain analyze, buffers) on ${label[pg.kind]}. The page statement:`,
            '',
            '```sql',
            pageSql,
            '```',
            '',
            '```',
            planText,
            '```',
          ]
        : []),
    ].join('\n'),
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seconds: { type: 'string' },
      'data-cache': { type: 'string' },
      'pglite-revisions': { type: 'string' },
      kinds: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      /** Keeps the databases (PGlite folder, PostgreSQL database) for a look afterwards; their names are printed. */
      keep: { type: 'boolean', default: false },
      /** Writes the measurements to a JSON file (a run per database, in parallel, then --report-from both). */
      'save-results': { type: 'string' },
      /** Builds the section from the measurements of earlier runs (comma-separated JSON files); measures nothing. */
      'report-from': { type: 'string' },
      /** Measures a database kept by an earlier run again, nothing loaded: a PGlite folder or a PostgreSQL URL. */
      reuse: { type: 'string' },
    },
  });
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const section = await run({
    scale: Number(values.scale),
    seconds: values.seconds === undefined ? undefined : Number(values.seconds),
    ...(values['data-cache'] && { dataCache: values['data-cache'] }),
    ...(values['pglite-revisions'] && { pgliteRevisions: Number(values['pglite-revisions']) }),
    ...(values.kinds && { kinds: values.kinds.split(',') }),
    build: !values['no-build'],
    keep: values.keep,
    saveResults: values['save-results'],
    ...(values['report-from'] && { reportFrom: values['report-from'].split(',') }),
    ...(values.reuse && {
      reuse: {
        [values.reuse.startsWith('postgres') ? 'postgres' : 'pglite']: values.reuse.startsWith('postgres')
          ? { databaseUrl: values.reuse }
          : { dataDir: values.reuse },
      },
    }),
  });
  if (Number(values.scale) === 1 && (!values.kinds || values['report-from']))
    await writeResultsSection({
      script: 'notes.mjs',
      heading: /^## \(k\) Visit notes/m,
      section,
      startedAt,
      conditions: values['report-from']
        ? `assembled by \`--report-from\` from runs saved with \`--save-results\`, one per database; ${os.cpus().length} cores shared with other work, the load average when each figure started is in its row`
        : `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
    });
}
