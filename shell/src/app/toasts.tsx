import { getBus } from '@carelane/shared-session';
import { useCallback, useEffect, useState } from 'react';
import { Subject } from 'rxjs';
import ToastHolder from './ToastHolder';

export type Toast = { kind: 'success' | 'error' | 'info'; text: string };

/** The shell's own notes (not results of a save): shown like the bus's toasts, with the info icon. */
const infoToast$ = new Subject<string>();

export function showInfoToast(text: string): void {
  infoToast$.next(text);
}

/**
 * The one place toasts are shown: every success and error text any area publishes on the bus. antd's message
 * comes with the shell's first load, not with the first toast: a toast is often the news that the network is
 * gone, and code loaded on demand then cannot arrive (a shared module that failed to load stays failed).
 */
export function ToastOutlet({ first = [] }: { first?: readonly Toast[] }) {
  const [waiting, setWaiting] = useState<Toast[]>(() => [...first]);
  useEffect(() => {
    const bus = getBus();
    const add = (toast: Toast) => setWaiting((list) => [...list, toast]);
    const subscriptions = [
      bus.toast$.subscribe((text) => add({ kind: 'success', text })),
      bus.errorToast$.subscribe((text) => add({ kind: 'error', text })),
      infoToast$.subscribe((text) => add({ kind: 'info', text })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);
  const onShown = useCallback((count: number) => setWaiting((list) => list.slice(count)), []);
  return <ToastHolder toasts={waiting} onShown={onShown} />;
}
