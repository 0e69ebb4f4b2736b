// `npm run bench`: runs every benchmark, prints a summary with PASS/OVER per budget and writes RESULTS.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_DIR,
  REPO_DIR,
  buildIfStale,
  markdownTable,
  postgresVersion,
  summaryRows,
  textTable,
} from './lib.mjs';
import * as startup from './startup.mjs';
import * as login from './login.mjs';
import * as userList from './user-list.mjs';
import * as frontend from './frontend.mjs';
import * as lighthouse from './lighthouse.mjs';
import * as lighthousePages from './lighthouse-pages.mjs';

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: REPO_DIR, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

const started = new Date();
const loadBefore = os.loadavg();
buildIfStale();
const pgVersion = await postgresVersion();
const commit = git('rev-parse', '--short', 'HEAD');
const dirty =
  git(
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    'api',
    'shared-domain',
    'shell',
    'shared-ui',
    'shared-session',
    'mf-*',
  ) !== '';

const sections = [];
for (const bench of [startup, login, userList, frontend, lighthouse, lighthousePages])
  sections.push(await bench.run());
sections.push(await (await import('./scheduling.mjs')).run());
sections.push(await (await import('./coverage-map.mjs')).run());
sections.push(await (await import('./audit-log.mjs')).run());
sections.push(await (await import('./credential-expiry.mjs')).run());
sections.push(await (await import('./clinicians.mjs')).run());
sections.push(await (await import('./clinicians-frontend.mjs')).run());
sections.push(await (await import('./notes.mjs')).run());
sections.push(await (await import('./notes-frontend.mjs')).run());
sections.push(await (await import('./address-autocomplete.mjs')).run());
sections.push(await (await import('./billing.mjs')).run());
sections.push(await (await import('./reports.mjs')).run());
const loadAfter = os.loadavg();

const figures = sections.flatMap((s) => s.figures);
for (const s of sections) figures.push(...(s.extra ?? []));
const summary = summaryRows(figures);
const over = figures.filter((f) => f.verdict === 'OVER').length;
console.log('\nSummary');
console.log(textTable(summary));
console.log(over ? `${over} figure(s) OVER budget.` : 'Every figure within budget.');

const cpus = os.cpus();
const machine = [
  `- Date: ${started.toISOString()} (run took ${Math.round((Date.now() - started.getTime()) / 1000)} s)`,
  `- Machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
  `- Load average (1 min) before / after: ${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)} (other work on the machine makes figures noisy)`,
  `- Node ${process.version}; PostgreSQL ${pgVersion ?? 'not reachable'}; PGlite ${pgliteVersion()}`,
  `- Code: commit ${commit || 'unknown'}${dirty ? ', with uncommitted changes in api/ or shared-domain/ at the time of the run' : ''}`,
].join('\n');

const markdown = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run-all.mjs); the figures below come from that run unless a section says it was measured alone later. The server is the real build (`node api/dist/main.cjs`), spawned by the bench; load comes from autocannon in the bench process, on the same machine.',
  '',
  machine,
  '',
  '## Summary',
  '',
  'Each row comes from the latest run of its section: this run, or a later run of that section alone (its date is at the head of the section).',
  '',
  markdownTable(summary),
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', s.markdown, '']),
].join('\n');
fs.writeFileSync(path.join(BENCH_DIR, 'RESULTS.md'), await formatMarkdown(markdown));
console.log(`Results written to ${path.relative(process.cwd(), path.join(BENCH_DIR, 'RESULTS.md'))}`);

function pgliteVersion() {
  try {
    const file = path.join(REPO_DIR, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** Formats the Markdown as `npm run format` would (prettier is a root dev dependency), so format checks pass. */
async function formatMarkdown(text) {
  try {
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(path.join(BENCH_DIR, 'RESULTS.md'))) ?? {};
    return await prettier.format(text, { ...options, parser: 'markdown' });
  } catch {
    return text;
  }
}
