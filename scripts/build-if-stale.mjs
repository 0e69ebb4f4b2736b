// Builds a workspace when its output is missing or older than the sources it is built from.
// Used by `npm start`, the end-to-end tests, the benchmarks and the durability test;
// run alone: `node scripts/build-if-stale.mjs api shell mf-billing` (no names: everything).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The six business areas, each a Module Federation remote built on its own. */
export const AREAS = [
  'mf-scheduling',
  'mf-clinicians',
  'mf-billing',
  'mf-notes',
  'mf-reports',
  'mf-messaging',
];

const WEBPACK_FACTORY = 'scripts/webpack';

/** What each buildable workspace produces, and from which folders. */
export const BUILDS = {
  api: {
    output: 'api/dist/main.cjs',
    sources: ['api/src', 'api/migrations', 'api/build.mjs', 'shared-domain/src'],
  },
  // The host bundles the shared singletons, our shared packages among them.
  shell: {
    output: 'shell/dist/index.html',
    sources: [
      'shell/src',
      'shell/webpack.config.cjs',
      WEBPACK_FACTORY,
      'shared-session/src',
      'shared-ui/src',
      'shared-domain/src',
    ],
  },
  // A remote takes the singletons (React, antd, shared-ui, shared-session) from the shell, but bundles its own
  // copy of shared-domain (not shared: scripts/webpack/shared.cjs), so a rule changed there rebuilds every area.
  ...Object.fromEntries(
    AREAS.map((area) => [
      area,
      {
        output: `${area}/dist/mf-manifest.json`,
        sources: [`${area}/src`, `${area}/webpack.config.cjs`, WEBPACK_FACTORY, 'shared-domain/src'],
      },
    ]),
  ),
};

// shared-ui's Storybook, served at /storybook (its own npm script, not `build`).
BUILDS.storybook = {
  workspace: 'shared-ui',
  script: 'build-storybook',
  output: 'shared-ui/storybook-static/index.html',
  sources: ['shared-ui/src', 'shared-ui/.storybook', 'shared-domain/src'],
};

/** The npm command that builds one entry of BUILDS. */
function buildCommand(name) {
  const { workspace = name, script = 'build' } = BUILDS[name];
  return ['run', script, '-w', workspace];
}

/** Everything `npm start` serves. */
export const WEB_BUILDS = ['shell', ...AREAS, 'storybook'];

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
  const result = spawnSync('npm', buildCommand(workspace), { cwd: ROOT, stdio, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`building ${workspace} failed${result.stderr ? `:\n${result.stderr}` : ''}`);
  // A bundler may leave an unchanged output untouched: mark it as built now.
  markBuilt(workspace);
  return true;
}

function markBuilt(workspace) {
  const now = new Date();
  fs.utimesSync(path.join(ROOT, BUILDS[workspace].output), now, now);
}

/**
 * Builds the stale ones among `workspaces`, `concurrency` at a time (each build is one webpack or
 * esbuild process). Resolves with the names built; rejects with the first failure's output.
 */
export async function buildManyIfStale(workspaces, { concurrency = 2, log = console.log } = {}) {
  const queue = workspaces.filter((workspace) => isStale(workspace));
  const built = [];
  const worker = async () => {
    for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
      log(`Building ${workspace}…`);
      await new Promise((resolve, reject) => {
        const child = spawn('npm', buildCommand(workspace), {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (chunk) => (text += chunk));
        child.stderr.on('data', (chunk) => (text += chunk));
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`building ${workspace} failed:\n${text}`)),
        );
      });
      markBuilt(workspace);
      built.push(workspace);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2);
  await buildManyIfStale(names.length > 0 ? names : Object.keys(BUILDS));
}
