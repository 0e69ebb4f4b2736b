import { useSyncExternalStore } from 'react';

/** Below antd's `md` (768 px) a list is cards: a phone, upright or turned. */
export const CARD_LAYOUT_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(CARD_LAYOUT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const narrow = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(CARD_LAYOUT_QUERY).matches;

/** Whether lists show as cards, read before the first paint so a phone never draws the table first. */
export function useCardLayout(): boolean {
  return useSyncExternalStore(subscribe, narrow, () => false);
}
