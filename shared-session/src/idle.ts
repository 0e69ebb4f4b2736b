import { currentPath, getBus, type Bus, type Session, type SessionExpiredEvent } from './bus';

/** What counts as the user being active. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll', 'touchstart'] as const;

export type IdleTimerOptions = {
  /** Inactivity, in ms, after which `onIdle` is called. */
  timeoutMs: number;
  /** Called once, when the user has been inactive for `timeoutMs`. */
  onIdle: () => void;
  /** Events that count as activity (default `ACTIVITY_EVENTS`). */
  events?: readonly string[];
  /** Where to listen (default `window`). */
  target?: EventTarget;
  /** True turns the timer off (the `noIdleTimer` flag): nothing is watched, `onIdle` never fires. */
  noIdleTimer?: boolean;
};

/**
 * Calls `onIdle` once after `timeoutMs` without activity; any activity starts the wait again.
 * Returns a function that stops the timer.
 */
export function startIdleTimer({
  timeoutMs,
  onIdle,
  events = ACTIVITY_EVENTS,
  target = globalThis.window,
  noIdleTimer = false,
}: IdleTimerOptions): () => void {
  if (noIdleTimer || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) return () => {};

  let lastActivity = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Capture, so activity inside elements that stop propagation (and scrolling of inner panes,
  // which does not bubble) still counts.
  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };

  const onActivity = () => {
    lastActivity = Date.now();
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const name of events) target?.removeEventListener(name, onActivity, listenerOptions);
  };
  // Activity only records the time: the timer checks it when due, so a stream of mouse moves costs
  // no timer churn.
  const check = () => {
    const idleFor = Date.now() - lastActivity;
    if (idleFor >= timeoutMs) {
      stop();
      onIdle();
    } else {
      timer = setTimeout(check, timeoutMs - idleFor);
    }
  };

  for (const name of events) target?.addEventListener(name, onActivity, listenerOptions);
  timer = setTimeout(check, timeoutMs);
  return stop;
}

export function idleMessage(timeoutMs: number): string {
  const minutes = Math.round(timeoutMs / 60_000);
  return minutes >= 1
    ? `You were signed out after ${minutes} minute${minutes === 1 ? '' : 's'} without activity. Please sign in again.`
    : 'You were signed out after a while without activity. Please sign in again.';
}

/**
 * Follows the session on the bus: while someone is signed in (and `noIdleTimer` is off), ends the
 * session after its idle timeout by emitting `sessionExpired$` with reason 'idle' and the page to
 * return to. Returns a function that stops watching.
 */
export function watchIdleSession(
  bus: Bus = getBus(),
  options: Pick<IdleTimerOptions, 'events' | 'target'> = {},
): () => void {
  let stopTimer = () => {};
  let watched: Session | null = null;
  const subscription = bus.session$.subscribe((session) => {
    if (
      session?.token === watched?.token &&
      session?.idleTimeoutMs === watched?.idleTimeoutMs &&
      session?.noIdleTimer === watched?.noIdleTimer
    ) {
      return;
    }
    stopTimer();
    stopTimer = () => {};
    watched = session;
    if (!session) return;
    stopTimer = startIdleTimer({
      ...options,
      timeoutMs: session.idleTimeoutMs,
      noIdleTimer: session.noIdleTimer,
      onIdle: () => {
        const event: SessionExpiredEvent = {
          reason: 'idle',
          message: idleMessage(session.idleTimeoutMs),
          returnTo: currentPath(),
        };
        bus.sessionExpired$.next(event);
      },
    });
  });
  return () => {
    subscription.unsubscribe();
    stopTimer();
  };
}
