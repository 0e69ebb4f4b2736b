import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from './client';

const clientOf = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

describe('openDatabase with a PGlite data folder to load (loadDataDir)', () => {
  // Builds databases from nothing (initdb, every migration): slow on a busy machine, hence its own timeout.
  it('starts from the copy, migrated already: the migrations find nothing to do', async () => {
    const original = await openDatabase({ dataDir: 'memory://' });
    let tarball: Blob;
    let migrations: number;
    try {
      await original.db.execute(sql`create table copied_here (note text)`);
      await original.db.execute(sql`insert into copied_here values ('from the original')`);
      [{ n: migrations }] = (await queryRows<{ n: number }>(
        original.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as [{ n: number }];
      expect(migrations).toBeGreaterThan(0);
      tarball = await clientOf(original).dumpDataDir('none');
    } finally {
      await original.close();
    }

    const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: tarball });
    try {
      expect(await queryRows(copy.db, sql`select note from copied_here`)).toEqual([
        { note: 'from the original' },
      ]);
      expect(
        await queryRows(copy.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      ).toEqual([{ n: migrations }]);
      // A copy is a database of its own.
      await copy.db.execute(sql`insert into copied_here values ('only in the copy')`);
    } finally {
      await copy.close();
    }
    const second = await openDatabase({ dataDir: 'memory://', loadDataDir: tarball });
    try {
      expect(await queryRows(second.db, sql`select count(*)::int as n from copied_here`)).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('is refused for a data folder on disk', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carelane-load-'));
    try {
      await expect(openDatabase({ dataDir, loadDataDir: new Blob([new Uint8Array(0)]) })).rejects.toThrow(
        'only be loaded into memory://',
      );
      expect(fs.existsSync(path.join(dataDir, 'carelane.pid'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
