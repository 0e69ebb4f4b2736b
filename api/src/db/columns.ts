// Column helpers every table file uses: the audit moments, the version of stale-edit detection, raw bytes and
// the columns of a file kept in the database.
import { customType, integer, text, timestamp, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { users } from './core-schema';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(0);

/** Raw bytes (PostgreSQL bytea): node-postgres gives a Buffer, PGlite a Uint8Array; both read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The columns of an uploaded file kept in the database (provider_files, episode_files): its name, type, size and
 * bytes, who stored it and when, and when it was deleted (soft). `afterSize` adds columns between the size and
 * the bytes (provider_files' sha256). The owner's column and the table's index stay with each table.
 */
export const storedFileColumns = <
  AfterSize extends Record<string, PgColumnBuilderBase> = Record<never, never>,
>(
  afterSize: AfterSize = {} as AfterSize,
) => ({
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  ...afterSize,
  content: bytea('content').notNull(),
  uploadedBy: integer('uploaded_by')
    .notNull()
    .references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
