import 'fake-indexeddb/auto';
import { DraftStore, DraftWriter, type NoteDraft } from './draft-store';

let n = 0;
const fresh = () => new DraftStore(`drafts-test-${++n}`);

const draft = (changes: Partial<NoteDraft> = {}): NoteDraft => ({
  visitId: 7,
  noteType: 'SNV',
  definitionVersion: 1,
  values: { pain: 3 },
  baseVersion: 2,
  updatedAt: 1,
  dirty: true,
  ...changes,
});

describe('DraftStore', () => {
  it('keeps a draft by visit id and removes it', async () => {
    const store = fresh();
    expect(await store.get(7)).toBeUndefined();
    await store.put(draft());
    await store.put(draft({ visitId: 8, values: { pain: 1 } }));
    expect(await store.get(7)).toEqual(draft());
    expect((await store.get(8))?.values).toEqual({ pain: 1 });
    await store.remove(7);
    expect(await store.get(7)).toBeUndefined();
    expect(await store.get(8)).toBeTruthy();
  });

  it('marks a draft clean only when the server acknowledged exactly what it holds', async () => {
    const store = fresh();
    await store.put(draft({ values: { pain: 4 } }));
    // The server took { pain: 3 } while the clinician had typed on: still dirty, on the new base.
    expect(await store.markSaved(7, { pain: 3 }, 3)).toMatchObject({ baseVersion: 3, dirty: true });
    expect(await store.markSaved(7, { pain: 4 }, 4)).toMatchObject({ baseVersion: 4, dirty: false });
    expect(await store.get(7)).toMatchObject({ values: { pain: 4 }, baseVersion: 4, dirty: false });
    expect(await store.markSaved(99, {}, 1)).toBeUndefined();
  });

  it('makes one device id and keeps it', async () => {
    const store = fresh();
    const id = await store.deviceId();
    expect(id.length).toBeGreaterThan(5);
    expect(await store.deviceId()).toBe(id);
    // Another connection to the same database reads the same id.
    expect(await new DraftStore(`drafts-test-${n}`).deviceId()).toBe(id);
  });
});

describe('DraftWriter', () => {
  const build = (values: NoteDraft['values']) => draft({ values, updatedAt: Date.now() });

  it('writes the last state after the debounce, one write for many keystrokes', async () => {
    const store = fresh();
    const put = jest.spyOn(store, 'put');
    const writer = new DraftWriter(store, build, 50);
    writer.write({ text: 'a' });
    writer.write({ text: 'ab' });
    writer.write({ text: 'abc' });
    expect(put).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 120));
    await writer.flush();
    expect(put).toHaveBeenCalledTimes(1);
    expect((await store.get(7))?.values).toEqual({ text: 'abc' });
    await writer.close();
  });

  it('writes at once when the page is hidden or left', async () => {
    const store = fresh();
    const writer = new DraftWriter(store, build, 10_000);
    writer.write({ text: 'hidden' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await writer.flush();
    expect((await store.get(7))?.values).toEqual({ text: 'hidden' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });

    writer.write({ text: 'left' });
    globalThis.dispatchEvent(new Event('pagehide'));
    await writer.flush();
    expect((await store.get(7))?.values).toEqual({ text: 'left' });
    await writer.close();
  });
});
