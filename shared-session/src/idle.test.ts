import { getBus, type SessionExpiredEvent } from './bus';
import { startIdleTimer, watchIdleSession } from './idle';
import { session } from './test-support';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  getBus().session$.next(null);
});

const MINUTE = 60_000;

describe('startIdleTimer', () => {
  it('fires once after the idle time, and not before', () => {
    const onIdle = jest.fn();
    const stop = startIdleTimer({ timeoutMs: 50 * MINUTE, onIdle });
    jest.advanceTimersByTime(50 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(200 * MINUTE);
    window.dispatchEvent(new MouseEvent('mousemove'));
    jest.advanceTimersByTime(200 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(['mousemove', 'keydown', 'click', 'scroll', 'touchstart'])(
    'starts the wait again on %s',
    (name) => {
      const onIdle = jest.fn();
      const stop = startIdleTimer({ timeoutMs: 10 * MINUTE, onIdle });
      jest.advanceTimersByTime(9 * MINUTE);
      document.body.dispatchEvent(new Event(name, { bubbles: name !== 'scroll' }));
      jest.advanceTimersByTime(9 * MINUTE);
      expect(onIdle).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1 * MINUTE);
      expect(onIdle).toHaveBeenCalledTimes(1);
      stop();
    },
  );

  it('listens to the events it is given', () => {
    const onIdle = jest.fn();
    const stop = startIdleTimer({ timeoutMs: MINUTE, onIdle, events: ['pointerdown'] });
    jest.advanceTimersByTime(MINUTE / 2);
    window.dispatchEvent(new MouseEvent('mousemove'));
    jest.advanceTimersByTime(MINUTE / 2);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never fires once stopped', () => {
    const onIdle = jest.fn();
    const stop = startIdleTimer({ timeoutMs: MINUTE, onIdle });
    stop();
    jest.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('does nothing with noIdleTimer', () => {
    const onIdle = jest.fn();
    const stop = startIdleTimer({ timeoutMs: MINUTE, onIdle, noIdleTimer: true });
    jest.advanceTimersByTime(100 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });
});

describe('watchIdleSession', () => {
  it('ends an idle session on the bus with the page to come back to, and restarts for the next session', () => {
    window.history.pushState(null, '', '/invoices?page=2');
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    const stop = watchIdleSession();

    jest.advanceTimersByTime(100 * MINUTE);
    expect(expired).toEqual([]); // no one signed in

    getBus().session$.next({ ...session(), idleTimeoutMs: 30 * MINUTE });
    jest.advanceTimersByTime(30 * MINUTE);
    expect(expired).toEqual([
      {
        reason: 'idle',
        message: 'You were signed out after 30 minutes without activity. Please sign in again.',
        returnTo: '/invoices?page=2',
      },
    ]);

    getBus().session$.next(null);
    getBus().session$.next({ ...session({ token: 'next' }), idleTimeoutMs: 5 * MINUTE });
    jest.advanceTimersByTime(5 * MINUTE);
    expect(expired).toHaveLength(2);

    stop();
    subscription.unsubscribe();
  });

  it('leaves a noIdleTimer session alone, and stops on sign-out', () => {
    const expired: SessionExpiredEvent[] = [];
    const subscription = getBus().sessionExpired$.subscribe((event) => expired.push(event));
    const stop = watchIdleSession();
    getBus().session$.next({ ...session(), noIdleTimer: true });
    jest.advanceTimersByTime(500 * MINUTE);
    getBus().session$.next(session({ token: 'other' }));
    jest.advanceTimersByTime(10 * MINUTE);
    getBus().session$.next(null);
    jest.advanceTimersByTime(500 * MINUTE);
    expect(expired).toEqual([]);
    stop();
    subscription.unsubscribe();
  });
});
