// `npm run test:unit`: the unit and API suites in two lanes at once, one per core, and the product's build for
// the end-to-end suite in the lane that has time left.
// - lane api: the API suite (jest in one process, PGlite in it, and PostgreSQL's own processes): ~18 min alone;
// - lane web: every other package's suite one after another (~12 min alone), then the API, shell, areas and
//   Storybook builds the end-to-end suite would otherwise start with (scripts/build-if-stale.mjs: ~3 min).
// Each lane's lines carry its name. Both lanes run to their end, so one failure does not hide another; the exit
// code is the first failure's.
import { spawn } from 'node:child_process';
import { ROOT, WEB_BUILDS, buildManyIfStale } from './build-if-stale.mjs';

const LANES = {
  api: [['npx', 'lerna', 'run', 'test', '--scope', '@carelane/api', '--stream']],
  web: [
    ['npx', 'lerna', 'run', 'test', '--ignore', '@carelane/api', '--concurrency', '1', '--stream'],
    async (log) => {
      await buildManyIfStale(['api', ...WEB_BUILDS], { concurrency: 1, log });
      return 0;
    },
  ],
};

function prefixLines(name, stream, into) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) into.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && into.write(`[${name}] ${rest}\n`));
}

function runCommand(name, [command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    prefixLines(name, child.stdout, process.stdout);
    prefixLines(name, child.stderr, process.stderr);
    child.on('error', (error) => {
      console.error(`[${name}] ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(name, steps) {
  const started = Date.now();
  for (const step of steps) {
    const code =
      typeof step === 'function'
        ? await step((line) => console.log(`[${name}] ${line}`)).catch((error) => {
            console.error(`[${name}] ${error.message}`);
            return 1;
          })
        : await runCommand(name, step);
    if (code !== 0) {
      console.error(`[${name}] failed (exit ${code}) after ${Math.round((Date.now() - started) / 1000)} s`);
      return code;
    }
  }
  console.log(`[${name}] passed in ${Math.round((Date.now() - started) / 1000)} s`);
  return 0;
}

const codes = await Promise.all(Object.entries(LANES).map(([name, steps]) => runLane(name, steps)));
process.exit(codes.find((code) => code !== 0) ?? 0);
