// What a detail page (or panel) shows until its record is there: the error with a retry when it could not be
// loaded, a skeleton while it loads. One place for the frames every area's detail pages and panels share.
import { errorMessage } from '@carelane/shared-session';
import { ErrorState } from '../error-state/ErrorState';
import { Skeleton } from 'antd';
import type { ReactElement } from 'react';

/** The query of one record, as far as these frames need it. */
type RecordQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown };

export type LoadState<T> = { data: T; fallback?: undefined } | { data?: undefined; fallback: ReactElement };

/**
 * The record once it is there, or what to show instead: the error (text from the catalogue, "… could not
 * be loaded") with a retry, or a skeleton while it loads. With `keepStale`, a record already shown stays
 * shown when a refetch fails; without it, a failed refetch shows the error.
 */
export function loadState<T>(
  query: RecordQuery<T>,
  thing: string,
  { keepStale = false }: { keepStale?: boolean } = {},
): LoadState<T> {
  if (query.isError && !(keepStale && query.data)) {
    return {
      fallback: (
        <ErrorState
          message={errorMessage(query.error, thing, 'loaded')}
          onRetry={() => void query.refetch()}
        />
      ),
    };
  }
  if (!query.data) return { fallback: <Skeleton active /> };
  return { data: query.data };
}
