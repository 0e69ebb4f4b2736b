// (u) The intake assistant's extraction (issue 28: "Extraction of a typical email with the embedded engine: p95 <
// 150 ms; the corpus of 60 in < 10 s"). The real server (PGlite, demo data), as a care coordinator: every email
// of the request corpus (api/src/modules/messaging/assistant/engine/corpus.ts) through POST
// /api/admin/assistant/extract, one after another, five rounds after a warm-up round; the corpus's time is one
// round's sum of request times. The engine alone (in this process) for comparison.
//
//   node bench/assistant.mjs [--rounds 5]
import { parseArgs } from 'node:util';
import {
  buildIfStale,
  figure,
  isMain,
  latencySummary,
  loadApiBundle,
  login,
  markdownTable,
  ms,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const EMAIL_BUDGET_MS = 150;
const CORPUS_BUDGET_MS = 10_000;

export async function run({ rounds = 5 } = {}) {
  console.log('\n(u) Intake assistant: extraction of the request corpus');
  buildIfStale();
  const bundle = await loadApiBundle(
    'assistant',
    [
      "export { REQUEST_CORPUS } from '../src/modules/messaging/assistant/engine/corpus';",
      "export { extractRequest } from '../src/modules/messaging/assistant/engine';",
      "export { loadGazetteer } from '../src/modules/maps/gazetteer';",
      "export { HOME_HEALTH_ICD10_CODES } from '../src/db/icd-codes';",
    ].join('\n'),
  );
  const corpus = bundle.REQUEST_CORPUS;
  const dataDir = tempDataDir('assistant');
  const server = await startHealthy({ dataDir });
  try {
    const token = await login(server, { emailId: 'coordinator@carelane.local', password: 'Carelane-demo-1' });
    const extract = async (email) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/assistant/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: email.text, receivedAt: email.referenceDate }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`extract answered ${res.status} for ${email.id}`);
      return performance.now() - started;
    };
    for (const email of corpus) await extract(email);
    const times = [];
    const roundTotals = [];
    for (let round = 0; round < rounds; round++) {
      let total = 0;
      for (const email of corpus) {
        const took = await extract(email);
        times.push(took);
        total += took;
      }
      roundTotals.push(total);
    }
    const gazetteer = await bundle.loadGazetteer();
    const engineTimes = corpus.map((email) => {
      const started = performance.now();
      bundle.extractRequest(email.text, {
        referenceDate: email.referenceDate,
        gazetteer,
        icdCodes: bundle.HOME_HEALTH_ICD10_CODES,
      });
      return performance.now() - started;
    });
    const api = latencySummary(times);
    const engine = latencySummary(engineTimes);
    const corpusMs = Math.max(...roundTotals);
    const rows = [
      ['measured', 'emails', 'p50', 'p95', 'max'],
      ['POST /api/admin/assistant/extract', String(times.length), ms(api.p50), ms(api.p95), ms(api.max)],
      ['the engine alone', String(engineTimes.length), ms(engine.p50), ms(engine.p95), ms(engine.max)],
    ];
    console.log(textTable(rows));
    console.log(
      `  the corpus of ${corpus.length} through the API: ${ms(corpusMs, 0)} (slowest of ${rounds} rounds)`,
    );
    return {
      title: '(u) Intake assistant extraction',
      figures: [
        figure('assistant', 'extract one email, p95 (API)', api.p95, 'ms', EMAIL_BUDGET_MS),
        figure('assistant', `the corpus of ${corpus.length} emails (API)`, corpusMs, 'ms', CORPUS_BUDGET_MS),
      ],
      markdown: [
        `The request corpus (${corpus.length} emails of varied styles) through the API as a care coordinator, PGlite, one request at a time, ${rounds} rounds after a warm-up; the corpus's time is the slowest round.`,
        '',
        markdownTable(rows),
        '',
        `The corpus through the API: ${ms(corpusMs, 0)}.`,
      ].join('\n'),
    };
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
  const startedAt = new Date();
  const section = await run({ rounds: Number(values.rounds) });
  await writeResultsSection({
    script: 'assistant.mjs',
    heading: /^## \(u\) Intake assistant/m,
    section,
    startedAt,
  });
}
