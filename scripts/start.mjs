// `npm start`: builds what is not built yet, then serves the whole product on one URL (PORT, default 8080).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT as root, buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale('api');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'api/dist/main.cjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
