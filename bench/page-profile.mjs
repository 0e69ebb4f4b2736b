// Where a signed-in page's main-thread JavaScript goes (issue 24, decision 042): a V8 CPU profile of one cold
// load in headless Chromium, without throttling, each sample's function mapped through the builds' source maps
// to its package (node_modules/<name>) or our folder, self time summed. Needs the builds with their maps
// (shell/dist, <area>/dist) and a server serving them.
//   node bench/page-profile.mjs http://127.0.0.1:8080 /providervisits clinician@carelane.local [--mobile]
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { AREAS } from '../scripts/build-if-stale.mjs';
import { REPO_DIR } from './lib.mjs';

const [baseUrl, pathname, emailId = 'admin@carelane.local'] = process.argv.slice(2);
const mobile = process.argv.includes('--mobile');
const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function token() {
  const res = await fetch(`${baseUrl}/api/security/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailId, password: 'Carelane-demo-1' }),
  });
  return (await res.json()).token;
}

/** The build folder a served script comes from: / -> shell/dist, /remotes/<area>/ -> <area>/dist. */
function localFile(url) {
  let p;
  try {
    p = new URL(url).pathname;
  } catch {
    return null;
  }
  const remote = /^\/remotes\/([^/@]+)(?:@[^/]+)?\/(.+)$/.exec(p);
  const file = remote
    ? AREAS.includes(remote[1])
      ? path.join(REPO_DIR, remote[1], 'dist', remote[2])
      : null
    : path.join(REPO_DIR, 'shell/dist', p.slice(1));
  return file && fs.existsSync(`${file}.map`) ? file : null;
}

const consumers = new Map();
function consumer(file) {
  if (!consumers.has(file))
    consumers.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))));
  return consumers.get(file);
}

function componentOf(source) {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return nm[1];
  const ours = /(shell|shared-ui|shared-session|shared-domain|mf-[a-z]+)\/src\/([^/]+)/.exec(source);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return source.replace(/^webpack:\/\/[^/]*\//, '').slice(0, 60);
}

const chrome = await puppeteer.launch({
  executablePath: CHROME_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const page = await chrome.newPage();
  if (mobile) await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
  else await page.setViewport({ width: 1350, height: 940 });
  const kept = await token();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((t) => {
    sessionStorage.setItem('carelane.session', t);
    localStorage.setItem('carelane.signedIn', '1');
  }, kept);
  const client = await page.createCDPSession();
  await client.send('Profiler.enable');
  await client.send('Profiler.setSamplingInterval', { interval: 200 });
  const longTasks = [];
  await page.evaluateOnNewDocument(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  await client.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle2', timeout: 120_000 });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = await client.send('Profiler.stop');
  longTasks.push(...(await page.evaluate(() => window.__longTasks)));
  const shown = await page.evaluate(() => document.querySelector('h1')?.textContent ?? '');
  console.log(`${pathname} as ${emailId}: shown "${shown}" after ${Date.now() - started} ms`);
  console.log(
    `long tasks: ${longTasks.length}, total ${longTasks.reduce((s, t) => s + t.ms, 0)} ms, blocking ${longTasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0)} ms: ${longTasks.map((t) => `${t.start}+${t.ms}`).join(' ')}`,
  );

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byComponent = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    let name;
    if (['(idle)', '(program)', '(garbage collector)'].includes(callFrame.functionName))
      name = callFrame.functionName;
    else {
      const file = localFile(callFrame.url);
      if (file) {
        const original = consumer(file).originalPositionFor({
          line: callFrame.lineNumber + 1,
          column: callFrame.columnNumber,
        });
        name = original.source ? componentOf(original.source) : path.basename(file);
        const fn = `${original.name ?? callFrame.functionName} ${original.source ? original.source.replace(/.*node_modules\//, '') : ''}:${original.line}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      } else name = callFrame.url ? new URL(callFrame.url).pathname : `(native) ${callFrame.functionName}`;
    }
    if (name !== '(idle)') total += us;
    byComponent.set(name, (byComponent.get(name) ?? 0) + us);
  }
  console.log(`busy (not idle): ${(total / 1000).toFixed(0)} ms`);
  for (const [name, us] of [...byComponent].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  console.log('hottest functions:');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
} finally {
  await chrome.close();
}
