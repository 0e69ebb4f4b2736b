import type { ErrorStateProps } from '@carelane/shared-ui';
import { Suspense, lazy } from 'react';

const ErrorState = lazy(() => import('./ErrorStateModule'));

/** shared-ui's ErrorState, loaded when first shown (it brings antd's Result, which no working page needs). */
export function LazyErrorState(props: ErrorStateProps) {
  return (
    <Suspense fallback={null}>
      <ErrorState {...props} />
    </Suspense>
  );
}
