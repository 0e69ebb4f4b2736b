// The product started the way `npm start` starts it (scripts/start.mjs: build what is stale, assemble the
// front end, serve it) on a free port, with its own data folder, static folder and log: the suite's server
// (global-setup.ts) and the fresh ones a spec needs of its own (trust.spec.ts, on each database).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './paths';

export interface ProductServer {
  url: string;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

export interface ProductOptions {
  /** Everything this server writes: its data, its static folder unless given, its log. */
  runDir: string;
  staticDir?: string;
  messagesDir?: string;
  /** A PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  env?: Record<string, string>;
  logLevel?: string;
  /** How long the start (a cold build included) may take. */
  startWithinMs: number;
}

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

export async function startProduct(options: ProductOptions): Promise<ProductServer> {
  fs.mkdirSync(options.runDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.runDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(options.runDir, 'data'),
      STATIC_DIR: options.staticDir ?? path.join(options.runDir, 'static'),
      PUBLIC_URL: url,
      MESSAGE_PICKUP_DIR: options.messagesDir ?? path.join(options.runDir, 'messages'),
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      ...options.env,
    },
  });
  let exitText: string | null = null;
  server.on('exit', (code, signal) => {
    exitText = `the server stopped (${signal ?? code}); see ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`;
  });
  await waitForHealth(url, Date.now() + options.startWithinMs, () => exitText);
  return {
    url,
    async stop() {
      if (exitText) return;
      const stopped = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (!exitText) {
        server.kill('SIGKILL');
        await stopped;
      }
    },
  };
}
