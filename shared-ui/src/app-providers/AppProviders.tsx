import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../error-state/ErrorState';
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

/**
 * What the theme's tokens cannot say. The password field's show/hide icon and an input's clear icon are
 * 14 px targets: padded to 24 px (WCAG 2.2 AA, 2.5.8 target size). The padding reaches into the field's own
 * right padding, not leftwards over the text box, which is a target too.
 */
export const GLOBAL_CSS = [
  '.ant-input-password-icon, .ant-input-affix-wrapper .ant-input-clear-icon { padding: 5px; margin: -5px -5px -5px 0; }',
].join('\n');

/**
 * The Carelane rules beyond the theme's tokens, as one <style> React hoists into <head> once however many
 * roots render it. AppProviders renders it; a root with its own providers (the shell's) renders it too.
 */
export function GlobalStyle() {
  return (
    <style href="carelane-global" precedence="default">
      {GLOBAL_CSS}
    </style>
  );
}

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
