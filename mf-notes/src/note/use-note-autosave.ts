// Autosave of a visit note (issue 12 "Autosave and the exact texts", "Never lose a note"): the form's state goes
// to the device draft store on every change and to the server (PUT with the base version) every autoSaveInterval
// seconds while dirty, when a field is left and on the manual Save. When the server cannot take it (offline,
// 5xx, session expired) the draft stays on the device and is sent when the connection returns, on a backoff,
// and after signing in again. A stale save (409 with the server's note) becomes a conflict to resolve, never an
// overwrite. Nothing typed waits for the interval when the page goes (issue 24): hiding or leaving the page sends
// what is unsent at once with fetch keepalive (so it outlives the tab), leaving warns while anything is unsent,
// and the connection coming back sends at once.
import {
  NOTE_TEXTS,
  staleNoteErrorSchema,
  type Note,
  type NoteSaveInput,
  type NoteTypeCode,
  type NoteValues,
} from '@carelane/shared-domain';
import { getBus, isApiCallError, publishErrorToast, publishToast } from '@carelane/shared-session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { Subscription } from 'rxjs';
import {
  DraftWriter,
  deviceHoldsServer,
  draftStore,
  sameValues,
  serverHolds,
  type DraftStore,
} from './draft-store';
import { noteCalls, noteQueries } from './note-queries';

export type AutosaveStatus = 'loading' | 'idle' | 'saving' | 'saved' | 'offline' | 'failed' | 'conflict';
export type SaveKind = 'autosave' | 'manual' | 'retry';

/** A stale save: what this device holds and what the server holds, side by side. */
export type NoteConflict = { mine: NoteValues; server: Note };

export type AutosaveSnapshot = {
  ready: boolean;
  values: NoteValues;
  baseVersion: number;
  dirty: boolean;
  status: AutosaveStatus;
  saving: boolean;
  conflict: NoteConflict | null;
  /** The failure to show (NOTE_TEXTS.saveFailed / autoSaveFailed), and the server's own text. */
  failure: { text: string; detail: string } | null;
  fieldErrors: { field: string; message: string }[];
  /** This device holds changes that were never sent, but the note can no longer be edited here. */
  unsentOnDevice: boolean;
  /** Signature fields the server cleared because the note changed after it was signed: to sign again. */
  resign: string[];
};

/** Everything but the values: what the page around the form shows (it changes far less often than the values). */
export type AutosavePageState = Omit<AutosaveSnapshot, 'values'>;

const withoutValues = ({ values: _values, ...rest }: AutosaveSnapshot): AutosavePageState => rest;

export type AutosaveOptions = {
  visitId: number;
  noteType: NoteTypeCode;
  definitionVersion: number;
  /** The signed-in user: recorded on the draft; another user's draft is never shown or sent. */
  userId?: number;
  store?: DraftStore;
  /** `keepalive`: the request may outlive the page (its body fits in a keepalive request). */
  send?: (input: NoteSaveInput, keepalive: boolean) => Promise<Note>;
  intervalSeconds?: number;
  /** Waits before retrying after a connectivity failure, the last one repeated. */
  retryDelaysMs?: number[];
  debounceMs?: number;
  onSaved?: (note: Note) => void;
  toast?: (text: string) => void;
  errorToast?: (text: string) => void;
};

/** A field left is saved this long after (ms). */
const BLUR_SAVE_DELAY_MS = 250;
/** Short enough that a save goes out within 5 s of the server coming back. */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 3_000, 4_000];
/** A keepalive request's body must stay under 64 KB (Fetch standard); a larger note waits on the device. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

const byteLength = (text: string) => new TextEncoder().encode(text).length;
const isSignature = (value: unknown) =>
  typeof value === 'object' && value !== null && 'signedAt' in value && 'name' in value;
const isOffline = () => globalThis.navigator?.onLine === false;

/** The server could not take the save now (offline, down, or the session expired): keep it and retry. */
export function isConnectivityFailure(error: unknown): boolean {
  if (!isApiCallError(error)) return true;
  return error.kind === 'network' || error.status === 0 || error.status === 401 || error.status >= 500;
}

function staleCurrent(error: unknown): Note | null {
  if (!isApiCallError(error) || error.status !== 409) return null;
  const parsed = staleNoteErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data.current : null;
}

/** The last writes of disposed controllers, by visit: a new controller reads the draft only after them. */
const closing = new Map<number, Promise<void>>();
const afterClosing = (visitId: number) => closing.get(visitId) ?? Promise.resolve();

