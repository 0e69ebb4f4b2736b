import type { Paging } from '@carelane/shared-domain';

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
