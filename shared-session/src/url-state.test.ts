import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { readUrlState, useUrlState, writeUrlState } from './url-state';

const visitFilters = z.object({
  status: z.enum(['OPEN', 'STAFFED', 'CLOSED']).default('OPEN'),
  page: z.coerce.number().int().min(1).default(1),
  from: z.iso.date().optional(),
  search: z.string().max(100).optional(),
  roleId: z.array(z.coerce.number().int()).default([]),
  mine: z.stringbool().default(true),
});

beforeEach(() => window.history.replaceState(null, '', '/visits'));

describe('readUrlState', () => {
  it('gives the defaults for an empty query string', () => {
    expect(readUrlState(visitFilters, '')).toEqual({ status: 'OPEN', page: 1, roleId: [], mine: true });
  });

  it('reads each field, repeated keys into a list', () => {
    expect(
      readUrlState(
        visitFilters,
        '?status=STAFFED&page=3&from=2025-01-31&search=ann&roleId=5&roleId=6&mine=false',
      ),
    ).toEqual({ status: 'STAFFED', page: 3, from: '2025-01-31', search: 'ann', roleId: [5, 6], mine: false });
  });

  it('falls back to the default for each value the schema refuses, keeping the good ones', () => {
    expect(readUrlState(visitFilters, '?status=NOPE&page=-4&from=yesterday&roleId=x&search=ann')).toEqual({
      status: 'OPEN',
      page: 1,
      roleId: [],
      search: 'ann',
      mine: true,
    });
  });

  it('reads an empty value as absent (not as 0)', () => {
    expect(readUrlState(visitFilters, '?page=&status=').page).toBe(1);
  });

  it('falls back to the defaults when a check across fields fails', () => {
    const range = z
      .object({ start: z.coerce.number().default(0), end: z.coerce.number().default(10) })
      .refine((value) => value.start <= value.end);
    expect(readUrlState(range, '?start=20&end=5')).toEqual({ start: 0, end: 10 });
  });

  it('reads location.search by default', () => {
    window.history.replaceState(null, '', '/visits?page=4');
    expect(readUrlState(visitFilters).page).toBe(4);
  });
});

describe('writeUrlState', () => {
  it('round-trips through the query string', () => {
    const state = {
      status: 'CLOSED',
      page: 2,
      from: '2025-02-01',
      roleId: [5, 13],
      mine: false,
      search: 'a b&c',
    };
    writeUrlState(state);
    expect(readUrlState(visitFilters)).toEqual(state);
  });

  it('keeps other keys and the path, removes emptied keys, writes dates as ISO text', () => {
    window.history.replaceState(null, '', '/visit?id=42#notes');
    writeUrlState({ search: 'ann', page: 2 });
    writeUrlState({ search: '', page: null, at: new Date(Date.UTC(2025, 0, 2)) });
    expect(`${location.pathname}${location.search}${location.hash}`).toBe(
      '/visit?id=42&at=2025-01-02T00%3A00%3A00.000Z#notes',
    );
  });

  it('adds a history entry, or replaces it, and announces the change with popstate', () => {
    const popstate = jest.fn();
    window.addEventListener('popstate', popstate);
    const before = history.length;
    writeUrlState({ page: 2 });
    expect(history.length).toBe(before + 1);
    writeUrlState({ page: 3 }, { replace: true });
    expect(history.length).toBe(before + 1);
    expect(location.search).toBe('?page=3');
    writeUrlState({ page: 3 }); // no change: no entry, no event
    expect(history.length).toBe(before + 1);
    expect(popstate).toHaveBeenCalledTimes(2);
    window.removeEventListener('popstate', popstate);
  });
});

describe('useUrlState', () => {
  it('gives the state, writes it, and follows the URL when it changes elsewhere', () => {
    const { result } = renderHook(() => useUrlState(visitFilters));
    expect(result.current[0]).toMatchObject({ status: 'OPEN', page: 1 });

    act(() => result.current[1]({ status: 'STAFFED' }));
    expect(location.search).toBe('?status=STAFFED');
    expect(result.current[0]).toMatchObject({ status: 'STAFFED', page: 1 });

    act(() => result.current[1]((current) => ({ page: current.page + 1 })));
    expect(result.current[0].page).toBe(2);

    act(() => writeUrlState({ status: 'CLOSED' }));
    expect(result.current[0].status).toBe('CLOSED');
  });

  it('keeps the same state object while the URL does not change', () => {
    const { result, rerender } = renderHook(() => useUrlState(visitFilters));
    const first = result.current[0];
    rerender();
    expect(result.current[0]).toBe(first);
  });
});