/** One visit's note being written: its values, the draft on the device, and the saves to the server. */
export class NoteAutosave {
  private snapshot: AutosaveSnapshot = {
    ready: false,
    values: {},
    baseVersion: 0,
    dirty: false,
    status: 'loading',
    saving: false,
    conflict: null,
    failure: null,
    fieldErrors: [],
    unsentOnDevice: false,
    resign: [],
  };
  private pageState: AutosavePageState = withoutValues(this.snapshot);
  private readonly listeners = new Set<() => void>();
  private readonly store: DraftStore;
  private readonly writer: DraftWriter;
  private readonly deviceId: Promise<string>;
  /** The device id once read (a save sent as the page goes cannot wait for it). */
  private knownDeviceId: string | null = null;
  private editable = false;
  private inFlight: Promise<boolean> | null = null;
  private failedValues: string | null = null;
  private interval: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private blurTimer: ReturnType<typeof setTimeout> | null = null;
  private retryCount = 0;
  /** What this page sent that the server may hold unseen (a request that failed here after reaching it). */
  private unacknowledged: NoteValues[] = [];
  private disposed = false;
  /** Started from the device's copy of the page (the server could not be reached); reconciled when it answers. */
  private fromDevice = false;
  private loading: Promise<void> = Promise.resolve();
  private readonly subscription: Subscription;
  private readonly onOnline = () => {
    if (this.snapshot.status === 'offline' || this.snapshot.dirty) void this.retryNow();
  };
  private readonly onOffline = () => {
    if (this.snapshot.dirty && this.editable) this.update({ status: 'offline' });
  };
  /** Leaving the page while anything is unsent: the browser asks first, and what is unsent goes out now. */
  private readonly onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.hasUnsent()) return;
    this.sendNow();
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
  private readonly onPageHide = () => this.sendNow();
  private readonly onVisibilityChange = () => {
    if (globalThis.document?.visibilityState === 'hidden') this.sendNow();
  };

  constructor(private readonly options: AutosaveOptions) {
    this.store = options.store ?? draftStore();
    this.writer = new DraftWriter(
      this.store,
      (values) => ({
        visitId: options.visitId,
        noteType: options.noteType,
        definitionVersion: options.definitionVersion,
        values,
        baseVersion: this.snapshot.baseVersion,
        updatedAt: Date.now(),
        dirty: true,
        ...(options.userId === undefined ? {} : { userId: options.userId }),
      }),
      options.debounceMs ?? 300,
    );
    this.deviceId = this.store.deviceId().catch(() => 'unknown-device');
    void this.deviceId.then((id) => (this.knownDeviceId = id));
    globalThis.addEventListener?.('online', this.onOnline);
    globalThis.addEventListener?.('offline', this.onOffline);
    globalThis.addEventListener?.('beforeunload', this.onBeforeUnload);
    globalThis.addEventListener?.('pagehide', this.onPageHide);
    globalThis.document?.addEventListener('visibilitychange', this.onVisibilityChange);
    let first = true;
    // Signing in again (a user on the bus after the session expired) sends what waited on the device.
    this.subscription = getBus().session$.subscribe((session) => {
      if (first) {
        first = false;
        return;
      }
      if (session && this.snapshot.status === 'offline') void this.retryNow();
    });
    this.setIntervalSeconds(options.intervalSeconds ?? 30);
  }

  // --- for React (useSyncExternalStore) ---
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly getSnapshot = () => this.snapshot;
  /** The snapshot without its values, the same object until something else in it changes. */
  readonly getPageState = () => this.pageState;

  private update(changes: Partial<AutosaveSnapshot>) {
    if (this.disposed) return;
    const before = this.snapshot;
    this.snapshot = { ...before, ...changes };
    const keys = Object.keys(changes) as (keyof AutosaveSnapshot)[];
    if (keys.some((key) => key !== 'values' && !Object.is(before[key], this.snapshot[key])))
      this.pageState = withoutValues(this.snapshot);
    this.listeners.forEach((listener) => listener());
  }

  /**
   * Starts from the server's note and the device's draft: a dirty draft based on the server's version wins (and
   * is sent at once); one based on an older version is a conflict; otherwise the server's note is shown.
   */
  load(serverNote: Note | null, editable: boolean): Promise<void> {
    this.loading = this.loadFromServer(serverNote, editable);
    return this.loading;
  }

  /** This device's draft of the visit, when it was written by the signed-in user (or before users were recorded). */
  private async ownDraft() {
    const draft = await this.store.get(this.options.visitId).catch(() => undefined);
    if (!draft) return undefined;
    return draft.userId === undefined || draft.userId === this.options.userId ? draft : undefined;
  }

  private async loadFromServer(serverNote: Note | null, editable: boolean): Promise<void> {
    this.editable = editable;
    const serverVersion = serverNote?.version ?? 0;
    await afterClosing(this.options.visitId);
    const draft = await this.ownDraft();
    if (this.disposed) return;
    if (draft?.dirty && !editable) {
      this.update({
        ready: true,
        values: serverNote?.values ?? {},
        baseVersion: serverVersion,
        status: 'idle',
        unsentOnDevice: !serverNote || !sameValues(draft.values, serverNote.values),
      });
      return;
    }
    if (draft?.dirty && serverNote && draft.baseVersion !== serverVersion) {
      // The server already holds the draft (a save sent as the page went, answered unseen): nothing to resolve.
      if (serverHolds(serverNote.values, draft.values)) {
        await this.store.removeIfSame(this.options.visitId, draft.values).catch(() => undefined);
      } else {
        this.update({
          ready: true,
          values: draft.values,
          baseVersion: draft.baseVersion,
          dirty: true,
          status: 'conflict',
          conflict: { mine: draft.values, server: serverNote },
        });
        return;
      }
    } else if (draft?.dirty) {
      this.update({
        ready: true,
        values: draft.values,
        baseVersion: serverVersion,
        dirty: true,
        status: 'idle',
      });
      await this.save('retry');
      return;
    }
    if (draft && !draft.dirty)
      await this.store.removeIfSame(this.options.visitId, draft.values).catch(() => undefined);
    this.update({
      ready: true,
      values: serverNote?.values ?? {},
      baseVersion: serverVersion,
      status: 'idle',
    });
  }

  /**
   * The server cannot be reached (issue 12 "Never lose a note"): starts from the page kept on the device — the
   * draft's values and base version when there is one, else the note as last loaded — and says it is kept on
   * the device. Saves are still tried (and retried); `reconcile` runs once the note loads from the server.
   */
  loadFromDevice(keptNote: Note | null, editable: boolean): Promise<void> {
    this.fromDevice = true;
    this.loading = (async () => {
      this.editable = editable;
      await afterClosing(this.options.visitId);
      const draft = await this.ownDraft();
      if (this.disposed) return;
      this.update({
        ready: true,
        values: draft?.values ?? keptNote?.values ?? {},
        baseVersion: draft ? draft.baseVersion : (keptNote?.version ?? 0),
        dirty: draft?.dirty ?? false,
        status: 'offline',
      });
    })();
    return this.loading;
  }

  /** Started from the device and not yet reconciled with the server. */
  get startedFromDevice(): boolean {
    return this.fromDevice;
  }

  /**
   * The note loaded from the server after the page started from the device: the same rules as `load`, applied
   * to what the page holds now (every keystroke since included): unsent text based on the server's version is
   * sent at once, text based on an older version is a conflict, nothing unsent takes the server's note.
   */
  async reconcile(serverNote: Note | null, editable: boolean): Promise<void> {
    if (!this.fromDevice) return;
    this.fromDevice = false;
    await this.loading;
    await this.writer.flush();
    while (this.inFlight) await this.inFlight;
    if (this.disposed) return;
    this.editable = editable;
    const s = this.snapshot;
    if (s.conflict) return;
    const serverVersion = serverNote?.version ?? 0;
    const status = s.status === 'offline' ? 'idle' : s.status;
    if (!editable) {
      const unsent = s.dirty && (!serverNote || !sameValues(s.values, serverNote.values));
      this.update({
        values: serverNote?.values ?? {},
        baseVersion: serverVersion,
        dirty: false,
        status: 'idle',
        unsentOnDevice: unsent,
      });
      return;
    }
    if (!s.dirty) {
      // Nothing unsent: the server's note, unless this page already holds a newer acknowledged one.
      if (serverNote && serverVersion >= s.baseVersion)
        this.update({ values: serverNote.values, baseVersion: serverVersion, status });
      else this.update({ status });
      return;
    }
    if (serverNote && serverVersion > s.baseVersion) {
      if (sameValues(s.values, serverNote.values)) {
        this.update({ baseVersion: serverVersion, dirty: false, status });
        await this.store.removeIfSame(this.options.visitId, s.values).catch(() => undefined);
      } else {
        this.update({ status: 'conflict', conflict: { mine: s.values, server: serverNote } });
      }
      return;
    }
    this.update({ status });
    await this.save('retry');
  }

  /**
   * The server's note changed under the page (a refetch after submit, re-open, another device): taken when this
   * device has nothing unsent; otherwise the next save meets it as a conflict.
   */
  adopt(serverNote: Note | null, editable: boolean): void {
    if (this.fromDevice) return;
    this.editable = editable;
    const s = this.snapshot;
    if (!s.ready || s.dirty || s.conflict || !serverNote || serverNote.version <= s.baseVersion) return;
    this.update({ values: serverNote.values, baseVersion: serverNote.version });
  }

  /** Every change of the form: kept on the device within 300 ms. */
  change(values: NoteValues): void {
    if (!this.editable || !this.snapshot.ready) return;
    const resign = this.snapshot.resign.filter((id) => values[id] === undefined || values[id] === null);
    this.update({
      values,
      dirty: true,
      ...(resign.length !== this.snapshot.resign.length ? { resign } : {}),
      ...(isOffline() && !this.snapshot.conflict ? { status: 'offline' as const } : {}),
    });
    this.writer.write(values);
  }

  /** Something typed is not acknowledged by the server yet. */
  hasUnsent(): boolean {
    return this.editable && this.snapshot.ready && (this.snapshot.dirty || this.snapshot.saving);
  }

  /**
   * The page is hidden or going: what is unsent is kept on the device and sent at once, with keepalive so the
   * request outlives the tab. Nothing here waits before the request starts (no IndexedDB read, no earlier save):
   * while a save is in flight the newest keystrokes stay on the device for the next visit instead.
   */
  sendNow(): void {
    void this.writer.flush();
    const s = this.snapshot;
    if (!this.editable || !s.ready || !s.dirty || s.conflict || this.inFlight || this.disposed) return;
    if (this.failedValues !== null && this.failedValues === JSON.stringify(s.values)) return;
    this.cancelBlurSave();
    const call = this.send('autosave', true);
    this.inFlight = call;
    void call.finally(() => {
      if (this.inFlight === call) this.inFlight = null;
    });
  }

  /**
   * A field was left: send what changed, a moment later (moving on through several fields sends once, and a
   * click on Save — which leaves the field first — is one manual save, not an autosave and a save).
   */
  blur(): void {
    if (!this.snapshot.dirty || !this.editable || this.blurTimer) return;
    this.blurTimer = setTimeout(() => {
      this.blurTimer = null;
      void this.save('autosave');
    }, BLUR_SAVE_DELAY_MS);
  }

  private cancelBlurSave(): void {
    if (this.blurTimer) clearTimeout(this.blurTimer);
    this.blurTimer = null;
  }

  /** The Save button (toast 'Notes saved.'). */
  saveNow(): Promise<boolean> {
    this.cancelBlurSave();
    return this.save('manual');
  }

  /** A save is on its way (its answer, and the device store's write after it, not yet done). */
  isSending(): boolean {
    return this.inFlight !== null;
  }

  /** Sends what is unsent (before submit); true when the server holds this device's text. */
  async settle(): Promise<boolean> {
    this.cancelBlurSave();
    if (!this.snapshot.dirty && !this.inFlight) return true;
    return this.save('retry');
  }

  setIntervalSeconds(seconds: number): void {
    if (this.interval) clearInterval(this.interval);
    const ms = Math.max(50, (Number.isFinite(seconds) && seconds > 0 ? seconds : 30) * 1000);
    this.interval = setInterval(() => this.tick(), ms);
  }

  private tick(): void {
    const s = this.snapshot;
    if (!this.editable || !s.dirty || s.saving || s.conflict || s.status === 'offline') return;
    if (this.failedValues !== null && this.failedValues === JSON.stringify(s.values)) return;
    void this.save('autosave');
  }

  private retryNow(): Promise<boolean> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    return this.save('retry');
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.disposed) return;
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.retryCount, delays.length - 1)] ?? 60_000;
    this.retryCount += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.save('retry');
    }, delay);
  }

  private async save(kind: SaveKind): Promise<boolean> {
    while (this.inFlight) await this.inFlight;
    if (this.disposed || !this.editable || this.snapshot.conflict) return false;
    if (!this.snapshot.dirty && kind !== 'manual') return true;
    const call = this.send(kind);
    this.inFlight = call;
    try {
      return await call;
    } finally {
      if (this.inFlight === call) this.inFlight = null;
    }
  }

  /** One save to the server; `leaving`: the page is going, so the request starts now and outlives it. */
  private async send(kind: SaveKind, leaving = false): Promise<boolean> {
    if (leaving) void this.writer.flush();
    else await this.writer.flush();
    const sent = this.snapshot.values;
    this.unacknowledged.push(sent);
    const send =
      this.options.send ??
      ((input: NoteSaveInput, keepalive: boolean) =>
        noteCalls.save(this.options.visitId, input, { keepalive }));
    this.update({ saving: true, status: this.snapshot.status === 'offline' ? 'offline' : 'saving' });
    try {
      const input: NoteSaveInput = {
        noteType: this.options.noteType,
        definitionVersion: this.options.definitionVersion,
        values: sent,
        baseVersion: this.snapshot.baseVersion,
        deviceId: this.knownDeviceId ?? (leaving ? 'unknown-device' : await this.deviceId),
        autosave: kind !== 'manual',
      };
      // Only a save made as the page goes outlives it: an ordinary save stays the page's own request.
      const note = await send(input, leaving && byteLength(JSON.stringify(input)) <= KEEPALIVE_MAX_BYTES);
      // The server's own changes to what was sent (a signature cleared by a change after signing) are taken
      // when nothing was typed since.
      const untouched = this.snapshot.values === sent;
      const adjusted = untouched && !sameValues(note.values, sent);
      const cleared = adjusted
        ? Object.keys(sent).filter((key) => !(key in note.values) && isSignature(sent[key]))
        : [];
      const dirty = !untouched && !sameValues(this.snapshot.values, sent);
      this.retryCount = 0;
      this.unacknowledged = [];
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.failedValues = null;
      this.update({
        saving: false,
        baseVersion: note.version,
        dirty,
        status: 'saved',
        failure: null,
        fieldErrors: [],
        ...(adjusted ? { values: note.values } : {}),
        ...(cleared.length ? { resign: cleared } : {}),
      });
      // One transaction: a clean draft is deleted, one holding a later keystroke keeps it on the new base.
      await this.store
        .markSaved(this.options.visitId, sent, note.version, { removeClean: true })
        .catch(() => undefined);
      this.options.onSaved?.(note);
      if (kind === 'manual') (this.options.toast ?? publishToast)(NOTE_TEXTS.saved);
      return true;
    } catch (error) {
      const current = staleCurrent(error);
      if (current && sameValues(current.values, sent) && this.snapshot.values === sent) {
        // The server already holds exactly this (a save sent as the page went, acknowledged unseen).
        this.update({ saving: false, baseVersion: current.version, dirty: false, status: 'saved' });
        await this.store
          .markSaved(this.options.visitId, sent, current.version, { removeClean: true })
          .catch(() => undefined);
        return true;
      }
      if (
        current &&
        (this.unacknowledged.some((values) => serverHolds(current.values, values)) ||
          deviceHoldsServer(this.snapshot.values, current.values))
      ) {
        // The server holds an earlier save of this page that failed here after reaching it: nobody else's
        // work is in between, so what is typed now goes on top of it.
        this.unacknowledged = [];
        this.update({ saving: false, baseVersion: current.version });
        return this.send(kind, leaving);
      }
      if (current) {
        this.update({
          saving: false,
          status: 'conflict',
          conflict: { mine: this.snapshot.values, server: current },
        });
        return false;
      }
      if (isConnectivityFailure(error)) {
        this.update({ saving: false, status: 'offline' });
        this.scheduleRetry();
        return false;
      }
      const text = kind === 'manual' ? NOTE_TEXTS.saveFailed : NOTE_TEXTS.autoSaveFailed;
      this.failedValues = JSON.stringify(sent);
      this.update({
        saving: false,
        status: 'failed',
        failure: { text, detail: isApiCallError(error) ? error.text : '' },
        fieldErrors: isApiCallError(error) ? [...error.fieldErrors] : [],
      });
      (this.options.errorToast ?? publishErrorToast)(text);
      return false;
    }
  }

  /** Keep mine: save this device's text again, based on the server's version. */
  async keepMine(): Promise<boolean> {
    const conflict = this.snapshot.conflict;
    if (!conflict) return false;
    this.update({
      conflict: null,
      values: conflict.mine,
      baseVersion: conflict.server.version,
      dirty: true,
      status: 'idle',
    });
    this.writer.write(conflict.mine);
    return this.save('manual');
  }

  /** Take the server's: the device's text is dropped for the server's. */
  async takeServer(): Promise<void> {
    const conflict = this.snapshot.conflict;
    if (!conflict) return;
    this.update({
      conflict: null,
      values: conflict.server.values,
      baseVersion: conflict.server.version,
      dirty: false,
      status: 'saved',
      failure: null,
      fieldErrors: [],
    });
    await this.writer.flush();
    await this.store.remove(this.options.visitId).catch(() => undefined);
  }

  dispose(): void {
    // Left inside the app (another page): what is unsent goes now, as when the tab closes.
    this.sendNow();
    this.disposed = true;
    if (this.interval) clearInterval(this.interval);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cancelBlurSave();
    globalThis.removeEventListener?.('online', this.onOnline);
    globalThis.removeEventListener?.('offline', this.onOffline);
    globalThis.removeEventListener?.('beforeunload', this.onBeforeUnload);
    globalThis.removeEventListener?.('pagehide', this.onPageHide);
    globalThis.document?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.subscription.unsubscribe();
    const { visitId } = this.options;
    // A page opened again for this visit reads the draft after the last write and the last save.
    const lastSave = this.inFlight?.catch(() => false) ?? Promise.resolve(false);
    const closed = Promise.all([this.writer.close(), lastSave]).then(() => undefined);
    closing.set(visitId, closed);
    void closed.then(() => {
      if (closing.get(visitId) === closed) closing.delete(visitId);
    });
  }
}

