import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../error-state/ErrorState';
import { GlobalStyle } from './global-style';
import { carelaneTheme } from './theme';

export type AppProvidersProps = {
  children: ReactNode;
  /** The shared react-query client; without one, no QueryClientProvider is added. */
  queryClient?: QueryClient;
  /** Defaults to the Carelane theme; areas should not pass their own. */
  theme?: ThemeConfig;
  /** Called when the error boundary catches a render error (the shell sends it to the client log). */
  onError?: (error: Error, info: ErrorInfo) => void;
};

type BoundaryProps = { children: ReactNode; onError?: AppProvidersProps['onError'] };
type BoundaryState = { error: Error | null };

export const RENDER_ERROR_MESSAGE = 'Sorry, this page could not be shown. Try again, or reload the page.';

/** Catches render errors below it and shows ErrorState; 'Retry' renders the children again. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('Render error caught by AppProviders', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return <ErrorState message={RENDER_ERROR_MESSAGE} onRetry={this.retry} />;
    return this.props.children;
  }
}

/** Theme, antd App (message, notification, modal), the shared query client and an error boundary. */
export function AppProviders({ children, queryClient, theme = carelaneTheme, onError }: AppProvidersProps) {
  const content = (
    <ConfigProvider theme={theme}>
      <GlobalStyle />
      <App>
        <ErrorBoundary onError={onError}>{children}</ErrorBoundary>
      </App>
    </ConfigProvider>
  );
  return queryClient ? <QueryClientProvider client={queryClient}>{content}</QueryClientProvider> : content;
}
