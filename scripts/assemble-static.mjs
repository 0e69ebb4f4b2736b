// Assembles the built front end into one folder the API serves (STATIC_DIR):
//   /                       the shell (shell/dist)
//   /remotes/<area>/        each area's build (<area>/dist)
//   /remotes.json           the deployment file: each area's name, manifest address and routes
//   /storybook/             shared-ui's Storybook, when it has been built (npm run build-storybook -w shared-ui)
// Text files get .br and .gz twins, which the server sends to browsers that accept them.
// Run alone: `node scripts/assemble-static.mjs [folder]` (default build/static).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { AREAS, ROOT } from './build-if-stale.mjs';

export const DEFAULT_STATIC_DIR = path.join(ROOT, 'build/static');

const COMPRESSIBLE = /\.(?:js|mjs|json|html|css|svg|txt)$/;
const SKIPPED = /\.(?:map|LICENSE\.txt)$/;

export function copyFolder(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyFolder(source, target);
    else if (!SKIPPED.test(entry.name)) fs.copyFileSync(source, target);
  }
}

/** Writes name.br and name.gz beside each text file over 1 KB. */
export function precompress(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || entry.name === 'remotes.json') continue;
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/** The remotes.json line of an area built in `folder`, published under `publicPath`. */
export function remoteLine(area, folder, publicPath = `/remotes/${area}/`) {
  const table = JSON.parse(fs.readFileSync(path.join(folder, 'routes.json'), 'utf8'));
  return {
    name: area,
    title: table.title,
    description: table.description,
    manifest: `${publicPath}mf-manifest.json`,
    routes: table.routes,
  };
}

/** Writes remotes.json with its compressed twins (a stale .br twin would be served in its place). */
export function writeRemotesFile(folder, lines) {
  const file = path.join(folder, 'remotes.json');
  const text = `${JSON.stringify(lines, null, 2)}\n`;
  // Each file is replaced by a rename, so a request never reads half of one.
  const replace = (target, content) => {
    fs.writeFileSync(`${target}.tmp`, content);
    fs.renameSync(`${target}.tmp`, target);
  };
  replace(`${file}.br`, zlib.brotliCompressSync(text));
  replace(`${file}.gz`, zlib.gzipSync(text));
  replace(file, text);
}

/** Assembles into `outDir` (replaced as a whole, so a running server never sees half of it). */
export function assembleStatic(outDir = DEFAULT_STATIC_DIR, { areas = AREAS } = {}) {
  const shellDist = path.join(ROOT, 'shell/dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) throw new Error('shell/dist is not built');
  const next = `${outDir}.next`;
  fs.rmSync(next, { recursive: true, force: true });
  copyFolder(shellDist, next);

  const lines = [];
  for (const area of areas) {
    const dist = path.join(ROOT, area, 'dist');
    if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) throw new Error(`${area}/dist is not built`);
    copyFolder(dist, path.join(next, 'remotes', area));
    lines.push(remoteLine(area, dist));
  }
  writeRemotesFile(next, lines);

  const storybook = path.join(ROOT, 'shared-ui/storybook-static');
  if (fs.existsSync(path.join(storybook, 'index.html'))) copyFolder(storybook, path.join(next, 'storybook'));

  precompress(next);
  const previous = `${outDir}.previous`;
  fs.rmSync(previous, { recursive: true, force: true });
  if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
  fs.renameSync(next, outDir);
  fs.rmSync(previous, { recursive: true, force: true });
  return outDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = path.resolve(process.argv[2] ?? DEFAULT_STATIC_DIR);
  assembleStatic(outDir);
  console.log(`Assembled the front end in ${path.relative(process.cwd(), outDir) || '.'}`);
}
