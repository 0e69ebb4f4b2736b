// Starts the product the way `npm start` does (scripts/start.mjs: build what is stale, assemble the front
// end, serve it), on a free port, a fresh embedded database and its own static folder, and stops it after.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MESSAGES_DIR, RUN_DIR, ROOT, SERVER_LOG, STATIC_DIR } from './paths';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, deadline: number, exited: () => string | null): Promise<void> {
  for (;;) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer at ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A server already running (E2E_BASE_URL set by the caller): test it as it is, start nothing.
  if (process.env.E2E_BASE_URL) return async () => {};
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = fs.openSync(SERVER_LOG, 'w');
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(RUN_DIR, 'data'),
      STATIC_DIR,
      PUBLIC_URL: baseUrl,
      MESSAGE_PICKUP_DIR: MESSAGES_DIR,
      // The client log ('Dynamic page loading failed') is written at error level; keep info for context.
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
  });
  let exitText: string | null = null;
  server.on('exit', (code, signal) => {
    exitText = `the server stopped (${signal ?? code}); see ${SERVER_LOG}:\n${fs.readFileSync(SERVER_LOG, 'utf8').slice(-4000)}`;
  });
  // A cold build of the API, the shell and six areas takes a few minutes on two cores.
  await waitForHealth(baseUrl, Date.now() + 12 * 60_000, () => exitText);
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    if (exitText) return;
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!exitText) server.kill('SIGKILL');
  };
}
