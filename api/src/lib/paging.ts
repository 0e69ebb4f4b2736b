import type { Paging } from '@carelane/shared-domain';

/** The paging block every list answers with. */
export function pagingOf(query: { pageNumber: number; pageSize: number }, totalCount: number): Paging {
  return {
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    pageCount: Math.ceil(totalCount / query.pageSize),
    totalCount,
  };
}
