import { subscribeToNavigation } from '@carelane/shared-ui';
import { useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';

const snapshot = () => `${window.location.pathname}${window.location.search}`;

export type ShellLocation = { pathname: string; search: string; query: URLSearchParams };

/** The current path and query string; re-renders on every navigation. */
export function useShellLocation(): ShellLocation {
  const href = useSyncExternalStore(subscribeToNavigation, snapshot, snapshot);
  const url = new URL(href, 'http://carelane.invalid');
  return { pathname: url.pathname, search: url.search, query: url.searchParams };
}

/** Goes to an in-app path (a new history entry). */
export function navigate(path: string): void {
  navigateToUrl(path);
}

/** Replaces the current history entry (redirects); single-spa's patched replaceState fires popstate. */
export function redirect(path: string): void {
  if (currentAddress() === path) return;
  window.history.replaceState(window.history.state, '', path);
}

/** The current in-app address, for "come back here after signing in". */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function loginPathFor(returnTo: string | null): string {
  return returnTo && returnTo !== '/' ? `/?returnTo=${encodeURIComponent(returnTo)}` : '/';
}
