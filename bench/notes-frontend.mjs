// (k) Visit notes, front end (issue 12): the budgets of the note form and of print all, in headless Chromium
// (Debian's, playwright-core, as frontend.mjs) against the real server on PGlite with the shell and mf-notes
// assembled.
//  - (a) Opening a 300-field note: the demo clinician opens /note?visitId=N of one of their visits whose notes are
//    due. The detail answer (GET /api/notes/visits/:id/note) is the real server's (visit, note version, canEdit)
//    with its definition replaced, by page.route, by a generated 300-field one: the start-of-care definition's
//    sections (Braden, fall risk, … scores kept) plus generated sections of text, number and choice fields, and
//    the note's values filled for every field. RUNS cold loads (a new browser context each); from the detail
//    response's end (Resource Timing responseEnd) to the last field in the DOM; to the first screen's fields in the
//    DOM (every field whose top is within the viewport once the form is complete, the page not scrolled: the
//    latest of their insertions, seen by a MutationObserver); and to 'interactive': the first screen's fields in
//    the DOM and the last long task after the data ended, whichever is later. Interactive was "the last field and
//    the last long task" while the form was drawn in one task; since NoteForm draws a note longer than any we ship
//    a slice at a time (its first fields at once, the rest in tasks of ~30 ms), the last field comes after the page
//    is usable, and any slice over 50 ms is still counted by the long-task part. The last field stays reported.
//  - (b) Typing: 50 characters into a text field (page.keyboard.type), then Braden items chosen by keyboard
//    (arrow keys in the radio groups) so the score recomputes; Event Timing (durationThreshold 16) per
//    interaction, long tasks during the typing. The saves go to the real PUT with the values the server's
//    definition knows (the generated fields are left out of the body, which the server would refuse).
//  - (c) Print all: GET /api/notes/notesListForPrint answered with 200 generated approved start-of-care notes; the
//    time from 'Print all notes' to the download button, the longest task and a setInterval(50) drift probe
//    during the build, and the PDF checked (%PDF, pages counted).
//
//   node bench/notes-frontend.mjs          (NOTES_FE_RUNS=5, NOTES_FE_PRINT=200)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import chromiumOptions from '../scripts/chromium.cjs';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  ADMIN,
  REPO_DIR,
  buildIfStale,
  figure,
  isMain,
  latencySummary,
  login,
  markdownTable,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const RUNS = Number(process.env.NOTES_FE_RUNS || 5);
const PRINT_NOTES = Number(process.env.NOTES_FE_PRINT || 200);
const FIELDS = 300;
const TYPED = 'Patient ambulates 30 ft with walker, steady gait.'.padEnd(50, '.');
const CLINICIAN = { emailId: 'clinician@carelane.local', password: 'Carelane-demo-1' };
const BUDGET = { interactiveMs: 500, keystrokeMs: 50, printS: 20, longestTaskMs: 200 };
const AREA = 'mf-notes';
const { chromiumLaunchOptions } = chromiumOptions;
const DETAIL_PATH = /\/api\/notes\/visits\/(\d+)\/note$/;

