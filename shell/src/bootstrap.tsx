import { MESSAGES } from '@carelane/shared-domain';
import {
  connectEvents,
  getBus,
  getSession,
  invalidateOnEntityChanged,
  restoreSession,
  watchIdleSession,
} from '@carelane/shared-session';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, start, triggerAppChange } from 'single-spa';
import { ShellApp } from './app/ShellApp';
import { loadDeployment } from './deployment/remotes-file';
import { registerAreas } from './federation/areas';
import { sendClientLog } from './federation/client-log';
import { initFederation, preloadArea, registerAreaRemotes } from './federation/federation';
import { SHELL_ROUTES, accessTo, resolvePath, siteRoutes } from './routing/routes';
import { watchUnsavedInput } from './session/unsaved-input';
import { takeSignedInOnStaticPage } from './static-login/hand-over';

/** Starts the application; `stylesheet` settles once antd's stylesheet applies or was given up (antd-stylesheet.ts). */
export async function main(stylesheet: Promise<unknown> = Promise.resolve()) {
  initFederation();
  const signedInOnStaticPage = takeSignedInOnStaticPage();
  const reserved = new Set(SHELL_ROUTES.map((route) => route.path));
  // Both at once: the deployment file and the session kept from before a reload.
  const [deployment, session] = await Promise.all([
    loadDeployment(reserved),
    restoreSession().catch(() => null), // the server cannot be reached: start signed out
  ]);
  if (deployment.problems.length > 0) {
    console.warn('remotes.json:', deployment.problems);
    sendClientLog('warn', 'remotes.json has problems', { problems: deployment.problems.slice(0, 20) });
  }

  registerAreaRemotes(deployment.areas);
  getBus().routes$.next(siteRoutes(deployment.areas));
  registerAreas(deployment.areas, (area, pathname) => {
    const resolved = resolvePath(pathname, deployment.areas);
    return (
      resolved.kind === 'area' &&
      resolved.area.name === area.name &&
      accessTo(getSession(), resolved.route) === 'open'
    );
  });

  // The area of the page being opened starts loading now, while the first render waits for antd's stylesheet.
  const opening = resolvePath(window.location.pathname, deployment.areas);
  if (opening.kind === 'area' && accessTo(getSession(), opening.route) === 'open') preloadArea(opening.area);

  watchUnsavedInput();
  watchIdleSession();
  invalidateOnEntityChanged();
  connectEvents();
  const bus = getBus();
  bus.navigate$.subscribe((path) => navigateToUrl(path));

  // The first render waits for antd's stylesheet: the theme decides once whether antd generates styles.
  await stylesheet;
  const root = document.getElementById('carelane-root');
  if (!root) throw new Error('index.html has no #carelane-root');
  // A transition: React renders the first page in short slices instead of one long task, so the page
  // answers input while it renders (Lighthouse's total blocking time of the login page).
  // Signed in on index.html's static page: its success toast is the shell's first (as LoginPage publishes it).
  const welcome = signedInOnStaticPage && session ? MESSAGES.loginSuccessful : null;
  startTransition(() => createRoot(root).render(<ShellApp deployment={deployment} welcome={welcome} />));

  start({ urlRerouteOnly: true });
  // Signing in or out changes which areas may be active.
  bus.session$.subscribe(() => void triggerAppChange());
}
