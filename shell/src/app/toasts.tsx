import { getBus } from '@carelane/shared-session';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Subject } from 'rxjs';

export type Toast = { kind: 'success' | 'error' | 'info'; text: string };

/** The shell's own notes (not results of a save): shown like the bus's toasts, with the info icon. */
const infoToast$ = new Subject<string>();

export function showInfoToast(text: string): void {
  infoToast$.next(text);
}

// antd's message arrives with the first toast: the login page carries none of it until then.
const ToastHolder = lazy(() => import('./ToastHolder'));

/** The one place toasts are shown: every success and error text any area publishes on the bus. */
export function ToastOutlet() {
  const [waiting, setWaiting] = useState<Toast[]>([]);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const bus = getBus();
    const add = (toast: Toast) => {
      setNeeded(true);
      setWaiting((list) => [...list, toast]);
    };
    const subscriptions = [
      bus.toast$.subscribe((text) => add({ kind: 'success', text })),
      bus.errorToast$.subscribe((text) => add({ kind: 'error', text })),
      infoToast$.subscribe((text) => add({ kind: 'info', text })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, []);
  const onShown = useCallback((count: number) => setWaiting((list) => list.slice(count)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHolder toasts={waiting} onShown={onShown} />
    </Suspense>
  );
}
