import { ErrorState, RENDER_ERROR_MESSAGE, type ErrorStateProps } from '@carelane/shared-ui';

// Loaded only when an error is shown (LazyErrorState, ShellErrorBoundary): antd's Result comes with it.

export default function ErrorStateModule(props: ErrorStateProps) {
  return <ErrorState {...props} />;
}

/** What the shell shows when a part of it failed to render. */
export function RenderErrorState({ onRetry }: { onRetry: () => void }) {
  return <ErrorState message={RENDER_ERROR_MESSAGE} onRetry={onRetry} />;
}
