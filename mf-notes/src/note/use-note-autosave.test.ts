import 'fake-indexeddb/auto';
import { NOTE_TEXTS, type Note, type NoteSaveInput } from '@carelane/shared-domain';
import { ApiCallError } from '@carelane/shared-session';
import { DraftStore } from './draft-store';
import { isConnectivityFailure, NoteAutosave } from './use-note-autosave';

let n = 0;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await wait(10);
  }
};
const httpError = (status: number, body: unknown = {}) =>
  new ApiCallError({
    kind: 'http',
    status,
    code: `HTTP_${status}`,
    body,
    text: 'refused',
    message: 'refused',
  });
const networkError = () =>
  new ApiCallError({
    kind: 'network',
    status: 0,
    code: 'NETWORK',
    body: undefined,
    text: 'offline',
    message: 'offline',
  });
const ack = (input: NoteSaveInput): Note => ({
  id: 1,
  visitId: 3,
  noteType: input.noteType,
  definitionVersion: input.definitionVersion,
  values: input.values,
  version: input.baseVersion + 1,
  savedAt: '2026-11-20T15:00:00.000Z',
  savedByName: 'Casey Rivera',
  submittedAt: null,
});

function make(send: (input: NoteSaveInput, keepalive: boolean) => Promise<Note>, intervalSeconds = 30) {
  const store = new DraftStore(`autosave-test-${++n}`);
  const toasts: string[] = [];
  const errorToasts: string[] = [];
  const autosave = new NoteAutosave({
    visitId: 3,
    noteType: 'SNV',
    definitionVersion: 1,
    store,
    send,
    intervalSeconds,
    retryDelaysMs: [40, 80],
    debounceMs: 10,
    toast: (text) => toasts.push(text),
    errorToast: (text) => errorToasts.push(text),
  });
  return { autosave, store, toasts, errorToasts };
}

let current: NoteAutosave | undefined;
afterEach(() => current?.dispose());