/** shared-domain (TypeScript) bundled by esbuild for Node: the definitions, option lists, scores and checks. */
async function loadDomain(dir) {
  const esbuild = await import('esbuild');
  const outfile = path.join(dir, 'shared-domain.mjs');
  await esbuild.build({
    entryPoints: [path.join(REPO_DIR, 'shared-domain', 'src', 'index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

const WORDS =
  'patient alert oriented lives with daughter ambulates walker steady gait denies pain skin intact warm dry lungs clear bilaterally edema none noted tolerates diet well instructed on medication schedule verbalized understanding'.split(
    ' ',
  );
const words = (n, seed) =>
  Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ');
const sentence = (n, seed) => {
  const text = words(n, seed);
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
};

/** A value for a simple field (top level or a table column), valid for its kind, options and range. */
function simpleValue(domain, field, seed) {
  switch (field.kind) {
    case 'text': {
      const text = field.multiline ? `${sentence(18, seed)} ${sentence(14, seed + 1)}` : words(4, seed);
      return field.maxLength ? text.slice(0, field.maxLength) : text;
    }
    case 'number': {
      const min = field.min ?? 0;
      const max = field.max ?? min + 100;
      const value = min + ((seed * 13) % Math.max(1, Math.floor(max - min)));
      return field.integer ? Math.round(value) : value;
    }
    case 'date':
      return `2026-11-${String(1 + (seed % 20)).padStart(2, '0')}`;
    case 'time':
      return `${String(8 + (seed % 9)).padStart(2, '0')}:${String((seed * 5) % 60).padStart(2, '0')}`;
    case 'choice': {
      const options = domain.optionsOfField(field).filter((o) => !/^none/i.test(o.label));
      const list = options.length ? options : domain.optionsOfField(field);
      if (field.multiple)
        return [list[seed % list.length].value, list[(seed + 1) % list.length].value].filter(
          (v, i, a) => a.indexOf(v) === i,
        );
      return list[seed % list.length].value;
    }
    default:
      return undefined;
  }
}

function goalsValue(domain) {
  return domain.GOAL_PHRASE_SEED.slice(0, 2).map((seed) => {
    const fillIns = Object.fromEntries(domain.fillInsOf(seed.phrase).map((name) => [name, 'walker']));
    const timeframe = domain.GOAL_TIMEFRAMES[0];
    const built = domain.buildGoalSentence({ ...seed, fillIns, timeframe });
    return {
      category: seed.category,
      person: seed.person,
      action: seed.action,
      phrase: seed.phrase,
      fillIns,
      timeframe,
      text: built.ok ? built.text : '',
    };
  });
}

/** Values for every field of a definition (scores computed); fields the server's check refuses are left out. */
function valuesFor(domain, definition, seed = 1, signer = 'Casey Rivera') {
  const values = {};
  domain.fieldsOf(definition).forEach((field, i) => {
    const s = seed + i;
    if (['text', 'number', 'date', 'time', 'choice'].includes(field.kind))
      values[field.id] = simpleValue(domain, field, s);
    else if (field.kind === 'table')
      values[field.id] = [0, 1, 2].map((row) =>
        Object.fromEntries(field.columns.map((c, j) => [c.id, simpleValue(domain, c, s + row * 5 + j)])),
      );
    else if (field.kind === 'vitals')
      values[field.id] = Object.fromEntries(
        field.readingTypes.map((code) => {
          const type = domain.readingTypeOf(code);
          const min = type?.min ?? 60;
          const max = type?.max ?? min + 40;
          return [code, { value: Math.round((min + max) / 2) }];
        }),
      );
    else if (field.kind === 'goals') values[field.id] = goalsValue(domain);
    else if (field.kind === 'diagnoses') values[field.id] = { primary: 'E11.9', others: ['I10', 'M62.81'] };
    else if (field.kind === 'signature')
      values[field.id] = { name: signer, signedAt: '2026-11-20T11:00:00.000Z' };
  });
  let scored = domain.withComputedScores(definition, values);
  const refused = new Set(
    domain
      .validateNoteValues(definition, scored, 'save')
      .map((e) => e.field.replace(/^values\./, '').split(/[.[]/)[0]),
  );
  for (const id of refused) delete values[id];
  scored = domain.withComputedScores(definition, values);
  const left = domain.validateNoteValues(definition, scored, 'save');
  if (left.length) throw new Error(`generated values refused: ${JSON.stringify(left.slice(0, 3))}`);
  return { values: scored, refused: [...refused] };
}

/** The start-of-care definition with generated sections (before the signature) up to FIELDS top-level fields. */
function bigDefinition(domain, base) {
  const have = domain.fieldsOf(base).length;
  const kinds = [
    (i) => ({ id: `gen${i}`, label: `Observation ${i}`, kind: 'text' }),
    (i) => ({ id: `gen${i}`, label: `Measurement ${i}`, kind: 'number', min: 0, max: 200, integer: true }),
    (i) => ({ id: `gen${i}`, label: `Assist level ${i}`, kind: 'choice', options: 'functionalAssistLevels' }),
    (i) => ({
      id: `gen${i}`,
      label: `Finding ${i}`,
      kind: 'choice',
      options: [
        { value: 'Y', label: 'Yes' },
        { value: 'N', label: 'No' },
        { value: 'NA', label: 'Not assessed' },
      ],
    }),
    (i) => ({ id: `gen${i}`, label: `Comment ${i}`, kind: 'text', multiline: true }),
  ];
  const fields = Array.from({ length: FIELDS - have }, (_, i) => kinds[i % kinds.length](i + 1));
  const generated = [];
  for (let start = 0; start < fields.length; start += 20)
    generated.push({
      id: `generated${start / 20 + 1}`,
      title: `Systems review ${start / 20 + 1}`,
      fields: fields.slice(start, start + 20),
    });
  const sign = base.sections.findIndex((s) => s.id === 'signOff');
  const at = sign < 0 ? base.sections.length : sign;
  const definition = {
    ...base,
    sections: [...base.sections.slice(0, at), ...generated, ...base.sections.slice(at)],
  };
  domain.noteDefinitionSchema.parse(definition);
  const all = domain.fieldsOf(definition);
  if (all.length !== FIELDS) throw new Error(`the definition has ${all.length} fields`);
  return definition;
}

async function api(server, token, method, url, body) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/** One of the clinician's visits whose note can be edited, with a saved start-of-care note (seeded if new). */
async function clinicianVisit(domain, server) {
  const token = await login(server, CLINICIAN);
  for (const status of ['NotesDue', 'NotesOverdue', 'NotesRejected']) {
    const list = await api(
      server,
      token,
      'GET',
      `/api/notes/notes?status=${status}&startDate=2020-01-01&pageSize=50`,
    );
    for (const row of list.rows) {
      const detail = await api(server, token, 'GET', `/api/notes/visits/${row.visitId}/note`);
      if (!detail.canEdit) continue;
      if (detail.note && detail.note.noteType !== 'SOC') continue;
      if (!detail.note) {
        const definition = domain.currentDefinitionOf('SOC');
        await api(server, token, 'PUT', `/api/notes/visits/${row.visitId}/note`, {
          noteType: 'SOC',
          definitionVersion: definition.version,
          values: valuesFor(domain, definition).values,
          baseVersion: 0,
          deviceId: 'bench-notes-frontend',
          autosave: false,
        });
      }
      const seeded = await api(server, token, 'GET', `/api/notes/visits/${row.visitId}/note`);
      return { visitId: row.visitId, status, definition: seeded.definition, token };
    }
  }
  throw new Error('the demo clinician has no visit whose notes are due');
}

/** Collects long tasks, Event Timing interactions, the detail response's end and field renders in the page. */
function pageProbe({ lastSelector }) {
  const bench = (window.__bench = {
    longtasks: [],
    events: [],
    detailEnd: [],
    lastFieldAt: null,
    fieldAt: {},
    fieldCount: 0,
    renders: 0,
    drift: [],
  });
  globalThis.__noteFormFieldRendered = () => {
    bench.renders += 1;
  };
  const observe = (type, fn, extra = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({
        type,
        buffered: true,
        ...extra,
      });
    } catch {
      /* not supported */
    }
  };
  observe('longtask', (e) => bench.longtasks.push({ start: e.startTime, duration: e.duration }));
  observe('resource', (e) => {
    if (/\/api\/notes\/visits\/\d+\/note$/.test(new URL(e.name).pathname))
      bench.detailEnd.push(e.responseEnd);
  });
  observe(
    'event',
    (e) => {
      if (e.interactionId > 0)
        bench.events.push({
          name: e.name,
          id: e.interactionId,
          start: e.startTime,
          duration: e.duration,
          delay: e.processingStart - e.startTime,
          processing: e.processingEnd - e.processingStart,
        });
    },
    { durationThreshold: 16 },
  );
  // Only the added subtrees are searched (a search of the whole document at every mutation costs the page
  // hundreds of ms while antd inserts its styles one by one).
  const mutations = new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      if (
        record.target.classList?.contains('notes-print-progress') ||
        record.target.parentElement?.classList?.contains('notes-print-progress')
      ) {
        const text = document.querySelector('.notes-print-progress')?.textContent ?? '';
        if (!bench.firstProgressAt && /^\d+ of \d+ notes$/.test(text)) bench.firstProgressAt = now;
        if (/^(\d+) of \1 notes$/.test(text)) bench.lastNoteAt ??= now;
        if (/PDF is ready/.test(text)) bench.readyAt ??= now;
      }
      if (!lastSelector || bench.lastFieldAt) continue;
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('[data-field]')) bench.fieldAt[node.dataset.field] ??= now;
        for (const field of node.querySelectorAll('[data-field]')) bench.fieldAt[field.dataset.field] ??= now;
        if (node.matches(lastSelector) || node.querySelector(lastSelector)) {
          bench.lastFieldAt = now;
          bench.fieldCount = document.querySelectorAll('.note-form-fields > [data-field]').length;
          break;
        }
      }
    }
  });
  mutations.observe(document, { childList: true, subtree: true, characterData: true });
  bench.startDrift = () => {
    let last = performance.now();
    bench.driftTimer = setInterval(() => {
      const now = performance.now();
      bench.drift.push(now - last - 50);
      last = now;
    }, 50);
  };
  bench.stopDrift = () => clearInterval(bench.driftTimer);
}

