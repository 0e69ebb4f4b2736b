import type { Paging } from '@carelane/shared-domain';
import type { ReadCache } from '../services/read-cache';

/** The paging block every list answers with. */
/** `countCap`: the count stops there (a total that reached it is a lower bound). */
export function pagingOf(
  query: { pageNumber: number; pageSize: number },
  totalCount: number,
  countCap?: number,
): Paging {
  return {
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    pageCount: Math.ceil(totalCount / query.pageSize),
    totalCount,
    ...(countCap !== undefined && totalCount >= countCap && { totalCountIsCapped: true }),
  };
}

/**
 * A list's page and total from the read cache (decision 006) until a write to one of `tables` (every table the
 * page or its total reads: each has a change notice, migrations 0001 and 0005), keyed by the page's statement and
 * parameters, so per filter, scope, order and page. `load` answers what the database holds: what depends on
 * the reader or on the day (ages, pay hidden from organization users) is mapped from it afterwards.
 */
export function cachedPage<T>(
  services: { readCache: ReadCache },
  tables: readonly string[],
  /** The page's statement, or (a page read by more than one statement) what it is read by: filters, scope, page. */
  page: { toSQL(): { sql: string; params: unknown[] } } | { key: unknown },
  load: () => Promise<T>,
): Promise<T> {
  const key = 'toSQL' in page ? (({ sql, params }) => [sql, params])(page.toSQL()) : page.key;
  return services.readCache.read(`page:${JSON.stringify(key)}`, tables, load);
}