describe('NoteAutosave', () => {
  it('tells connectivity failures (keep and retry) from refusals', () => {
    expect(isConnectivityFailure(networkError())).toBe(true);
    expect(isConnectivityFailure(httpError(503))).toBe(true);
    expect(isConnectivityFailure(httpError(401))).toBe(true);
    expect(isConnectivityFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectivityFailure(httpError(400))).toBe(false);
    expect(isConnectivityFailure(httpError(409))).toBe(false);
  });

  it('sends on the interval only while dirty, with the acknowledged version as the next base', async () => {
    const sent: NoteSaveInput[] = [];
    const { autosave } = make(async (input) => {
      sent.push(input);
      return ack(input);
    }, 0.1);
    current = autosave;
    await autosave.load(null, true);
    await wait(250);
    expect(sent).toHaveLength(0);
    autosave.change({ a: '1' });
    await until(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ values: { a: '1' }, baseVersion: 0, autosave: true });
    autosave.change({ a: '12' });
    await until(() => sent.length === 2);
    expect(sent[1]).toMatchObject({ values: { a: '12' }, baseVersion: 1 });
    await wait(250);
    expect(sent).toHaveLength(2);
    expect(autosave.getSnapshot()).toMatchObject({ dirty: false, baseVersion: 2, status: 'saved' });
  });

  it('retries a save the server could not take on a backoff, keeping the draft dirty meanwhile', async () => {
    let failures = 2;
    const sent: NoteSaveInput[] = [];
    const { autosave, store } = make(async (input) => {
      sent.push(input);
      if (failures-- > 0) throw httpError(503);
      return ack(input);
    });
    current = autosave;
    await autosave.load(null, true);
    autosave.change({ a: 'x' });
    autosave.blur();
    await until(() => autosave.getSnapshot().status === 'offline');
    expect(await store.get(3)).toMatchObject({ dirty: true, values: { a: 'x' } });
    await until(() => sent.length === 3);
    await until(() => autosave.getSnapshot().status === 'saved');
    expect(await store.get(3)).toBeUndefined();
  });

  it('goes on top of its own earlier save that reached the server unseen, instead of calling it a conflict', async () => {
    const sent: NoteSaveInput[] = [];
    let server: Note | null = null;
    const { autosave } = make(async (input) => {
      sent.push(input);
      if (sent.length === 1) {
        // Written, but the answer never reached the page.
        server = ack(input);
        throw networkError();
      }
      if (server && input.baseVersion !== server.version)
        throw httpError(409, {
          statusCode: 409,
          code: 'STALE_NOTE',
          error: 'This note was saved since the version you were editing.',
          current: server,
        });
      return ack(input);
    });
    current = autosave;
    await autosave.load(null, true);
    autosave.change({ a: 'x' });
    autosave.blur();
    await until(() => autosave.getSnapshot().status === 'offline');
    autosave.change({ a: 'x', signature: 'Casey Rivera' });
    await autosave.saveNow();
    await until(() => autosave.getSnapshot().status === 'saved');
    expect(autosave.getSnapshot().conflict).toBeFalsy();
    expect(sent.at(-1)).toMatchObject({ baseVersion: 1, values: { a: 'x', signature: 'Casey Rivera' } });
  });

  it("a refused autosave shows the auto-save text once and does not repeat the same text; a manual one shows 'Note not saved.'", async () => {
    const sent: NoteSaveInput[] = [];
    const { autosave, errorToasts } = make(async (input) => {
      sent.push(input);
      throw httpError(400, {
        statusCode: 400,
        code: 'VALIDATION',
        error: 'Bad',
        errors: [{ field: 'values.a', message: 'too long' }],
      });
    }, 0.05);
    current = autosave;
    await autosave.load(null, true);
    autosave.change({ a: 'x' });
    await until(() => errorToasts.length === 1);
    await wait(200);
    expect(sent).toHaveLength(1);
    expect(errorToasts).toEqual([NOTE_TEXTS.autoSaveFailed]);
    expect(autosave.getSnapshot().fieldErrors).toEqual([{ field: 'values.a', message: 'too long' }]);
    await autosave.saveNow();
    expect(errorToasts).toEqual([NOTE_TEXTS.autoSaveFailed, NOTE_TEXTS.saveFailed]);
  });

  it('keeps the draft dirty when the clinician typed on while a save was in flight', async () => {
    let release: (() => void) | undefined;
    const sent: NoteSaveInput[] = [];
    const { autosave, store } = make(async (input) => {
      sent.push(input);
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return ack(input);
    });
    current = autosave;
    await autosave.load(null, true);
    autosave.change({ text: 'a' });
    const saving = autosave.saveNow();
    await until(() => release !== undefined);
    autosave.change({ text: 'ab' });
    release!();
    await saving;
    expect(autosave.getSnapshot()).toMatchObject({ dirty: true, baseVersion: 1 });
    await wait(30);
    expect(await store.get(3)).toMatchObject({ values: { text: 'ab' }, dirty: true, baseVersion: 1 });
    await autosave.settle();
    expect(sent.at(-1)).toMatchObject({ values: { text: 'ab' }, baseVersion: 1 });
    await until(() => !autosave.getSnapshot().dirty);
    await wait(30);
    expect(await store.get(3)).toBeUndefined();
  });

  it('starts from the device while the server is unreachable and sends what was typed once it answers', async () => {
    const sent: NoteSaveInput[] = [];
    const { autosave, store } = make(async (input) => {
      sent.push(input);
      return ack(input);
    });
    current = autosave;
    await store.put({
      visitId: 3,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { text: 'kept' },
      baseVersion: 4,
      updatedAt: 1,
      dirty: true,
    });
    const kept = ack({
      noteType: 'SNV',
      definitionVersion: 1,
      values: {},
      baseVersion: 2,
      deviceId: 'd',
      autosave: true,
    });
    await autosave.loadFromDevice(kept, true);
    expect(autosave.getSnapshot()).toMatchObject({
      ready: true,
      values: { text: 'kept' },
      baseVersion: 4,
      dirty: true,
      status: 'offline',
    });
    autosave.change({ text: 'kept and more' });
    await autosave.reconcile({ ...kept, version: 4, values: { text: 'kept' } }, true);
    expect(sent.at(-1)).toMatchObject({ values: { text: 'kept and more' }, baseVersion: 4 });
    expect(autosave.getSnapshot()).toMatchObject({ dirty: false, baseVersion: 5, status: 'saved' });
  });

  it('does not save a note it may not edit, and keeps an unsent draft of it on the device', async () => {
    const send = jest.fn();
    const { autosave, store } = make(send);
    current = autosave;
    await store.put({
      visitId: 3,
      noteType: 'SNV',
      definitionVersion: 1,
      values: { a: 'unsent' },
      baseVersion: 1,
      updatedAt: 1,
      dirty: true,
    });
    await autosave.load(
      ack({
        noteType: 'SNV',
        definitionVersion: 1,
        values: { a: 'server' },
        baseVersion: 1,
        deviceId: 'd',
        autosave: true,
      }),
      false,
    );
    autosave.change({ a: 'typed' });
    await autosave.saveNow();
    expect(send).not.toHaveBeenCalled();
    expect(autosave.getSnapshot()).toMatchObject({ values: { a: 'server' }, unsentOnDevice: true });
    expect(await store.get(3)).toMatchObject({ values: { a: 'unsent' }, dirty: true });
  });

  describe('the page going (issue 24)', () => {
    const setVisibility = (state: 'hidden' | 'visible') =>
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    const setOnline = (online: boolean) =>
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    afterEach(() => {
      setVisibility('visible');
      setOnline(true);
    });

    it('sends a change made a second ago at once, with keepalive, when the page is hidden or closed', async () => {
      const sent: { input: NoteSaveInput; keepalive: boolean }[] = [];
      const { autosave } = make(async (input, keepalive) => {
        sent.push({ input, keepalive });
        return ack(input);
      });
      current = autosave;
      await autosave.load(null, true);
      autosave.change({ fallRiskFactors: ['historyOfFalls'] });
      setVisibility('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      // Started before anything else ran: no wait for the device store or the interval.
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        input: { values: { fallRiskFactors: ['historyOfFalls'] } },
        keepalive: true,
      });
      // The first save done, the device store's write after it included (a save in flight keeps the next change
      // on the device instead).
      await until(() => !autosave.getSnapshot().dirty && !autosave.isSending());
      autosave.change({ fallRiskFactors: ['historyOfFalls', 'dizziness'] });
      window.dispatchEvent(new Event('pagehide'));
      expect(sent).toHaveLength(2);
      expect(sent[1]!.input).toMatchObject({ baseVersion: 1 });
    });

    it("sends an ordinary save as the page's own request, not with keepalive", async () => {
      const sent: boolean[] = [];
      const { autosave } = make(async (input, keepalive) => {
        sent.push(keepalive);
        return ack(input);
      });
      current = autosave;
      await autosave.load(null, true);
      autosave.change({ fallRiskFactors: ['historyOfFalls'] });
      await autosave.saveNow();
      expect(sent).toEqual([false]);
    });

    it('warns on leaving while anything is unsent, and not once the server has it', async () => {
      const { autosave } = make(async (input) => ack(input));
      current = autosave;
      await autosave.load(null, true);
      const leave = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(leave()).toBe(false);
      autosave.change({ a: 'typed' });
      expect(leave()).toBe(true);
      await until(() => !autosave.getSnapshot().dirty);
      expect(leave()).toBe(false);
    });

    it('says a change made offline is on the device, and sends it as soon as the connection returns', async () => {
      const sent: NoteSaveInput[] = [];
      const { autosave } = make(async (input) => {
        sent.push(input);
        return ack(input);
      });
      current = autosave;
      await autosave.load(null, true);
      setOnline(false);
      autosave.change({ a: 'offline' });
      expect(autosave.getSnapshot().status).toBe('offline');
      setOnline(true);
      window.dispatchEvent(new Event('online'));
      await until(() => autosave.getSnapshot().status === 'saved');
      expect(sent.map((input) => input.values)).toEqual([{ a: 'offline' }]);
      expect(autosave.getSnapshot().dirty).toBe(false);
    });

    it('takes the note as the server saved it when it cleared the signature, and asks to sign again', async () => {
      const signature = { name: 'Casey Rivera', signedAt: '2026-11-20T15:00:00.000Z' };
      const { autosave } = make(async (input) => {
        const { signature: _dropped, ...rest } = input.values;
        return { ...ack(input), values: rest };
      });
      current = autosave;
      await autosave.load(
        {
          ...ack({
            noteType: 'SNV',
            definitionVersion: 1,
            values: { a: '1', signature },
            baseVersion: 0,
            deviceId: 'd',
            autosave: true,
          }),
        },
        true,
      );
      autosave.change({ a: '2', signature });
      await autosave.saveNow();
      expect(autosave.getSnapshot()).toMatchObject({
        values: { a: '2' },
        dirty: false,
        resign: ['signature'],
      });
      autosave.change({ a: '2', signature: { ...signature, signedAt: '2026-11-20T16:00:00.000Z' } });
      expect(autosave.getSnapshot().resign).toEqual([]);
    });
  });
});
