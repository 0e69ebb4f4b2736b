import { buildSnapshots } from './db-snapshot';

/** jest globalSetup: one migrated and seeded database for the run, copied per test server (db-snapshot.ts). */
export default async function globalSetup(): Promise<void> {
  await buildSnapshots();
}
