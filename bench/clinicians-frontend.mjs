// (j) Clinicians, front end (issue 11): mf-clinicians' own JavaScript on the first load of /providers, and where
// the PDF code comes in. Headless Chromium (Debian's, playwright-core, as frontend.mjs) against the real server
// with the shell and mf-clinicians assembled (the other areas are not needed: only mf-clinicians' files are
// counted).
//  - /providers: RUNS cold loads (a new browser context each, signed in as the administrator, the page loaded
//    from the address bar); every file fetched from /remotes/mf-clinicians/ (encoded size as Chromium reports
//    it, and its gzip and brotli sizes from the build) and which of them are the PDF's or the signature's.
//  - The PDF: a newly registered clinician opens /credentialForm, opens the agreement to sign (the signature
//    canvas is drawn by default), draws a signature, asks for the PDF preview and signs; the chunks fetched at
//    each step.
//
//   node bench/clinicians-frontend.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import chromiumOptions from '../scripts/chromium.cjs';
import { assembleStatic } from '../scripts/assemble-static.mjs';
import { buildManyIfStale } from '../scripts/build-if-stale.mjs';
import {
  ADMIN,
  REPO_DIR,
  figure,
  isMain,
  latencySummary,
  markdownTable,
  removeDir,
  startHealthy,
  tempDataDir,
  textTable,
  writeResultsSection,
} from './lib.mjs';

const RUNS = Number(process.env.FRONTEND_RUNS || 5);
const AREA = 'mf-clinicians';
const PREFIX = `/remotes/${AREA}/`;
const BUDGET_KB = 60;
const kb = (bytes) => bytes / 1024;
const { chromiumLaunchOptions } = chromiumOptions;

/** What a built chunk is, from what it holds: the PDF's and the signature's chunks by their contents. */
const KINDS = [
  { kind: 'jspdf', pdf: true, test: (text) => /jsPDF/.test(text) },
  { kind: 'html2canvas (jspdf, optional)', pdf: true, test: (text) => /html2canvas/.test(text) },
  { kind: 'canvg (jspdf, optional)', pdf: true, test: (text) => /canvg/i.test(text) },
  { kind: 'dompurify (jspdf, optional)', pdf: true, test: (text) => /dompurify/i.test(text) },
  { kind: 'agreement PDF builder', pdf: true, test: (text) => /typed signature/.test(text) },
  { kind: 'signature canvas (SignaturePad)', signature: true, test: (text) => /Clear signature/.test(text) },
];

function builtChunks() {
  const dist = path.join(REPO_DIR, AREA, 'dist');
  return Object.fromEntries(
    fs
      .readdirSync(dist)
      .filter((name) => name.endsWith('.js'))
      .map((name) => {
        const buffer = fs.readFileSync(path.join(dist, name));
        const text = buffer.toString('utf8');
        const found = KINDS.find((k) => k.test(text));
        return [
          name,
          {
            name,
            raw: buffer.length,
            gzip: zlib.gzipSync(buffer, { level: 9 }).length,
            brotli: zlib.brotliCompressSync(buffer).length,
            kind: found?.kind ?? '',
            pdf: Boolean(found?.pdf),
            signature: Boolean(found?.signature),
          },
        ];
      }),
  );
}