async function signIn(page, url, credentials) {
  await page.goto(`${url}/`);
  await page.getByLabel('Email').fill(credentials.emailId);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

/** Answers the detail with the big definition and values; the saves go to the server with what it knows. */
async function routeNote(page, { definition, values, serverFieldIds }) {
  await page.route(DETAIL_PATH, async (route) => {
    const request = route.request();
    if (request.method() === 'GET') {
      const response = await route.fetch();
      const detail = await response.json();
      detail.definition = definition;
      detail.note = { ...detail.note, values: { ...detail.note.values, ...values } };
      await route.fulfill({ response, json: detail });
      return;
    }
    if (request.method() === 'PUT') {
      const body = request.postDataJSON();
      body.values = Object.fromEntries(Object.entries(body.values).filter(([id]) => serverFieldIds.has(id)));
      const response = await route.fetch({ postData: JSON.stringify(body) });
      const saved = await response.json();
      if (response.status() === 200) saved.values = request.postDataJSON().values;
      page.__saves.push(response.status());
      await route.fulfill({ response, json: saved });
      return;
    }
    await route.continue();
  });
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const PROFILE = process.env.NOTES_FE_PROFILE === '1';

/** Starts the V8 sampling profiler of the page (NOTES_FE_PROFILE=1); stop() answers the profile. */
async function startProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

const TRACE_EVENTS = [
  'EventDispatch',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'ParseAuthorStyleSheet',
];

/** Renderer main-thread time by trace event (nested events are counted in each: JS runs inside EventDispatch). */
function summarizeTrace(buffer) {
  const events = JSON.parse(buffer.toString('utf8')).traceEvents ?? [];
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const sums = new Map();
  let tasks = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name === 'RunTask') tasks += e.dur / 1000;
    if (TRACE_EVENTS.includes(e.name)) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
  }
  return {
    tasksMs: tasks,
    rows: [...sums].sort((a, b) => b[1] - a[1]).map(([name, ms]) => [name, `${ms.toFixed(0)} ms`]),
  };
}

