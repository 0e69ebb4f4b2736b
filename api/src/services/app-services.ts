import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { AccessLog } from './access-log';
import type { EventHub } from './events';
import type { OutboxDispatcher } from './outbox';
import type { ReadCache } from './read-cache';
import type { RateLimits } from '../plugins/rate-limit-store';

/** What route plugins and domain services are handed: built once at start, shared by every request. */
export interface AppServices {
  config: AppConfig;
  database: Database;
  db: Db;
  /**
   * Where the reports read their figures and drill-downs: the read replica of REPORTS_DATABASE_URL, else `db`
   * (decision 051). Read-only; work lists that must show the user's own writes at once read `db`.
   */
  reportsDb: Db;
  events: EventHub;
  outbox: OutboxDispatcher;
  readCache: ReadCache;
  limits: RateLimits;
  /** Reads of patient data, appended to the audit log in batches. */
  accessLog: AccessLog;
}
