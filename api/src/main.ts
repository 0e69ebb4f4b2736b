import { loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { DataKeyError } from './lib/data-key';
import { DEMO_PASSWORD } from './db/seed';
import { startServer } from './server';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  let server;
  try {
    server = await startServer(config);
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataKeyError) {
      console.error(`Carelane cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    [
      '',
      `Carelane is running at http://localhost:${config.port}  (started in ${Date.now() - started} ms)`,
      `Database: ${where}`,
      `Sign in as admin@carelane.local with password ${DEMO_PASSWORD} (every demo login is listed in the README).`,
      `API documentation: http://localhost:${config.port}/api/docs`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing the database and stopping.`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