/**
 * Self time of a page's CPU profile by original source (the builds' source maps): a package of node_modules or a
 * file of ours; answers the top rows by source and by function.
 */
async function summarizePageProfile(profile, top = 14) {
  const { SourceMapConsumer } = await import('source-map-js');
  const consumers = new Map();
  const consumerOf = (url) => {
    let pathname;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    if (!pathname.endsWith('.js')) return null;
    const file = pathname.startsWith('/remotes/mf-notes/')
      ? path.join(REPO_DIR, AREA, 'dist', pathname.slice('/remotes/mf-notes/'.length))
      : path.join(REPO_DIR, 'shell', 'dist', path.basename(pathname));
    if (!consumers.has(file))
      consumers.set(
        file,
        fs.existsSync(`${file}.map`)
          ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')))
          : null,
      );
    return consumers.get(file);
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const where = new Map();
  const placeOf = (node) => {
    if (where.has(node.id)) return where.get(node.id);
    const frame = node.callFrame;
    let source = frame.url ? path.basename(new URL(frame.url).pathname) : frame.functionName || '(native)';
    let name = frame.functionName || '(anonymous)';
    const consumer = frame.url && frame.lineNumber >= 0 ? consumerOf(frame.url) : null;
    if (consumer) {
      const original = consumer.originalPositionFor({
        line: frame.lineNumber + 1,
        column: frame.columnNumber,
      });
      if (original.source) {
        const s = original.source.replace(/^webpack:\/\/[^/]*\//, '');
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
        source = pkg ? pkg[1] : s.replace(/^(\.\.\/)+/, '').replace(/^\.\//, '');
        name = `${original.name ?? name} (${s.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${original.line})`;
      }
    }
    const place = { source, name };
    where.set(node.id, place);
    return place;
  };
  const bySource = new Map();
  const byName = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = nodes.get(id);
    if (node.callFrame.functionName === '(idle)') return;
    const place = placeOf(node);
    total += delta;
    bySource.set(place.source, (bySource.get(place.source) ?? 0) + delta);
    byName.set(place.name, (byName.get(place.name) ?? 0) + delta);
  });
  const rows = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => [k, `${v.toFixed(0)} ms`, `${((100 * v) / total).toFixed(0)} %`]);
  return { busyMs: total, bySource: rows(bySource), byName: rows(byName) };
}

/** One cold load of the 300-field note, then (when `typing`) the keystrokes and Braden choices. */
async function noteSession(browser, url, note, { typing }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.__saves = [];
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await signIn(page, url, CLINICIAN);
    await page.addInitScript(pageProbe, { lastSelector: `[data-field$="-${note.lastFieldId}"]` });
    await routeNote(page, note);
    const profiling = PROFILE && typing;
    let stop = profiling ? await startProfile(page) : null;
    await page.goto(`${url}/note?visitId=${note.visitId}`);
    await page.locator(`[data-field$="-${note.lastFieldId}"]`).waitFor({ timeout: 30_000 });
    await settle(1500); // long tasks after the last field are reported once they end
    const profiles = {};
    if (stop) profiles.load = await summarizePageProfile(await stop());
    const load = await page.evaluate(() => {
      const b = window.__bench;
      const end = b.detailEnd[b.detailEnd.length - 1];
      const after = b.longtasks.filter((t) => t.start + t.duration > end);
      const lastTaskEnd = Math.max(end, ...after.map((t) => t.start + t.duration));
      const shown = [...document.querySelectorAll('.note-form-fields > [data-field]')].filter(
        (element) => element.getBoundingClientRect().top < window.innerHeight,
      );
      const firstScreenAt = Math.max(...shown.map((element) => b.fieldAt[element.dataset.field] ?? NaN));
      return {
        detailEnd: end,
        fieldMs: b.lastFieldAt - end,
        firstScreenMs: firstScreenAt - end,
        firstScreenFields: shown.length,
        interactiveMs: Math.max(firstScreenAt, lastTaskEnd) - end,
        lastTaskEndMs: lastTaskEnd - end,
        longTasks: after.map((t) => Math.round(t.duration)),
        fieldCount: b.fieldCount,
        inputs: document.querySelectorAll('.note-form input, .note-form textarea').length,
      };
    });
    if (!typing) return { load, errors, profiles };

    const before = await page.evaluate(() => {
      const b = window.__bench;
      b.events.length = 0;
      b.renders = 0;
      b.typingFrom = performance.now();
      return true;
    });
    void before;
    const text = page.locator(`[data-field$="-${note.typeFieldId}"] input`).first();
    await text.scrollIntoViewIfNeeded();
    await text.click();
    await page.keyboard.press('End');
    const rendersBefore = await page.evaluate(() => window.__bench.renders);
    stop = profiling ? await startProfile(page) : null;
    if (profiling)
      await page
        .context()
        .browser()
        .startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
        });
    await page.keyboard.type(TYPED, { delay: 60 });
    const rendersTyping = (await page.evaluate(() => window.__bench.renders)) - rendersBefore;
    const braden = [];
    for (const id of note.bradenItems) {
      const radio = page.locator(`[data-field$="-${id}"] input[type=radio]`).first();
      await radio.scrollIntoViewIfNeeded();
      await radio.focus();
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft']) {
        await page.keyboard.press(key);
        await settle(60);
      }
    }
    const scoreText = await page.locator(`[data-field$="-bradenScore"]`).innerText();
    braden.push(scoreText.replace(/\s+/g, ' ').trim());
    await settle(1000);
    if (stop) {
      profiles.typing = await summarizePageProfile(await stop());
      profiles.typingTrace = summarizeTrace(await page.context().browser().stopTracing());
    }
    const typed = await page.evaluate(() => {
      const b = window.__bench;
      const byInteraction = new Map();
      for (const e of b.events) {
        const seen = byInteraction.get(e.id);
        if (!seen || e.duration > seen.duration) byInteraction.set(e.id, e);
      }
      return {
        interactions: [...byInteraction.values()],
        events: b.events.length,
        longTasks: b.longtasks.filter((t) => t.start >= b.typingFrom).map((t) => Math.round(t.duration)),
      };
    });
    const value = await text.inputValue();
    return {
      load,
      typed: {
        ...typed,
        rendersTyping,
        scoreText: braden[0],
        typedOk: value.endsWith(TYPED),
        saves: page.__saves,
      },
      errors,
      profiles,
    };
  } finally {
    await context.close();
  }
}

