// Column helpers every table file uses: the audit moments, the version of stale-edit detection, raw bytes.
import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(0);

/** Raw bytes (PostgreSQL bytea): node-postgres gives a Buffer, PGlite a Uint8Array; both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
