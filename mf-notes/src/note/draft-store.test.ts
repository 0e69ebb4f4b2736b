import 'fake-indexeddb/auto';
import type { NoteDetail } from '@carelane/shared-domain';
import { openDB } from 'idb';
import {
  DraftStore,
  DraftWriter,
  deviceHoldsServer,
  sameValues,
  serverHolds,
  type NoteDraft,
} from './draft-store';

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

  it('deletes a clean draft in the same step as marking it saved, never a later keystroke', async () => {
    const store = fresh();
    await store.put(draft({ values: { pain: 4 } }));
    await store.markSaved(7, { pain: 3 }, 3, { removeClean: true });
    expect(await store.get(7)).toMatchObject({ values: { pain: 4 }, dirty: true, baseVersion: 3 });
    await store.markSaved(7, { pain: 4 }, 4, { removeClean: true });
    expect(await store.get(7)).toBeUndefined();
    await store.put(draft({ values: { pain: 5 } }));
    await store.removeIfSame(7, { pain: 4 });
    expect(await store.get(7)).toBeTruthy();
    await store.removeIfSame(7, { pain: 5 });
    expect(await store.get(7)).toBeUndefined();
  });

  it("keeps the note page by user and visit, and never answers one user's copy to another", async () => {
    const store = fresh();
    const detail = { visit: { visitId: 7 }, note: null, canEdit: true } as unknown as NoteDetail;
    await store.putSnapshot(104, detail);
    expect((await store.getSnapshot(104, 7))?.detail).toEqual(detail);
    expect(await store.getSnapshot(105, 7)).toBeUndefined();
    expect(await store.getSnapshot(104, 8)).toBeUndefined();
    await store.removeSnapshot(104, 7);
    expect(await store.getSnapshot(104, 7)).toBeUndefined();
  });

  it('upgrades a database of version 1 and keeps its drafts and device id', async () => {
    const name = `drafts-test-${++n}`;
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('drafts', { keyPath: 'visitId' });
        db.createObjectStore('meta');
      },
    });
    await old.put('drafts', draft());
    await old.put('meta', 'old-device', 'deviceId');
    old.close();
    const store = new DraftStore(name);
    expect(await store.get(7)).toEqual(draft());
    expect(await store.deviceId()).toBe('old-device');
    await store.putSnapshot(1, { visit: { visitId: 7 } } as unknown as NoteDetail);
    expect(await store.getSnapshot(1, 7)).toBeTruthy();
    store.close();
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

describe('sameValues', () => {
  it('holds the server’s values equal to the page’s in whatever key order the database gives them', () => {
    expect(
      sameValues(
        { timeIn: '09:05', vitals: { pulse: { value: 76 } }, a: [1] },
        { a: [1], vitals: { pulse: { value: 76 } }, timeIn: '09:05' },
      ),
    ).toBe(true);
    expect(sameValues({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValues({ vitals: { pulse: { value: 76 } } }, { vitals: { pulse: { value: 77 } } })).toBe(
      false,
    );
  });
});

describe('serverHolds', () => {
  it('finds what the page sent in the server’s values, beside the scores the server works out', () => {
    const sent = { timeIn: '09:05', fallRiskFactors: ['historyOfFalls'] };
    const server = {
      fallRiskFactors: ['historyOfFalls'],
      timeIn: '09:05',
      fallRiskScore: { level: 'At risk', total: 15 },
      painScore: { level: null, total: null },
    };
    expect(serverHolds(server, sent)).toBe(true);
    expect(serverHolds({ ...server, narrative: 'Written by someone else' }, sent)).toBe(false);
    expect(serverHolds({ ...server, timeIn: '09:10' }, sent)).toBe(false);
  });
});

describe('serverHolds, rows', () => {
  it('takes a row the server keeps without its empty fields as the row the page sent', () => {
    const sent = {
      medications: [{ name: 'Metformin', dose: '500 mg', frequency: '', route: null, status: 'New' }],
      note: '',
    };
    const server = { medications: [{ dose: '500 mg', name: 'Metformin', status: 'New' }] };
    expect(serverHolds(server, sent)).toBe(true);
    expect(serverHolds({ medications: [{ dose: '250 mg', name: 'Metformin', status: 'New' }] }, sent)).toBe(
      false,
    );
  });
});

describe('deviceHoldsServer', () => {
  it('is true when the device has everything the server has (and more), false when the server has anything else', () => {
    const server = { narrative: 'Alert.', fallRiskScore: { level: 'At risk', total: 15 }, note: '' };
    expect(deviceHoldsServer({ narrative: 'Alert.', signature: { name: 'Casey Rivera' } }, server)).toBe(
      true,
    );
    expect(deviceHoldsServer({ narrative: 'Alert and oriented.' }, server)).toBe(false);
    expect(deviceHoldsServer({}, server)).toBe(false);
  });
});