/** Records every response of the area's files: { file, encoding, bytes (encoded body, from the CDP) }. */
async function recordArea(page) {
  const seen = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  cdp.on('Network.responseReceived', (event) => {
    const url = new URL(event.response.url);
    if (!url.pathname.startsWith(PREFIX)) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    byId.set(event.requestId, {
      file: url.pathname.slice(PREFIX.length),
      encoding: headers['content-encoding'] ?? 'identity',
      fromCache: event.response.fromDiskCache || event.response.fromPrefetchCache,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) seen.push({ ...entry, bytes: event.encodedDataLength });
  });
  return seen;
}

/**
 * Until no file of the area has arrived for a second (the signed-in pages keep a connection open, so the
 * network is never idle), at most 15 s.
 */
async function settle(seen) {
  const until = Date.now() + 15_000;
  let count = -1;
  while (count !== seen.length && Date.now() < until) {
    count = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function signIn(page, url, credentials) {
  await page.goto(`${url}/`);
  await page.getByLabel('Email').fill(credentials.emailId);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

/** One cold first load of /providers as the administrator. */
async function providersLoad(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, url, ADMIN);
    await page.goto(`${url}/profile`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const seen = await recordArea(page);
    const started = Date.now();
    await page.goto(`${url}/providers`);
    await page.locator(`[data-area="${AREA}"] h1`).first().waitFor({ timeout: 30_000 });
    const renderedMs = Date.now() - started;
    await page.getByRole('table').first().waitFor({ timeout: 30_000 });
    await settle(seen);
    // The encoded body sizes as the page saw them (the CDP's encodedDataLength is 0 for a body the network
    // service had already fetched, e.g. prefetched by the shell), and whether they came over the network.
    const entries = await page.evaluate(
      (prefix) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith(prefix))
          .map((e) => ({ name: e.name, encoded: e.encodedBodySize, transfer: e.transferSize })),
      PREFIX,
    );
    const byFile = new Map(entries.map((e) => [new URL(e.name).pathname.slice(PREFIX.length), e]));
    return {
      seen: seen.map((s) => ({
        ...s,
        bytes: byFile.get(s.file)?.encoded ?? s.bytes,
        transfer: byFile.get(s.file)?.transfer ?? NaN,
      })),
      renderedMs,
    };
  } finally {
    await context.close();
  }
}

/** A newly registered clinician: the agreement to sign, the PDF preview, the signing; chunks by step. */
async function pdfSession(browser, url) {
  const stamp = Date.now();
  const credentials = { emailId: `bench.signer.${stamp}@example.com`, password: 'Signer-password-1' };
  const registered = await fetch(`${url}/api/security/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...credentials,
      firstName: 'Bench',
      lastName: 'Signer',
      phoneNumber: `737557${String(1000 + (stamp % 9000))}`,
      providerTypeId: 1,
    }),
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  const steps = [];
  try {
    await signIn(page, url, credentials);
    const seen = await recordArea(page);
    let mark = 0;
    const step = (name) => {
      steps.push({ step: name, files: seen.slice(mark) });
      mark = seen.length;
    };
    // Every page the clinician opens before the agreement (sign-in lands on their start page).
    step('signed in (start page)');
    await page.goto(`${url}/credentialForm`);
    await page
      .getByRole('button', { name: /^Read and sign the / })
      .first()
      .waitFor({ timeout: 30_000 });
    await settle(seen);
    step('/credentialForm loaded (agreements to sign)');
    await page
      .getByRole('button', { name: /^Read and sign the / })
      .first()
      .click();
    await page.getByLabel('Legal name').waitFor();
    const canvas = page.locator('canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await settle(seen);
    step('agreement opened to sign (drawing mode, the default)');
    await page.getByLabel('Legal name').fill('Bench Signer');
    await page.getByLabel('Start date').fill('2026-12-01');
    await page.getByRole('checkbox', { name: 'I have read the agreement' }).check();
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++)
      await page.mouse.move(box.x + 20 + i * 10, box.y + box.height / 2 + (i % 2 ? 12 : -12));
    await page.mouse.up();
    await settle(seen);
    step('form filled, signature drawn');
    const started = Date.now();
    await page.getByRole('button', { name: 'Preview PDF' }).click();
    await page.getByText('Open the PDF preview').waitFor({ timeout: 30_000 });
    const previewMs = Date.now() - started;
    await settle(seen);
    step('Preview PDF (the PDF made)');
    await page.getByRole('button', { name: 'Sign agreement' }).click();
    await page.getByText('Agreement signed.').waitFor({ timeout: 30_000 });
    await settle(seen);
    step('Sign agreement (the PDF made again, uploaded, signed)');
    return { steps, previewMs };
  } finally {
    await context.close();
  }
}

export async function run({ log = console.log } = {}) {
  log('\n(j) Clinicians, front end in headless Chromium');
  await buildManyIfStale(['shell', AREA], { log: (line) => log(`  ${line}`) });
  const chunks = builtChunks();
  const staticDir = tempDataDir('clinicians-static');
  const dataDir = tempDataDir('clinicians-frontend');
  assembleStatic(staticDir, { areas: [AREA] });
  const server = await startHealthy({ dataDir }, { STATIC_DIR: staticDir });
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  const load = os.loadavg()[0];
  try {
    await providersLoad(browser, server.url); // warms the server's static files
    const loads = [];
    for (let i = 0; i < RUNS; i++) loads.push(await providersLoad(browser, server.url));
    const pdf = await pdfSession(browser, server.url);

    const describe = (file) => chunks[file] ?? { name: file, raw: NaN, gzip: NaN, brotli: NaN, kind: '' };
    const sumOf = (list, key) => list.reduce((sum, f) => sum + f[key], 0);
    const jsOf = (seen) => seen.filter((s) => s.file.endsWith('.js'));
    const perLoad = loads.map((l) => ({
      transferred: sumOf(jsOf(l.seen), 'bytes'),
      files: jsOf(l.seen).map((s) => s.file),
      all: l.seen,
    }));
    const first = perLoad[0];
    const files = first.files.map(describe);
    const unexpected = perLoad
      .flatMap((l) => l.files)
      .map(describe)
      .filter((c) => c.pdf || c.signature);
    const transferred = latencySummary(perLoad.map((l) => l.transferred));
    const encodings = [...new Set(perLoad.flatMap((l) => jsOf(l.all).map((s) => s.encoding)))].join(', ');
    const rendered = latencySummary(loads.map((l) => l.renderedMs));
    const other = first.all.filter((s) => !s.file.endsWith('.js'));

    const fileRows = [
      ['file', 'what', 'as transferred (encoded)', 'raw', 'gzip -9', 'brotli'],
      ...files.map((c, i) => [
        c.name,
        c.name === 'remoteEntry.js' ? 'Module Federation entry' : c.kind || (i ? '' : ''),
        `${kb(jsOf(first.all)[i].bytes).toFixed(1)} KB (${jsOf(first.all)[i].encoding})`,
        `${kb(c.raw).toFixed(1)} KB`,
        `${kb(c.gzip).toFixed(1)} KB`,
        `${kb(c.brotli).toFixed(1)} KB`,
      ]),
      [
        `total, ${files.length} files`,
        '',
        `${kb(first.transferred).toFixed(1)} KB`,
        `${kb(sumOf(files, 'raw')).toFixed(1)} KB`,
        `${kb(sumOf(files, 'gzip')).toFixed(1)} KB`,
        `${kb(sumOf(files, 'brotli')).toFixed(1)} KB`,
      ],
      ...other.map((s) => [
        s.file,
        'not JavaScript',
        `${kb(s.bytes).toFixed(1)} KB (${s.encoding})`,
        '',
        '',
        '',
      ]),
    ];
    const pdfChunks = Object.values(chunks).filter((c) => c.pdf || c.signature);
    const stepRows = [
      [
        'step (a new clinician, /credentialForm)',
        "mf-clinicians' files fetched",
        'of them PDF or signature chunks',
      ],
      ...pdf.steps.map((s) => {
        const list = s.files.filter((f) => f.file.endsWith('.js')).map((f) => describe(f.file));
        return [
          s.step,
          list.length ? list.map((c) => `${c.name} (${kb(c.brotli).toFixed(1)} KB br)`).join(', ') : 'none',
          list
            .filter((c) => c.pdf || c.signature)
            .map((c) => c.kind)
            .join(', ') || 'none',
        ];
      }),
    ];
    const chunkRows = [
      ['chunk', 'what', 'raw', 'gzip -9', 'brotli'],
      ...pdfChunks.map((c) => [
        c.name,
        c.kind,
        `${kb(c.raw).toFixed(1)} KB`,
        `${kb(c.gzip).toFixed(1)} KB`,
        `${kb(c.brotli).toFixed(1)} KB`,
      ]),
    ];
    const loaded = new Set(pdf.steps.flatMap((s) => s.files.map((f) => f.file)));
    const stepOf = (name) => pdf.steps.find((s) => s.files.some((f) => f.file === name))?.step ?? 'never';
    const verdicts = [
      ['check', 'result', 'verdict'],
      [
        `mf-clinicians' JavaScript on the first load of /providers (compressed as transferred, max of ${RUNS})`,
        `${kb(transferred.max).toFixed(1)} KB (${encodings}); brotli of the same files ${kb(sumOf(files, 'brotli')).toFixed(1)} KB, gzip ${kb(sumOf(files, 'gzip')).toFixed(1)} KB`,
        transferred.max < BUDGET_KB * 1024 ? 'PASS' : 'OVER',
      ],
      [
        'PDF or signature chunks fetched on /providers',
        unexpected.length ? unexpected.map((c) => `${c.name} (${c.kind})`).join(', ') : 'none',
        unexpected.length ? 'FAIL' : 'PASS',
      ],
      ...pdfChunks.map((c) => [
        `${c.kind} (${c.name}) first fetched at`,
        stepOf(c.name),
        !loaded.has(c.name)
          ? c.pdf && !c.kind.includes('optional')
            ? 'FAIL (never loaded)'
            : 'not loaded (jspdf loads it only for HTML or SVG content)'
          : c.signature || /Preview PDF|Sign agreement/.test(stepOf(c.name))
            ? 'PASS'
            : 'FAIL',
      ]),
      [
        '/providers: page heading on screen after the load starts, p50 / max',
        `${rendered.p50} / ${rendered.max} ms`,
        '',
      ],
      ['PDF preview: click to the link', `${pdf.previewMs} ms`, ''],
    ];
    log(textTable(verdicts));
    log(textTable(fileRows));
    log(textTable(stepRows));
    log(textTable(chunkRows));
    return {
      title: '(j) Clinicians, front end: mf-clinicians on /providers and the PDF chunks',
      figures: [
        figure(
          'clinicians-frontend',
          'mf-clinicians JS on first load of /providers, compressed',
          kb(transferred.max),
          'KB',
          BUDGET_KB,
        ),
        figure(
          'clinicians-frontend',
          'PDF or signature chunks fetched on /providers',
          unexpected.length,
          'chunks',
          1,
        ),
      ],
      markdown: [
        `Headless Chromium (playwright-core), the shell and mf-clinicians assembled and served by the real server (demo data; load average ${load.toFixed(2)} when it started). ${RUNS} cold loads of /providers from the address bar, each in a new browser context signed in as the administrator (after /profile, which loads no area); the sizes are the encoded (compressed) bodies of the files the page fetched from /remotes/mf-clinicians/ (Resource Timing's encodedBodySize), the gzip and brotli columns those files compressed from the build. Then a clinician registered for the run opens /credentialForm, opens the agreement, draws a signature, asks for the PDF preview and signs; the chunks are recognised by their contents (jspdf, its optional html2canvas, canvg and dompurify, the agreement's PDF builder, the SignaturePad).`,
        '',
        markdownTable(verdicts),
        '',
        'The files of the first load of /providers:',
        '',
        markdownTable(fileRows),
        '',
        'The PDF session, step by step:',
        '',
        markdownTable(stepRows),
        '',
        "mf-clinicians' PDF and signature chunks in the build:",
        '',
        markdownTable(chunkRows),
      ].join('\n'),
    };
  } finally {
    await browser.close();
    await server.stop();
    removeDir(dataDir);
    removeDir(staticDir);
  }
}

if (isMain(import.meta.url)) {
  const startedAt = new Date();
  const loadBefore = os.loadavg()[0];
  const section = await run();
  await writeResultsSection({
    script: 'clinicians-frontend.mjs',
    heading: /^## \(j\) Clinicians, front end/m,
    section,
    startedAt,
    conditions: `load average before / after ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores shared with other work`,
  });
}
