// Starts the product the way `npm start` does (scripts/start.mjs: build what is stale, assemble the front
// end, serve it), on a free port, a fresh embedded database and its own static folder, and stops it after.
import fs from 'node:fs';
import { INBOUND_WEBHOOK_SECRET, MESSAGES_DIR, RUN_DIR, STATIC_DIR } from './paths';
import { startProduct } from './product-server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A server already running (E2E_BASE_URL set by the caller): test it as it is, start nothing.
  if (process.env.E2E_BASE_URL) return async () => {};
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  const server = await startProduct({
    runDir: RUN_DIR,
    staticDir: STATIC_DIR,
    messagesDir: MESSAGES_DIR,
    // The client log ('Dynamic page loading failed') is written at error level; keep info for context.
    logLevel: 'info',
    // A cold build of the API, the shell and six areas takes a few minutes on two cores.
    startWithinMs: 12 * 60_000,
    env: { INBOUND_WEBHOOK_SECRET },
  });
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
