// `npm run test:unit`: lint, typecheck, the unit suites, the API suite and the product's build for the end-to-end
// suite, in two lanes at once, one per core (decision 028).
// - lane api starts with the heaviest API test files, about FIRST_SHARE of the suite's weight;
// - lane web starts with ESLint and the TypeScript checks;
// then each takes the next job from one shared queue, heaviest first, until it is empty: the rest of the API
// suite in FOLLOWING_BATCHES batches, each other package's jest suite, and each build the end-to-end suite would
// otherwise start with (scripts/build-if-stale.mjs). Neither lane waits while the other has work.
// Each API file's weight is its seconds in a recorded run (api/test-weights.json: run with
// API_TEST_REPORT_DIR=<dir> to keep each batch's jest report, then `node scripts/api-test-weights.mjs <dir>/*.json`);
// a file not in it weighs the median. Each API batch is one jest process with its own database copies
// (api/src/test/db-snapshot.ts). Each line carries its lane's name. Both lanes run to their end, so one failure
// does not hide another; the exit code is the first failure's.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, WEB_BUILDS, buildManyIfStale } from './build-if-stale.mjs';

const API_DIR = path.join(ROOT, 'api');
const API_ENV = { NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning' };
/** The api lane's first batch, as a share of the suite's weight; the rest is cut into FOLLOWING_BATCHES. */
const FIRST_SHARE = 0.5;
const FOLLOWING_BATCHES = 4;

function prefixLines(name, stream, into, kept) {
  let rest = '';
  const write = (line) => {
    into.write(`[${name}] ${line}\n`);
    kept.push(line);
  };
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) write(line);
  });
  stream.on('end', () => rest && write(rest));
}

/** What each failed command printed, repeated at the very end, where a log cut to its tail still shows it. */
const failures = [];
const FAILURE_LINES = 60;

/** The lines that say why a command failed: jest's FAIL lines and the head of each failed test, else the tail. */
export function whyItFailed(lines, limit = FAILURE_LINES) {
  const picked = [];
  for (let i = 0; i < lines.length && picked.length < limit; i++) {
    if (/^\s*FAIL\s/.test(lines[i])) picked.push(lines[i]);
    else if (/^\s*● /.test(lines[i]) && !/● Console/.test(lines[i])) {
      picked.push(...lines.slice(i, i + 14).filter((line) => line.trim()));
    }
  }
  return (picked.length ? picked : lines.slice(-limit)).slice(0, limit);
}

