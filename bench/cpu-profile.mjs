// Sums a V8 CPU profile (node --cpu-prof) of the server by component: where its one JavaScript thread spends time.
import fs from 'node:fs';

const CATEGORIES = [
  ['idle (waiting for I/O)', (f) => f.functionName === '(idle)'],
  [
    'PGlite (WebAssembly PostgreSQL + its JS)',
    (f) => f.url.startsWith('wasm://') || f.url.includes('@electric-sql/pglite'),
  ],
  [
    'socket writes (writev: queries to PostgreSQL, responses)',
    (f) =>
      ['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String'].includes(f.functionName) && !f.url,
  ],
  ['drizzle-orm (query building, row mapping)', (f) => f.url.includes('/drizzle-orm/')],
  ['pg driver', (f) => /\/node_modules\/pg(-[a-z]+)?\//.test(f.url)],
  [
    'zod (validation, response serialization)',
    (f) => f.url.includes('/zod/') || f.url.includes('fastify-type-provider-zod'),
  ],
  [
    'fastify, helmet, cors, cookie',
    (f) =>
      /\/node_modules\/(fastify|@fastify\/[^/]+|find-my-way|helmet|avvio|light-my-request|fast-json-stringify|cookie|content-type)\//.test(
        f.url,
      ),
  ],
  ['API code (api/dist/main.cjs)', (f) => f.url.endsWith('main.cjs')],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
  ['Node core (http, net, streams, timers)', (f) => f.url.startsWith('node:')],
];

/** Calls `visit(frame, deltaUs)` for each sample taken between `fromBeforeEndMs` and `toBeforeEndMs` before the end. */
function eachSample(file, { fromBeforeEndMs = Infinity, toBeforeEndMs = 0 }, visit) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const beforeEndMs = (profile.endTime - at) / 1000;
    if (beforeEndMs > fromBeforeEndMs || beforeEndMs < toBeforeEndMs) return;
    visit(nodes.get(id).callFrame, delta);
  });
}

/**
 * Answers { totalMs, busyMs, rows: [[category, ms, percent]] } for the samples of the profile file taken
 * between `fromBeforeEndMs` and `toBeforeEndMs` before the profile ended (the process exited), so the
 * start-up and the shutdown are left out.
 */
export function summarizeProfile(file, window = {}) {
  const totals = new Map();
  let totalUs = 0;
  let idleUs = 0;
  eachSample(file, window, (frame, delta) => {
    const category = CATEGORIES.find(([, test]) => test(frame))?.[0] ?? 'other (native, V8, module loading)';
    totals.set(category, (totals.get(category) ?? 0) + delta);
    totalUs += delta;
    if (frame.functionName === '(idle)') idleUs += delta;
  });
  const rows = [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([category, us]) => [category, us / 1000, (100 * us) / totalUs]);
  return { totalMs: totalUs / 1000, busyMs: (totalUs - idleUs) / 1000, rows };
}

/** Self time in ms by function (name and file:line) over the same window, the largest first. */
export function hottestFunctions(file, window = {}) {
  const totals = new Map();
  eachSample(file, window, (frame, delta) => {
    if (frame.functionName === '(idle)') return;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
      : 'native';
    const name = `${frame.functionName || '(anonymous)'} ${where}`;
    totals.set(name, (totals.get(name) ?? 0) + delta / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * The stretches of at least `minMs` in which the thread never went idle: when each began (ms after the profile
 * started), how long it lasted, and the call stacks (outermost first) that took most of it. A stall that holds
 * every request up shows here.
 */
export function busyStretches(file, minMs = 100, topStacks = 3) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stackOf = (id) => {
    const names = [];
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (frame.functionName === '(root)') break;
      const where = frame.url ? frame.url.replace(/^.*node_modules\//, '').replace(/^.*\//, '') : '';
      names.push(`${frame.functionName || '(anonymous)'}${where ? ` ${where}:${frame.lineNumber + 1}` : ''}`);
    }
    return names.reverse().slice(-8).join(' > ');
  };
  const stretches = [];
  let current = null;
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    const idle = nodes.get(id).callFrame.functionName === '(idle)';
    if (idle) {
      if (current && current.ms >= minMs) stretches.push(current);
      current = null;
      return;
    }
    current ??= { startMs: at - delta, ms: 0, stacks: new Map() };
    current.ms += delta;
    current.stacks.set(id, (current.stacks.get(id) ?? 0) + delta);
  });
  if (current && current.ms >= minMs) stretches.push(current);
  return stretches.map((s) => ({
    startMs: Math.round(s.startMs),
    ms: Math.round(s.ms),
    stacks: [...s.stacks]
      .sort((a, b) => b[1] - a[1])
      .slice(0, topStacks)
      .map(([id, ms]) => `${Math.round(ms)} ms ${stackOf(id)}`),
  }));
}
