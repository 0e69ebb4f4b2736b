// Builds a workspace when its output is missing or older than the sources it is built from.
// Used by `npm start`, the benchmarks and the durability test; run alone: `node scripts/build-if-stale.mjs api`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each buildable workspace produces, and from which folders. */
export const BUILDS = {
  api: {
    output: 'api/dist/main.cjs',
    sources: ['api/src', 'api/migrations', 'api/build.mjs', 'shared-domain/src'],
  },
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function isStale(workspace) {
  const { output, sources } = BUILDS[workspace];
  const outputPath = path.join(ROOT, output);
  const built = fs.existsSync(outputPath) ? fs.statSync(outputPath).mtimeMs : 0;
  return built < Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
}

/** Returns true when it built; throws when the build fails. */
export function buildIfStale(workspace, { stdio = 'inherit' } = {}) {
  if (!isStale(workspace)) return false;
  if (stdio === 'inherit') console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`building ${workspace} failed${result.stderr ? `:\n${result.stderr}` : ''}`);
  // A bundler may leave an unchanged output untouched: mark it as built now.
  const now = new Date();
  fs.utimesSync(path.join(ROOT, BUILDS[workspace].output), now, now);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const workspace of process.argv.slice(2)) buildIfStale(workspace);
}
