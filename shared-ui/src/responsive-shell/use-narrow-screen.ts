import { useSyncExternalStore } from 'react';

/**
 * Below this width (antd's `lg`) the shell is the phone's: the navigation is a drawer behind a menu button and
 * the header is compact. A 248 px sidebar beside a tablet's page leaves too little for the page itself.
 */
export const NARROW_SCREEN_MAX_PX = 991;
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_MAX_PX + 0.98}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return (
    typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(NARROW_SCREEN_QUERY).matches
  );
}

/** Whether the window is narrower than antd's `lg` (a phone, a tablet upright): read before the first paint. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
