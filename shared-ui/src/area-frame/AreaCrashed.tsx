import { RENDER_ERROR_MESSAGE } from '../app-providers/AppProviders';
import { ErrorState } from '../error-state/ErrorState';

/** What the area shows when it throws outside its pages' own error boundary. */
export function AreaCrashed({ area, error }: { area: string; error: Error }) {
  console.error(`${area}: the area failed to render`, error);
  return <ErrorState message={RENDER_ERROR_MESSAGE} onRetry={() => window.location.reload()} />;
}
