import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { ApiCallError } from './api-client';
import { getBus } from './bus';
import { createQueryClient, getQueryClient, invalidateOnEntityChanged } from './query';

const changed = (entity: string) =>
  getBus().entityChanged$.next({ entity, id: 1, action: 'updated', at: '2025-03-01T10:00:00.000Z' });

function httpError(status: number) {
  return new ApiCallError({ kind: 'http', status, code: 'X', body: {}, text: 'no', message: 'no' });
}

describe('getQueryClient', () => {
  it('is one client per page, kept under Symbol.for("carelane.queryClient"), even across module copies', async () => {
    let other: QueryClient | undefined;
    await jest.isolateModulesAsync(async () => {
      other = (await import('./query')).getQueryClient();
    });
    expect(other).toBe(getQueryClient());
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('carelane.queryClient')]).toBe(
      getQueryClient(),
    );
  });

  it('has the portal defaults', () => {
    const { queries, mutations } = getQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 30_000, refetchOnWindowFocus: false });
    expect(mutations?.retry).toBe(false);
    const retry = queries?.retry as (failureCount: number, error: unknown) => boolean;
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, httpError(503))).toBe(true);
    expect(retry(1, httpError(503))).toBe(false); // once only
    expect(retry(0, httpError(404))).toBe(false); // asking again changes nothing
  });

  it('retries a failed read once', async () => {
    const client = createQueryClient();
    client.setDefaultOptions({
      ...client.getDefaultOptions(),
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    });
    const load = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client.fetchQuery({ queryKey: ['visit'], queryFn: load })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('invalidateOnEntityChanged', () => {
  it('invalidates the queries whose key starts with the entity that changed', async () => {
    const client = createQueryClient();
    for (const key of [['user'], ['user', 5], ['user', { page: 2 }], ['visit', 1], ['userGroup']]) {
      client.setQueryData(key, 'cached');
    }
    const stop = invalidateOnEntityChanged(client, getBus());
    changed('user');
    const invalid = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalid).toEqual([['user'], ['user', 5], ['user', { page: 2 }]]);
    stop();
  });

  it('refetches a query on screen when its entity changes', async () => {
    const client = createQueryClient();
    let version = 0;
    const observer = new QueryObserver(client, { queryKey: ['invoice', 'list'], queryFn: () => ++version });
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observer.getCurrentResult().data).toBe(1);
    const stop = invalidateOnEntityChanged(client, getBus());
    changed('invoice');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observer.getCurrentResult().data).toBe(2);
    stop();
    changed('invoice');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(observer.getCurrentResult().data).toBe(2);
    unsubscribe();
  });

  it('wires a client to the bus once, however often it is asked', () => {
    const client = createQueryClient();
    const spy = jest.spyOn(client, 'invalidateQueries');
    const stopFirst = invalidateOnEntityChanged(client, getBus());
    const stopSecond = invalidateOnEntityChanged(client, getBus());
    changed('user');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(stopSecond).toBe(stopFirst);
    stopFirst();
    changed('user');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