/** 200 approved start-of-care notes as notesListForPrint answers them. */
function printables(domain, definition, count) {
  const clinicians = ['Rivera, Casey', 'Nguyen, Lan', 'Okafor, Ada', 'Schmidt, Jonas'];
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 * 1.5);
    const date = day.toISOString().slice(0, 10);
    const provider = clinicians[i % clinicians.length];
    const signer = provider.split(', ').reverse().join(' ');
    const { values } = valuesFor(domain, definition, i + 1, signer);
    values.signature = { name: signer, signedAt: `${date}T11:00:00.000Z` };
    const row = {
      visit: {
        visitId: 5000 + i,
        episodeId: 1,
        status: 'NotesApproved',
        statusLabel: 'Notes Approved',
        lateCancellation: false,
        version: 4,
        dateOfService: date,
        scheduledStart: `${date}T09:00:00.000Z`,
        scheduledEnd: `${date}T10:00:00.000Z`,
        timeIn: `${date}T09:03:00.000Z`,
        timeOut: `${date}T09:57:00.000Z`,
        patientId: 1,
        patientName: 'Whitaker, Eleanor',
        address: '1200 Oak Street, Austin, TX 78701',
        providerId: 10 + (i % clinicians.length),
        providerName: provider,
        providerType: 'RN',
        visitType: 'RN Start of Care',
        referralSourceName: 'Sunrise Home Health',
        enableNotesWorkflow: true,
      },
      note: {
        id: 9000 + i,
        visitId: 5000 + i,
        noteType: definition.noteType,
        definitionVersion: definition.version,
        values,
        version: 6,
        savedAt: `${date}T11:00:00.000Z`,
        savedByName: signer,
        submittedAt: `${date}T11:05:00.000Z`,
      },
      definition,
      signedBy: signer,
    };
    return domain.printableNoteSchema.parse(row);
  });
}

