import type { Database } from '../db/client';

export const TABLE_CHANGED_CHANNEL = 'carelane_table_changed';

/**
 * Caches reads by the generations of the tables they read. Triggers (migration 0001) NOTIFY a table's name on
 * every write; each notice bumps that table's generation, so an entry read before the write is never served
 * after it.
 *
 * How fresh it is:
 * - PGlite delivers the notice before the write's own call returns, and this server is its only client: the
 *   cache is exactly as fresh as the database.
 * - With PostgreSQL, notices reach the other instances a moment after the commit (milliseconds on one network).
 *   The writing instance itself does not wait for them: every write request bumps a local epoch before its
 *   answer leaves (`noteLocalWrite`), so whoever made a change reads it back at once.
 * - While the listening connection is lost, the cache is bypassed and emptied; it resumes once listening again.
 */
export class ReadCache {
  private readonly generations = new Map<string, number>();
  private readonly entries = new Map<string, { stamp: string; value: unknown }>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Loads under way, so concurrent misses of one entry share one query. */
  private readonly loading = new Map<string, Promise<unknown>>();
  private localEpoch = 0;
  private listening = false;

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 2000,
  ) {}

  async start(database: Database): Promise<void> {
    if (!this.enabled) return;
    this.stopListening = await database.listen(
      TABLE_CHANGED_CHANNEL,
      (table) => this.generations.set(table, (this.generations.get(table) ?? 0) + 1),
      (state) => {
        this.entries.clear();
        this.localEpoch++;
        this.listening = state === 'restored';
      },
    );
    this.listening = true;
  }

  /** A write was made by this instance: nothing cached before it is served after it. */
  noteLocalWrite(): void {
    this.localEpoch++;
  }

  async stop(): Promise<void> {
    this.entries.clear();
    await this.stopListening?.();
  }

  async read<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled || !this.listening) return load();
    const stamp = `${this.localEpoch}:${tables.map((t) => this.generations.get(t) ?? 0).join('.')}`;
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const flightKey = `${stamp}|${key}`;
    const pending = this.loading.get(flightKey);
    if (pending) return pending as Promise<T>;
    const load$ = load().finally(() => this.loading.delete(flightKey));
    this.loading.set(flightKey, load$);
    const value = await load$;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, value });
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
