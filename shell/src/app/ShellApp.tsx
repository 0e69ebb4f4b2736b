import { getQueryClient } from '@carelane/shared-session';
import { AppProviders } from '@carelane/shared-ui';
import type { ErrorInfo } from 'react';
import type { Deployment } from '../deployment/remotes-file';
import { sendClientLog } from '../federation/client-log';
import { SessionExpiryWatch } from './SessionExpiryWatch';
import { ShellLayout } from './ShellLayout';
import { ShellSingletonProbe } from './SingletonProbe';
import { ToastOutlet } from './ToastOutlet';

function reportRenderError(error: Error, info: ErrorInfo) {
  console.error('The shell failed to render', error, info.componentStack);
  sendClientLog('error', 'Shell render error', {
    error: error.message.slice(0, 500),
    path: window.location.pathname,
  });
}

/** The shell's one React root. */
export function ShellApp({ deployment }: { deployment: Deployment }) {
  return (
    <AppProviders queryClient={getQueryClient()} onError={reportRenderError}>
      <ShellSingletonProbe />
      <ToastOutlet />
      <SessionExpiryWatch />
      <ShellLayout deployment={deployment} />
    </AppProviders>
  );
}
