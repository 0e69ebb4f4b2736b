import { getBus } from '@carelane/shared-session';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { Subject } from 'rxjs';

export type Toast = { kind: 'success' | 'error' | 'info'; text: string };

/** The shell's own notes (not results of a save): shown like the bus's toasts, with the info icon. */
const infoToast$ = new Subject<string>();

export function showInfoToast(text: string): void {
  infoToast$.next(text);
}

type ToastHolderProps = { toasts: readonly Toast[]; onShown: (count: number) => void };
type ToastHolderModule = { default: ComponentType<ToastHolderProps> };

// antd's message arrives with the first toast: the login page carries none of it until then. A load that failed
// (offline) is forgotten, so the next toast or the return of the network loads it again (React.lazy would keep
// the failure for good).
let holderLoad: Promise<ToastHolderModule> | null = null;
export function loadToastHolder(
  load: () => Promise<ToastHolderModule> = () => import('./ToastHolder'),
): Promise<ToastHolderModule> {
  holderLoad ??= load().catch((error: unknown) => {
    holderLoad = null;
    throw error;
  });
  return holderLoad;
}

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
  const [Holder, setHolder] = useState<ComponentType<ToastHolderProps> | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed || Holder) return;
    let current = true;
    const retry = () => setAttempt((count) => count + 1);
    loadToastHolder().then(
      (module) => current && setHolder(() => module.default),
      () => window.addEventListener('online', retry, { once: true }),
    );
    return () => {
      current = false;
      window.removeEventListener('online', retry);
    };
    // `waiting` as well: a new toast tries a failed load again.
  }, [needed, Holder, attempt, waiting]);
  return Holder ? <Holder toasts={waiting} onShown={onShown} /> : null;
}
