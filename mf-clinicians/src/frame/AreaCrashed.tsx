import { ErrorState, RENDER_ERROR_MESSAGE } from '@carelane/shared-ui';

/** What the area shows when it throws outside its pages' own error boundary. */
export function AreaCrashed({ area, error }: { area: string; error: Error }) {
  console.error(`${area}: the area failed to render`, error);
  return <ErrorState message={RENDER_ERROR_MESSAGE} onRetry={() => window.location.reload()} />;
}
