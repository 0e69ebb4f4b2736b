import { pagingOf } from './paging';

describe('pagingOf', () => {
  it('gives the page count of a total', () => {
    expect(pagingOf({ pageNumber: 2, pageSize: 10 }, 45)).toEqual({
      pageNumber: 2,
      pageSize: 10,
      pageCount: 5,
      totalCount: 45,
    });
  });

  it('marks a total that reached the count cap as a lower bound, and only then', () => {
    expect(pagingOf({ pageNumber: 1, pageSize: 10 }, 10_000, 10_000)).toMatchObject({
      totalCount: 10_000,
      totalCountIsCapped: true,
    });
    expect(pagingOf({ pageNumber: 1, pageSize: 10 }, 9_999, 10_000)).not.toHaveProperty('totalCountIsCapped');
  });
});
