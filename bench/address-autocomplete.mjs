// (l) GET /api/maps/autocomplete: latency of address suggestions from the built-in gazetteer, as a signed-in
// coordinator's address field asks for them (partial ZIP codes, city prefixes, streets with and without a city).
import {
  buildIfStale,
  figure,
  isMain,
  login,
  markdownTable,
  ms,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  timeRepeated,
  writeResultsSection,
} from './lib.mjs';

const BUDGET_P95_MS = 20;
const RUNS = 400;
const TEXTS = [
  '7',
  '75',
  'San',
  'Fort W',
  '100',
  'Hou',
  '1 Main St, Austin',
  'Dal',
  '9',
  'New',
  'Spring, TX',
  '512 Congress Ave',
  '100 Main St Round Rock',
];

export async function run() {
  buildIfStale();
  const dataDir = tempDataDir('autocomplete');
  const server = await startHealthy({ dataDir });
  try {
    const token = await login(server);
    let i = 0;
    const summary = await timeRepeated(
      async () => {
        const input = encodeURIComponent(TEXTS[i++ % TEXTS.length]);
        const res = await fetch(`${server.url}/api/maps/autocomplete?input=${input}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`autocomplete answered ${res.status}`);
      },
      RUNS,
      20,
    );
    const rows = [
      ['requests', 'p50', 'p95', 'p99', 'max'],
      [String(summary.count), ms(summary.p50), ms(summary.p95), ms(summary.p99), ms(summary.max)],
    ];
    return {
      title: '(l) Address autocomplete',
      text: textTable(rows),
      markdown: [
        `${RUNS} sequential GET /api/maps/autocomplete requests over HTTP from a signed-in administrator (PGlite, demo data), cycling through ${TEXTS.length} inputs: ${TEXTS.map((t) => `'${t}'`).join(', ')}. Budget: p95 under ${BUDGET_P95_MS} ms.`,
        '',
        markdownTable(rows),
      ].join('\n'),
      figures: [figure('address autocomplete', 'p95 latency', summary.p95, 'ms', BUDGET_P95_MS)],
    };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const section = await run();
  console.log(section.text);
  await writeResultsSection({
    script: 'address-autocomplete.mjs',
    heading: /^## \(l\) Address autocomplete/m,
    section,
    startedAt,
  });
}
