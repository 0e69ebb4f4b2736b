import { useSession } from '@carelane/shared-session';
import { Suspense, lazy, type ErrorInfo } from 'react';
import type { Deployment } from '../deployment/remotes-file';
import { sendClientLog } from '../federation/client-log';
import { SessionExpiryWatch } from './SessionExpiryWatch';
import { ShellLayout } from './ShellLayout';
import { ShellProviders } from './ShellProviders';
import { ToastOutlet } from './toasts';

// The probe records the shell's singletons for the end-to-end check of the areas, which only signed-in
// pages show: it is not part of the signed-out login page.
const ShellSingletonProbe = lazy(() =>
  import('./SingletonProbe').then((module) => ({ default: module.ShellSingletonProbe })),
);

function reportRenderError(error: Error, info: ErrorInfo) {
  console.error('The shell failed to render', error, info.componentStack);
  sendClientLog('error', 'Shell render error', {
    error: error.message.slice(0, 500),
    path: window.location.pathname,
  });
}

/** The shell's one React root; `welcome`, a success toast to show first. */
export function ShellApp({
  deployment,
  welcome = null,
}: {
  deployment: Deployment;
  welcome?: string | null;
}) {
  const signedIn = useSession() !== null;
  return (
    <ShellProviders onError={reportRenderError}>
      {signedIn ? (
        <Suspense fallback={null}>
          <ShellSingletonProbe />
        </Suspense>
      ) : null}
      <ToastOutlet first={welcome ? [{ kind: 'success', text: welcome }] : undefined} />
      <SessionExpiryWatch />
      <ShellLayout deployment={deployment} />
    </ShellProviders>
  );
}
