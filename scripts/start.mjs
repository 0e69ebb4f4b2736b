// `npm start`: builds what is not built yet (the API, the shell and the six areas), assembles the front end
// into build/static (or STATIC_DIR), then serves the whole product on one URL (PORT, default 8080).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_STATIC_DIR, assembleStatic } from './assemble-static.mjs';
import { ROOT as root, WEB_BUILDS, buildManyIfStale } from './build-if-stale.mjs';

const staticDir = path.resolve(process.env.STATIC_DIR || DEFAULT_STATIC_DIR);
try {
  await buildManyIfStale(['api', ...WEB_BUILDS], { concurrency: 2 });
  assembleStatic(staticDir);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'api/dist/main.cjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, STATIC_DIR: staticDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
