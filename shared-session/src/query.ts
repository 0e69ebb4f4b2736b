import { QueryClient } from '@tanstack/react-query';
import { isApiCallError } from './api-client';
import { getBus, type Bus } from './bus';

export const QUERY_CLIENT_KEY = Symbol.for('carelane.queryClient');
const INVALIDATION_KEY = Symbol.for('carelane.queryClient.entityInvalidation');

/** Reads are retried once, except when the server refused them (4xx): asking again changes nothing. */
function retryQueryOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(isApiCallError(error) && error.status >= 400 && error.status < 500);
}

/** A query client with the portal's defaults (the shell shares one; tests may make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryQueryOnce, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The page's one react-query client, kept under `Symbol.for('carelane.queryClient')` on globalThis. */
export function getQueryClient(): QueryClient {
  const holder = globalThis as unknown as Record<symbol, QueryClient | undefined>;
  let client = holder[QUERY_CLIENT_KEY];
  if (!client) {
    client = createQueryClient();
    Object.defineProperty(holder, QUERY_CLIENT_KEY, { value: client, writable: false, configurable: false });
  }
  return client;
}

/**
 * Invalidates the queries whose key starts with the entity name of each `entityChanged$` event
 * (`['user', ...]` for entity 'user'), so what one tab changes shows in the others. Wiring the same
 * client and bus twice is harmless: the second call gets the first one's stop function.
 */
export function invalidateOnEntityChanged(
  queryClient: QueryClient = getQueryClient(),
  bus: Bus = getBus(),
): () => void {
  const marked = queryClient as unknown as Record<symbol, { bus: Bus; stop: () => void } | undefined>;
  const existing = marked[INVALIDATION_KEY];
  if (existing && existing.bus === bus) return existing.stop;
  existing?.stop();
  const subscription = bus.entityChanged$.subscribe((event) => {
    void queryClient.invalidateQueries({ queryKey: [event.entity] });
  });
  const stop = () => {
    subscription.unsubscribe();
    if (marked[INVALIDATION_KEY]?.stop === stop) marked[INVALIDATION_KEY] = undefined;
  };
  marked[INVALIDATION_KEY] = { bus, stop };
  return stop;
}
