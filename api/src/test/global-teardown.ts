import { removeSnapshots } from './db-snapshot';

/** jest globalTeardown: removes the run's database copies (db-snapshot.ts). */
export default async function globalTeardown(): Promise<void> {
  await removeSnapshots();
}
