import { useSyncExternalStore } from 'react';

/**
 * A message for the login page: why the user is there (idle timeout, expired session: a warning), or that they
 * have just registered (a success, with their email to fill in; kept in memory, never in the address).
 */
export type LoginNotice = { text: string; tone: 'warning' | 'success'; emailId?: string };

let notice: LoginNotice | null = null;
const listeners = new Set<() => void>();

export function setLoginNotice(
  text: string | null,
  details: { tone?: LoginNotice['tone']; emailId?: string } = {},
): void {
  notice = text === null ? null : { text, tone: details.tone ?? 'warning', emailId: details.emailId };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginNotice(): LoginNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => notice,
    () => notice,
  );
}
