// Every row of a list's filters, page after page, for an export. A row added while it runs pushes the others one
// place down, so one may be seen twice: it is kept once (by its key).
import type { Paging } from '@carelane/shared-domain';

export const EXPORT_PAGE_SIZE = 500;

export async function fetchEveryPage<Row>(
  fetchPage: (pageNumber: number, pageSize: number) => Promise<{ rows: Row[]; paging: Paging }>,
  keyOf: (row: Row) => number,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const byKey = new Map<number, Row>();
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await fetchPage(pageNumber, EXPORT_PAGE_SIZE);
    for (const row of page.rows) byKey.set(keyOf(row), row);
    onProgress?.(byKey.size, Math.max(page.paging.totalCount, byKey.size));
    if (page.rows.length < EXPORT_PAGE_SIZE || pageNumber >= page.paging.pageCount) break;
  }
  return [...byKey.values()];
}
