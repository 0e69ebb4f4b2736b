import { BUS_KEY, getBus, navigateTo, publishErrorToast, publishToast, type Session } from './bus';
import type * as BusModule from './bus';
import { session } from './test-support';

afterEach(() => getBus().session$.next(null));

describe('getBus', () => {
  it('gives the same bus to two separately loaded copies of the module', async () => {
    let first: typeof BusModule | undefined;
    let second: typeof BusModule | undefined;
    await jest.isolateModulesAsync(async () => {
      first = await import('./bus');
    });
    await jest.isolateModulesAsync(async () => {
      second = await import('./bus');
    });
    expect(first).not.toBe(second);
    expect(first!.getBus()).toBe(second!.getBus());
    expect(first!.getBus()).toBe(getBus());
  });

  it('keeps the bus under Symbol.for("carelane.bus") on globalThis, where it cannot be replaced', () => {
    const bus = getBus();
    const holder = globalThis as unknown as Record<symbol, unknown>;
    expect(holder[Symbol.for('carelane.bus')]).toBe(bus);
    expect(BUS_KEY).toBe(Symbol.for('carelane.bus'));
    expect(() => {
      holder[BUS_KEY] = {};
    }).toThrow(TypeError);
    expect(getBus()).toBe(bus);
    expect(Object.isFrozen(bus)).toBe(true);
  });

  it('gives a late subscriber the current session at once, then each change', () => {
    const bus = getBus();
    const signedIn = session();
    bus.session$.next(signedIn);
    const seen: (Session | null)[] = [];
    const subscription = bus.session$.subscribe((value) => seen.push(value));
    expect(seen).toEqual([signedIn]);
    bus.session$.next(null);
    expect(seen).toEqual([signedIn, null]);
    subscription.unsubscribe();
  });

  it('gives a late subscriber null when no one is signed in', () => {
    const seen: (Session | null)[] = [];
    getBus()
      .session$.subscribe((value) => seen.push(value))
      .unsubscribe();
    expect(seen).toEqual([null]);
  });

  it('delivers toasts, error toasts and navigation to subscribers', () => {
    const bus = getBus();
    const seen: string[] = [];
    const subscriptions = [
      bus.toast$.subscribe((text) => seen.push(`toast:${text}`)),
      bus.errorToast$.subscribe((text) => seen.push(`error:${text}`)),
      bus.navigate$.subscribe((path) => seen.push(`go:${path}`)),
    ];
    publishToast('User information saved.');
    publishErrorToast('Sorry, user could not be saved. email taken');
    navigateTo('/users?status=ACTIVE');
    expect(seen).toEqual([
      'toast:User information saved.',
      'error:Sorry, user could not be saved. email taken',
      'go:/users?status=ACTIVE',
    ]);
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
});