function runCommand(name, [command, ...args], { cwd = ROOT, env = {} } = {}) {
  return new Promise((resolve) => {
    const kept = [];
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(name, child.stdout, process.stdout, kept);
    prefixLines(name, child.stderr, process.stderr, kept);
    const done = (code) => {
      if (code !== 0) failures.push({ what: `${name}: ${[command, ...args].join(' ').slice(0, 200)}`, kept });
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`[${name}] ${command}: ${error.message}`);
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

function reportFailures() {
  for (const { what, kept } of failures) {
    console.error(`\n=== failed: ${what}`);
    for (const line of whyItFailed(kept)) console.error(`  ${line}`);
  }
}

/** The API suite's files (as jest finds them), relative to api/. */
function apiTestFiles() {
  const listed = execFileSync('npx', ['jest', '--listTests'], {
    cwd: API_DIR,
    env: { ...process.env, ...API_ENV },
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter(Boolean)
    .map((file) => path.relative(API_DIR, file))
    .sort();
}

function recordedWeights() {
  try {
    return JSON.parse(fs.readFileSync(path.join(API_DIR, 'test-weights.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** The API files in batches: the first about FIRST_SHARE of the weight (heaviest first), then the rest in turns. */
export function apiBatches(files, weights, { firstShare = FIRST_SHARE, following = FOLLOWING_BATCHES } = {}) {
  const known = files
    .map((file) => weights[file])
    .filter((w) => typeof w === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const weighed = files
    .map((file) => ({ file, weight: typeof weights[file] === 'number' ? weights[file] : median }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const total = weighed.reduce((sum, f) => sum + f.weight, 0);
  const first = [];
  let taken = 0;
  while (weighed.length && taken < total * firstShare) {
    const next = weighed.shift();
    first.push(next.file);
    taken += next.weight;
  }
  const rest = Array.from({ length: following }, () => ({ files: [], weight: 0 }));
  for (const { file, weight } of weighed) {
    const lightest = rest.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return [first, ...rest.map((batch) => batch.files)].filter((batch) => batch.length);
}

/**
 * Each web package's jest suite and each build, in seconds of a full run on 2 cores (both lanes busy), for the
 * queue's order; a package not here weighs WEB_SUITE_DEFAULT.
 */
const WEB_SUITE_SECONDS = {
  '@carelane/mf-notes': 380,
  '@carelane/mf-billing': 340,
  '@carelane/mf-scheduling': 250,
  '@carelane/mf-clinicians': 180,
  '@carelane/shell': 90,
  '@carelane/shared-ui': 90,
  '@carelane/shared-domain': 15,
  '@carelane/shared-session': 12,
  '@carelane/mf-reports': 90,
  '@carelane/mf-messaging': 5,
};
const WEB_SUITE_DEFAULT = 30;
const BUILD_SECONDS = 60;

/** The workspaces other than the API that have a test script. */
function webSuites() {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return root.workspaces
    .map((dir) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')))
    .filter((manifest) => manifest.name !== '@carelane/api' && manifest.scripts?.test)
    .map((manifest) => manifest.name);
}

let apiBatchNumber = 0;

function apiJob(files, weight) {
  return {
    weight,
    run: (name) => {
      apiBatchNumber++;
      console.log(`[${name}] API batch ${apiBatchNumber}: ${files.length} files`);
      const report = process.env.API_TEST_REPORT_DIR
        ? [
            '--json',
            `--outputFile=${path.resolve(process.env.API_TEST_REPORT_DIR, `batch-${apiBatchNumber}.json`)}`,
          ]
        : [];
      return runCommand(name, ['npx', 'jest', '--runInBand', ...report, '--runTestsByPath', ...files], {
        cwd: API_DIR,
        env: API_ENV,
      });
    },
  };
}

/**
 * The work either lane may take, heaviest first: the API batches after the first, each web package's suite and
 * each build the end-to-end suite needs.
 */
function sharedJobs(apiRest, weights) {
  const weightOf = (files) => files.reduce((sum, file) => sum + (weights[file] ?? 1), 0);
  return [
    ...apiRest.map((files) => apiJob(files, weightOf(files))),
    ...webSuites().map((pkg) => ({
      weight: WEB_SUITE_SECONDS[pkg] ?? WEB_SUITE_DEFAULT,
      run: (name) => runCommand(name, ['npm', 'test', '-w', pkg, '--silent']),
    })),
    ...['api', ...WEB_BUILDS].map((workspace) => ({
      weight: BUILD_SECONDS,
      run: (name) =>
        buildManyIfStale([workspace], {
          concurrency: 1,
          log: (line) => console.log(`[${name}] ${line}`),
        }).then(
          () => 0,
          (error) => {
            console.error(`[${name}] ${error.message}`);
            failures.push({ what: `${name}: build ${workspace}`, kept: String(error.message).split('\n') });
            return 1;
          },
        ),
    })),
  ].sort((a, b) => b.weight - a.weight);
}

let queue = [];

/** Runs jobs from the shared queue until it is empty; answers the first failure's code. */
async function fromQueue(name) {
  let result = 0;
  for (let job = queue.shift(); job; job = queue.shift()) {
    const code = await job.run(name);
    if (code !== 0 && result === 0) result = code;
  }
  return result;
}

let firstApiBatch = null;

const LANES = {
  api: [(name) => firstApiBatch.run(name), fromQueue],
  web: [
    ['npx', 'eslint', '.', '--max-warnings', '0'],
    ['npx', 'lerna', 'run', 'typecheck', '--concurrency', '1', '--stream'],
    fromQueue,
  ],
};

async function runLane(name, steps) {
  const started = Date.now();
  let result = 0;
  for (const step of steps) {
    const code = typeof step === 'function' ? await step(name) : await runCommand(name, step);
    if (code !== 0) {
      console.error(
        `[${name}] step failed (exit ${code}) after ${Math.round((Date.now() - started) / 1000)} s`,
      );
      if (result === 0) result = code;
    }
  }
  console.log(
    `[${name}] ${result === 0 ? 'passed' : `failed (exit ${result})`} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'scripts', 'test-lanes.mjs')) {
  const weights = recordedWeights();
  const [first, ...rest] = apiBatches(apiTestFiles(), weights);
  firstApiBatch = apiJob(first, 0);
  queue = sharedJobs(rest, weights);
  const codes = await Promise.all(Object.entries(LANES).map(([name, steps]) => runLane(name, steps)));
  reportFailures();
  process.exit(codes.find((code) => code !== 0) ?? 0);
}