const EMPTY: AutosaveSnapshot = {
  ready: false,
  values: {},
  baseVersion: 0,
  dirty: false,
  status: 'loading',
  saving: false,
  conflict: null,
  failure: null,
  fieldErrors: [],
  unsentOnDevice: false,
  resign: [],
};
const EMPTY_PAGE_STATE = withoutValues(EMPTY);
const noSubscription = () => () => {};
const emptyPageState = () => EMPTY_PAGE_STATE;

/**
 * The autosave of one visit's note, once its detail is loaded: the controller (its actions) and its state
 * (status, conflict, …; the values are read by useNoteValues, so a keystroke does not re-render the page around
 * the form). The interval follows the session's autoSaveInterval constant.
 */
export function useNoteAutosave(
  visitId: number,
  detail:
    | {
        note: Note | null;
        canEdit: boolean;
        definition: { noteType: NoteTypeCode; version: number };
        /** 'device': the page kept on the device while the server cannot be reached. */
        source?: 'server' | 'device';
      }
    | undefined,
  intervalSeconds: number,
  options: Pick<AutosaveOptions, 'store' | 'retryDelaysMs' | 'userId'> = {},
): { controller: NoteAutosave | null; state: AutosavePageState } {
  const queryClient = useQueryClient();
  const [controller, setController] = useState<NoteAutosave | null>(null);
  const loaded = detail !== undefined;

  useEffect(() => {
    if (!detail) return undefined;
    const next = new NoteAutosave({
      visitId,
      noteType: detail.note?.noteType ?? detail.definition.noteType,
      definitionVersion: detail.note?.definitionVersion ?? detail.definition.version,
      intervalSeconds,
      ...options,
      onSaved: (note) => {
        queryClient.setQueryData(noteQueries.detail(visitId).queryKey, (old) =>
          old ? { ...old, note } : old,
        );
        void queryClient.invalidateQueries({
          queryKey: noteQueries.revisions(visitId).queryKey,
          exact: true,
        });
      },
    });
    setController(next);
    if (detail.source === 'device') void next.loadFromDevice(detail.note, detail.canEdit);
    else void next.load(detail.note, detail.canEdit);
    return () => {
      next.dispose();
      setController(null);
    };
    // One controller per visit, made when its detail first arrives; later details are adopted below.
  }, [visitId, loaded]);

  useEffect(() => {
    if (!controller || !detail) return;
    if (controller.startedFromDevice) {
      if (detail.source !== 'device') void controller.reconcile(detail.note, detail.canEdit);
    } else controller.adopt(detail.note, detail.canEdit);
  }, [controller, detail]);

  useEffect(() => {
    controller?.setIntervalSeconds(intervalSeconds);
  }, [controller, intervalSeconds]);

  const state = useSyncExternalStore(
    controller?.subscribe ?? noSubscription,
    controller?.getPageState ?? emptyPageState,
    controller?.getPageState ?? emptyPageState,
  );
  return { controller, state };
}

/** The note's values as the controller holds them (every keystroke). */
export function useNoteValues(controller: NoteAutosave): NoteValues {
  const values = useCallback(() => controller.getSnapshot().values, [controller]);
  return useSyncExternalStore(controller.subscribe, values, values);
}
