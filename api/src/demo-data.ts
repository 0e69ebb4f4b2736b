// The demo a new database starts with: the seed (db/seed.ts), then billing's demo made through its services.
// One function, for the server's first start and for the tests' database copy alike.
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { seedDemoData } from './db/seed';
import { seedBillingDemo } from './modules/billing/demo';

export async function seedDemo(db: Db, config: AppConfig): Promise<void> {
  if (await seedDemoData(db, config.argon2)) await seedBillingDemo({ db, config });
}
