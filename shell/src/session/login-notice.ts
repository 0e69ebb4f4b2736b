import { useSyncExternalStore } from 'react';

/** A message for the login page: why the user is there (idle timeout, expired session). */
let notice: string | null = null;
const listeners = new Set<() => void>();

export function setLoginNotice(text: string | null): void {
  notice = text;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginNotice(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => notice,
    () => notice,
  );
}
