import { useSyncExternalStore } from 'react';

// single-spa fires its routing event after every navigation, pushState included.
const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

/** Calls `onChange` after every navigation (for useSyncExternalStore); answers the unsubscribe. */
export function subscribeToNavigation(onChange: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, onChange);
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, onChange);
  };
}

const snapshot = () => window.location.pathname;

/** The current location's path; re-renders on every navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribeToNavigation, snapshot, snapshot);
}