async function printSession(browser, url, rows, dir) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await signIn(page, url, ADMIN);
    await page.addInitScript(pageProbe, { lastSelector: null });
    const body = JSON.stringify({ rows });
    await page.route(/\/api\/notes\/notesListForPrint/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body }),
    );
    await page.goto(`${url}/notesPrint?episodeId=1&startDate=2026-01-01&endDate=2026-12-31`);
    const button = page.getByRole('button', { name: 'Print all notes' });
    await button.waitFor({ timeout: 30_000 });
    await settle(500);
    await page.evaluate(() => {
      const b = window.__bench;
      b.longtasks.length = 0;
      b.printFrom = performance.now();
      b.startDrift();
    });
    const stop = PROFILE ? await startProfile(page) : null;
    const started = Date.now();
    await button.click();
    const download = page
      .getByRole('link', { name: /^Download / })
      .or(page.getByRole('button', { name: /^Download / }));
    await download.first().waitFor({ timeout: 180_000 });
    const totalMs = Date.now() - started;
    const probe = await page.evaluate(() => {
      const b = window.__bench;
      b.stopDrift();
      const tasks = b.longtasks.filter((t) => t.start >= b.printFrom);
      const phase = (t) =>
        t.start < (b.firstProgressAt ?? Infinity)
          ? 'fetch and check the notes'
          : t.start < (b.lastNoteAt ?? Infinity)
            ? 'notes drawn'
            : 'footers and output';
      const phases = {};
      for (const t of tasks) {
        const p = (phases[phase(t)] ??= { count: 0, longest: 0 });
        p.count += 1;
        p.longest = Math.max(p.longest, t.duration);
      }
      return {
        phases,
        timeline: {
          firstProgress: (b.firstProgressAt ?? NaN) - b.printFrom,
          lastNote: (b.lastNoteAt ?? NaN) - b.printFrom,
          ready: (b.readyAt ?? NaN) - b.printFrom,
        },
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((s, t) => s + t.duration, 0),
        maxDrift: Math.max(0, ...b.drift),
        ticks: b.drift.length,
        driftP95: b.drift.sort((x, y) => x - y)[Math.floor(b.drift.length * 0.95)] ?? 0,
      };
    });
    const profile = stop ? await summarizePageProfile(await stop()) : null;
    const [file] = await Promise.all([page.waitForEvent('download'), download.first().click()]);
    const target = path.join(dir, 'notes.pdf');
    await file.saveAs(target);
    const pdf = fs.readFileSync(target);
    const latin = pdf.toString('latin1');
    return {
      totalMs,
      ...probe,
      profile,
      pdf: {
        bytes: pdf.length,
        isPdf: latin.startsWith('%PDF'),
        pages: (latin.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length,
        name: file.suggestedFilename(),
      },
      errors,
    };
  } finally {
    await context.close();
  }
}

