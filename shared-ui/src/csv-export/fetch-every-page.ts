// Every row of a list's filters, page after page, for an export. A row added while it runs pushes the others one
// place down, so one may be seen twice: it is kept once (by its key).
import type { Paging } from '@carelane/shared-domain';

export const EXPORT_PAGE_SIZE = 500;

export type FetchPage<Row> = (
  pageNumber: number,
  pageSize: number,
) => Promise<{ rows: Row[]; paging: Paging }>;

/**
 * A list's pages one after another, from the first, until a short page or the last the server counts (the one
 * stop rule for every caller that reads a whole list); the caller may stop early by leaving the loop.
 */
export async function* eachPage<Row>(
  fetchPage: FetchPage<Row>,
  pageSize: number = EXPORT_PAGE_SIZE,
): AsyncGenerator<{ rows: Row[]; paging: Paging }> {
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await fetchPage(pageNumber, pageSize);
    yield page;
    if (page.rows.length < pageSize || pageNumber >= page.paging.pageCount) return;
  }
}

export async function fetchEveryPage<Row>(
  fetchPage: FetchPage<Row>,
  keyOf: (row: Row) => number,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const byKey = new Map<number, Row>();
  for await (const page of eachPage(fetchPage)) {
    for (const row of page.rows) byKey.set(keyOf(row), row);
    onProgress?.(byKey.size, Math.max(page.paging.totalCount, byKey.size));
  }
  return [...byKey.values()];
}
