// (a) Start-up: time from spawning `node api/dist/main.cjs` until GET /api/health answers 200,
// on a fresh DATA_DIR (PGlite initdb, migrations, demo seed) and again on the already-seeded folder.
import path from 'node:path';
import {
  buildIfStale,
  figure,
  isMain,
  markdownTable,
  ms,
  removeDir,
  spawnServer,
  tempDataDir,
  textTable,
  waitForHealth,
} from './lib.mjs';

const BUDGET_MS = 10_000;

/** The server prints "started in N ms": the time inside main() from reading the config to listening. */
const startedIn = (output) => Number(/started in (\d+) ms/.exec(output)?.[1] ?? NaN);

async function timeStart(dataDir) {
  const server = await spawnServer({ dataDir });
  let readyMs;
  try {
    readyMs = await waitForHealth(server);
  } catch (error) {
    await server.kill();
    throw error;
  }
  const exit = await server.stop();
  if (exit.code !== 0) throw new Error(`the server exited with ${JSON.stringify(exit)}:\n${server.output()}`);
  return { readyMs, insideMainMs: startedIn(server.output()) };
}

/** What PGlite alone costs: opening a fresh folder (initdb) and an existing one. */
async function pgliteOpenTimes() {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = tempDataDir('pglite-open');
  try {
    let t = performance.now();
    let db = await PGlite.create(path.join(dir, 'pgdata'));
    const fresh = performance.now() - t;
    await db.close();
    t = performance.now();
    db = await PGlite.create(path.join(dir, 'pgdata'));
    const existing = performance.now() - t;
    await db.close();
    return { fresh, existing };
  } finally {
    removeDir(dir);
  }
}

export async function run({ runs = 3 } = {}) {
  buildIfStale();
  console.log(`\n(a) Start-up of node api/dist/main.cjs until GET /api/health = 200 (${runs} runs each)`);
  const fresh = [];
  const seeded = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = tempDataDir('startup');
    try {
      fresh.push(await timeStart(dataDir));
      seeded.push(await timeStart(dataDir));
    } finally {
      removeDir(dataDir);
    }
    console.log(
      `  run ${i + 1}: fresh DATA_DIR ${ms(fresh[i].readyMs, 0)} (inside main ${fresh[i].insideMainMs} ms), ` +
        `seeded DATA_DIR ${ms(seeded[i].readyMs, 0)} (inside main ${seeded[i].insideMainMs} ms)`,
    );
  }
  const open = await pgliteOpenTimes();
  const worst = (list) => Math.max(...list.map((r) => r.readyMs));
  const median = (list) => [...list.map((r) => r.readyMs)].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const rows = [
    ['DATA_DIR', 'median', 'worst', 'budget', 'verdict'],
    [
      'fresh (initdb + migrations + demo seed)',
      ms(median(fresh), 0),
      ms(worst(fresh), 0),
      ms(BUDGET_MS, 0),
      worst(fresh) < BUDGET_MS ? 'PASS' : 'OVER',
    ],
    [
      'already seeded',
      ms(median(seeded), 0),
      ms(worst(seeded), 0),
      ms(BUDGET_MS, 0),
      worst(seeded) < BUDGET_MS ? 'PASS' : 'OVER',
    ],
  ];
  console.log(textTable(rows));
  console.log(
    `  PGlite alone: PGlite.create on a fresh folder ${ms(open.fresh, 0)}, on an existing folder ${ms(open.existing, 0)}`,
  );
  return {
    title: '(a) Start-up (`node api/dist/main.cjs` until GET /api/health = 200, PGlite)',
    figures: [
      figure('startup', 'fresh DATA_DIR, worst of ' + runs, worst(fresh), 'ms', BUDGET_MS),
      figure('startup', 'seeded DATA_DIR, worst of ' + runs, worst(seeded), 'ms', BUDGET_MS),
    ],
    markdown: [
      'Each run spawns the server on a new temporary DATA_DIR (empty: PGlite initdb, migrations, reference and demo seed with one argon2id hash), stops it with SIGTERM, then starts it again on the same, now seeded, folder. "Inside main" is the figure the server prints itself ("started in N ms": from reading the config to listening); the rest is Node starting and loading the bundle.',
      '',
      markdownTable([
        [
          'run',
          'fresh: until health 200',
          'fresh: inside main',
          'seeded: until health 200',
          'seeded: inside main',
        ],
        ...fresh.map((f, i) => [
          String(i + 1),
          ms(f.readyMs, 0),
          `${f.insideMainMs} ms`,
          ms(seeded[i].readyMs, 0),
          `${seeded[i].insideMainMs} ms`,
        ]),
      ]),
      '',
      `PGlite alone (in the bench process): \`PGlite.create\` on an empty folder ${ms(open.fresh, 0)} (its initdb), on an existing folder ${ms(open.existing, 0)}.`,
    ].join('\n'),
  };
}

if (isMain(import.meta.url)) await run();
