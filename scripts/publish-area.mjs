// Deploys one area without touching the shell: builds it alone (unless --no-build), copies the build into
// the served folder under a new versioned address, and points its line of remotes.json there. Browsers pick
// the new version up at their next page load; the previous version stays in place for pages still open.
//   node scripts/publish-area.mjs mf-billing [--static-dir build/static] [--label 2026-11-22.1] [--no-build]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_STATIC_DIR,
  copyFolder,
  precompress,
  remoteLine,
  writeRemotesFile,
} from './assemble-static.mjs';
import { AREAS, ROOT } from './build-if-stale.mjs';

/** Publishes `area` into `staticDir`; returns the new line of remotes.json. */
export function publishArea(
  area,
  { staticDir = DEFAULT_STATIC_DIR, label, build = true, log = console.log } = {},
) {
  if (!AREAS.includes(area)) throw new Error(`${area} is not an area (one of ${AREAS.join(', ')})`);
  const remotesFile = path.join(staticDir, 'remotes.json');
  if (!fs.existsSync(remotesFile))
    throw new Error(`${remotesFile} does not exist: start the product once first`);
  const version = label ?? new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  if (!/^[A-Za-z0-9._-]+$/.test(version))
    throw new Error(`the label ${version} may hold only letters, digits, . _ -`);
  const dist = path.join(ROOT, area, 'dist');
  if (build) {
    log(`Building ${area} (${version})…`);
    const result = spawnSync('npm', ['run', 'build', '-w', area], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BUILD_LABEL: `${area}@${version}` },
    });
    if (result.status !== 0) throw new Error(`building ${area} failed`);
  }
  const folder = `${area}@${version}`;
  const target = path.join(staticDir, 'remotes', folder);
  copyFolder(dist, target);
  precompress(target);

  const lines = JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
  const line = remoteLine(area, dist, `/remotes/${folder}/`);
  const index = lines.findIndex((existing) => existing.name === area);
  if (index === -1) lines.push(line);
  else lines[index] = line;
  writeRemotesFile(staticDir, lines);
  log(`Published ${area} at /remotes/${folder}/; remotes.json updated.`);
  return line;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const area = args.find(
    (arg, at) => !arg.startsWith('--') && !['--static-dir', '--label'].includes(args[at - 1]),
  );
  if (!area) {
    console.error(
      'usage: node scripts/publish-area.mjs <area> [--static-dir DIR] [--label LABEL] [--no-build]',
    );
    process.exit(2);
  }
  try {
    publishArea(area, {
      staticDir: path.resolve(option('--static-dir') ?? process.env.STATIC_DIR ?? DEFAULT_STATIC_DIR),
      label: option('--label'),
      build: !args.includes('--no-build'),
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
