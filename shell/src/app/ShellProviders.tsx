import { getQueryClient } from '@carelane/shared-session';
import { carelaneTheme, GlobalStyle } from '@carelane/shared-ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import { Component, type ErrorInfo, type ReactNode, Suspense, lazy } from 'react';

// Shown only after a render error: antd's Result comes with it, not with every page.
const RenderErrorState = lazy(() =>
  import('./ErrorStateModule').then((module) => ({ default: module.RenderErrorState })),
);

type BoundaryProps = { children: ReactNode; onError: (error: Error, info: ErrorInfo) => void };

/** Catches render errors below it and shows the error state; 'Retry' renders the children again. */
export class ShellErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError(error, info);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RenderErrorState onRetry={this.retry} />
      </Suspense>
    );
  }
}

/** The page's text colour, size and font, as antd's App sets them for what is inside it. */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const { colorText: color, fontSize, lineHeight, fontFamily } = token;
  return <div style={{ color, fontSize, lineHeight, fontFamily }}>{children}</div>;
}

/**
 * The shell's providers: the Carelane theme, the shared query client and an error boundary. Not shared-ui's
 * AppProviders: the shell shows toasts through its own ToastOutlet and opens no antd Modal or notification
 * through App, so antd's App (message, notification and Modal together) is not loaded with the login page.
 * Each area's root still has AppProviders, so `App.useApp()` works in the areas.
 */
export function ShellProviders({
  children,
  onError,
}: {
  children: ReactNode;
  onError: (error: Error, info: ErrorInfo) => void;
}) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ConfigProvider theme={carelaneTheme}>
        <GlobalStyle />
        <BaseText>
          <ShellErrorBoundary onError={onError}>{children}</ShellErrorBoundary>
        </BaseText>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