export async function run({ log = console.log } = {}) {
  log('\n(k) Visit notes, front end in headless Chromium');
  buildIfStale();
  await buildManyIfStale(['shell', AREA], { log: (line) => log(`  ${line}`) });
  const work = tempDataDir('notes-frontend-work');
  const staticDir = tempDataDir('notes-static');
  const dataDir = tempDataDir('notes-frontend');
  const domain = await loadDomain(work);
  assembleStatic(staticDir, { areas: [AREA] });
  const server = await startHealthy({ dataDir }, { STATIC_DIR: staticDir });
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const load = os.loadavg()[0];
  try {
    const visit = await clinicianVisit(domain, server);
    const definition = bigDefinition(domain, visit.definition);
    const { values, refused } = valuesFor(domain, definition);
    const all = domain.fieldsOf(definition);
    const note = {
      visitId: visit.visitId,
      definition,
      values,
      serverFieldIds: new Set(domain.fieldsOf(visit.definition).map((f) => f.id)),
      lastFieldId: all[all.length - 1].id,
      typeFieldId: all.find((f) => f.kind === 'text' && !f.multiline && f.id.startsWith('gen')).id,
      bradenItems: all.filter((f) => /^braden/.test(f.id) && f.kind === 'choice').map((f) => f.id),
    };
    log(
      `  visit ${visit.visitId} (${visit.status}); definition ${definition.noteType} v${definition.version}: ${all.length} fields in ${definition.sections.length} sections (${domain.fieldsOf(visit.definition).length} of start of care); ${Object.keys(values).length} values${refused.length ? `, left out: ${refused.join(', ')}` : ''}`,
    );
    await noteSession(browser, server.url, note, { typing: false }); // warms the server's static files
    const loads = [];
    for (let i = 0; i < RUNS; i++) {
      const session = await noteSession(browser, server.url, note, { typing: i === RUNS - 1 });
      loads.push(session);
      log(
        `  load ${i + 1}: first screen ${session.load.firstScreenMs.toFixed(0)} ms (${session.load.firstScreenFields} fields), last field ${session.load.fieldMs.toFixed(0)} ms, interactive ${session.load.interactiveMs.toFixed(0)} ms after the data (long tasks ${session.load.longTasks.join(', ') || 'none'} ms)`,
      );
    }
    const typed = loads[loads.length - 1].typed;
    const interactions = typed.interactions.map((e) => e.duration);
    // Every keystroke is an interaction; ones under 16 ms are not reported by Event Timing (durationThreshold).
    const keyInteractions = TYPED.length + note.bradenItems.length * 3;
    const inp = latencySummary(interactions.length ? interactions : [0]);
    const fieldMs = latencySummary(loads.map((l) => l.load.fieldMs));
    const firstScreenMs = latencySummary(loads.map((l) => l.load.firstScreenMs));
    const interactive = latencySummary(loads.map((l) => l.load.interactiveMs));

    const rows = printables(domain, visit.definition, PRINT_NOTES);
    const print = await printSession(browser, server.url, rows, work);
    log(`  print all: ${(print.totalMs / 1000).toFixed(1)} s, longest task ${print.longest.toFixed(0)} ms`);
    const errors = [...new Set([...loads.flatMap((l) => l.errors), ...print.errors])];

    const verdicts = [
      ['figure', 'measured', 'budget', 'verdict'],
      [
        `(a) 300-field note: data arrived → last field in the DOM, median / worst of ${RUNS}`,
        `${fieldMs.p50.toFixed(0)} / ${fieldMs.max.toFixed(0)} ms`,
        '',
        '',
      ],
      [
        `(a) 300-field note: data arrived → the first screen's fields in the DOM, median / worst of ${RUNS}`,
        `${firstScreenMs.p50.toFixed(0)} / ${firstScreenMs.max.toFixed(0)} ms`,
        '',
        '',
      ],
      [
        `(a) 300-field note: data arrived → interactive (first screen's fields in the DOM and last long task ended), median / worst of ${RUNS}`,
        `${interactive.p50.toFixed(0)} / ${interactive.max.toFixed(0)} ms`,
        `< ${BUDGET.interactiveMs} ms`,
        interactive.max < BUDGET.interactiveMs ? 'PASS' : 'OVER',
      ],
      [
        `(b) typing: interactions ≥ 16 ms (Event Timing), of ${keyInteractions} key presses`,
        `${interactions.length}`,
        '',
        '',
      ],
      [
        '(b) typing: interaction duration p50 / p95 / max (of those ≥ 16 ms)',
        interactions.length
          ? `${inp.p50.toFixed(0)} / ${inp.p95.toFixed(0)} / ${inp.max.toFixed(0)} ms`
          : 'none ≥ 16 ms',
        `< ${BUDGET.keystrokeMs} ms`,
        inp.max < BUDGET.keystrokeMs ? 'PASS' : 'OVER',
      ],
      [
        '(b) typing: long tasks while typing and choosing Braden items',
        typed.longTasks.length
          ? `${typed.longTasks.length}, longest ${Math.max(...typed.longTasks)} ms, ${typed.longTasks.reduce((a, b) => a + b, 0)} ms in all`
          : 'none',
        '',
        '',
      ],
      [
        `(b) field renders while typing ${TYPED.length} characters`,
        `${typed.rendersTyping} (${(typed.rendersTyping / TYPED.length).toFixed(1)} per keystroke)`,
        '',
        '',
      ],
      ['(b) Braden score shown after the choices', typed.scoreText, '', ''],
      [
        `(c) print all ${PRINT_NOTES} notes: click → download button`,
        `${(print.totalMs / 1000).toFixed(1)} s`,
        `< ${BUDGET.printS} s`,
        print.totalMs < BUDGET.printS * 1000 ? 'PASS' : 'OVER',
      ],
      [
        '(c) print all: longest task during the build',
        `${print.longest.toFixed(0)} ms (${print.longTasks} long tasks, ${(print.longTaskMs / 1000).toFixed(1)} s in all)`,
        `< ${BUDGET.longestTaskMs} ms`,
        print.longest < BUDGET.longestTaskMs ? 'PASS' : 'OVER',
      ],
      [
        '(c) print all: long tasks by phase (count, longest)',
        Object.entries(print.phases)
          .map(([p, v]) => `${p}: ${v.count}, ${v.longest.toFixed(0)} ms`)
          .join('; ') || 'none',
        '',
        '',
      ],
      [
        '(c) print all: after the click, the notes fetched and checked / last note drawn / PDF ready',
        `${(print.timeline.firstProgress / 1000).toFixed(1)} / ${(print.timeline.lastNote / 1000).toFixed(1)} / ${(print.timeline.ready / 1000).toFixed(1)} s`,
        '',
        '',
      ],
      [
        '(c) print all: setInterval(50 ms) drift, p95 / max',
        `${print.driftP95.toFixed(0)} / ${print.maxDrift.toFixed(0)} ms over ${print.ticks} ticks`,
        '',
        '',
      ],
      [
        '(c) the PDF',
        `${print.pdf.isPdf ? 'starts with %PDF' : 'NOT a PDF'}, ${print.pdf.pages} pages, ${(print.pdf.bytes / 1024 / 1024).toFixed(1)} MB, ${print.pdf.name}`,
        `≥ ${PRINT_NOTES} pages`,
        print.pdf.isPdf && print.pdf.pages >= PRINT_NOTES ? 'PASS' : 'FAIL',
      ],
      [
        'page errors',
        errors.length ? errors.join('; ').slice(0, 200) : 'none',
        '0',
        errors.length ? 'FAIL' : 'PASS',
      ],
    ];
    const loadRows = [
      [
        'cold load',
        'data → first screen (its fields)',
        'data → last field',
        'data → interactive',
        'long tasks after the data (ms)',
        'fields drawn',
        'inputs',
      ],
      ...loads.map((l, i) => [
        String(i + 1),
        `${l.load.firstScreenMs.toFixed(0)} ms (${l.load.firstScreenFields})`,
        `${l.load.fieldMs.toFixed(0)} ms`,
        `${l.load.interactiveMs.toFixed(0)} ms`,
        l.load.longTasks.join(', ') || 'none',
        String(l.load.fieldCount),
        String(l.load.inputs),
      ]),
    ];
    log(textTable(verdicts));
    log(textTable(loadRows));
    const profiles = { ...loads[loads.length - 1].profiles, print: print.profile };
    for (const [phase, summary] of Object.entries(profiles)) {
      if (!summary) continue;
      if (summary.tasksMs !== undefined) {
        log(`\nTrace, ${phase}: ${summary.tasksMs.toFixed(0)} ms in tasks on the renderer's main thread`);
        log(textTable([['event', 'time'], ...summary.rows]));
        continue;
      }
      log(`\nCPU profile, ${phase}: ${summary.busyMs.toFixed(0)} ms busy`);
      log(textTable([['source', 'self', 'share'], ...summary.bySource]));
      log(textTable([['function (original source)', 'self', 'share'], ...summary.byName]));
    }
    return {
      title: '(k) Visit notes, front end: a 300-field note, typing, print all',
      figures: [
        figure(
          'notes-frontend',
          '300-field note: data → interactive, worst',
          interactive.max,
          'ms',
          BUDGET.interactiveMs,
        ),
        figure('notes-frontend', 'typing: interaction duration, max', inp.max, 'ms', BUDGET.keystrokeMs),
        figure(
          'notes-frontend',
          `print all ${PRINT_NOTES} notes to PDF`,
          print.totalMs / 1000,
          's',
          BUDGET.printS,
        ),
        figure('notes-frontend', 'print all: longest task', print.longest, 'ms', BUDGET.longestTaskMs),
      ],
      markdown: [
        `Headless Chromium (playwright-core, Debian's), the shell and mf-notes assembled and served by the real server on PGlite (demo data; load average ${load.toFixed(2)} when it started, ${os.cpus().length} cores shared with other work).`,
        '',
        `- (a)/(b): the demo clinician (${CLINICIAN.emailId}) opens /note?visitId=${visit.visitId}, one of their visits in ${visit.status}, with a start-of-care note saved for the run. The detail answer is the real server's (visit, note version, canEdit true) with, by page.route, its definition replaced by a generated one of ${FIELDS} top-level fields: the ${domain.fieldsOf(visit.definition).length} fields of the server's ${visit.definition.noteType} v${visit.definition.version} definition (scores kept) plus ${definition.sections.length - visit.definition.sections.length} generated sections of text, multi-line text, number and choice fields (3 options: radio buttons; the functional assist list: a select) before the signature section, valid per noteDefinitionSchema, and the note's values filled for every field (${Object.keys(values).length} values). No definition is seeded in the database: definitions are code (shared-domain), so the interception is the only way to a 300-field note. Saves go to the real PUT with the values of the server's definition (the generated ones are left out of the body; the server would refuse them). ${RUNS} cold loads, each a new browser context signed in through the login page, then /note loaded from the address bar (after one warm-up load). Times are in the page: from the detail response's responseEnd (Resource Timing) to the last field of the form in the DOM (a MutationObserver); to the first screen's fields in the DOM (the fields whose top is within the 1280×900 viewport once the form is complete, the page not scrolled: the latest of their insertions); and to 'interactive': the first screen's fields in the DOM and the end of the last long task (PerformanceObserver 'longtask') after the data, whichever is later. (Until NoteForm drew long notes a slice at a time, 'interactive' was measured to the last field instead of the first screen's; the form was then drawn in one task, so both were the same moment. Now the rest of the fields come after, in tasks of ~30 ms, and a slice over 50 ms counts as a long task.)`,
        `- (b): in the last load, ${TYPED.length} characters typed into a generated text field (page.keyboard.type, 60 ms between keys), then each of the ${note.bradenItems.length} Braden items changed by keyboard (focus the radio group, ArrowRight, ArrowRight, ArrowLeft: ${note.bradenItems.length * 3} choices, each recomputing the scores). Event Timing (PerformanceObserver 'event', durationThreshold 16): per interaction (interactionId > 0) its longest event; an interaction under 16 ms is not reported, so the count says how many of the ${keyInteractions} key presses took ≥ 16 ms. Field renders counted by NoteForm's render probe. Saves during the typing answered: ${typed.saves.join(', ') || 'none'}.`,
        `- (c): the administrator opens /notesPrint?episodeId=1&startDate=2026-01-01&endDate=2026-12-31; GET /api/notes/notesListForPrint is answered (page.route) with ${PRINT_NOTES} generated approved notes of the same start-of-care definition (${domain.fieldsOf(visit.definition).length} fields, every one with a value, medications, wounds, vitals, goals, diagnoses, signature; each checked with printableNoteSchema). From the click on 'Print all notes' to the download button; long tasks and a setInterval(…, 50) drift probe in the page over the same time; then the PDF downloaded (page.waitForEvent('download')) and its '/Type /Page' objects counted.`,
        '',
        markdownTable(verdicts),
        '',
        markdownTable(loadRows),
      ].join('\n'),
    };
  } finally {
    await browser.close();
    await server.stop();
    removeDir(dataDir);
    removeDir(staticDir);
    removeDir(work);
  }
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const section = await run();
  await writeResultsSection({
    script: 'notes-frontend.mjs',
    heading: /^## \(k\) Visit notes, front end/m,
    section,
    startedAt,
    conditions: `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
  });
}
