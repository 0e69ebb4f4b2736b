// The note drafts kept on the device (issue 12 "Never lose a note", ARCHITECTURE §9 "Never lose input"): every
// state of the form is written to IndexedDB (debounced ≤ 300 ms, flushed when the page is hidden or left) and
// stays marked dirty until the server has acknowledged exactly that state. The device id recorded on each saved
// revision lives in the same database.
import type { NoteTypeCode, NoteValues } from '@carelane/shared-domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type NoteDraft = {
  visitId: number;
  noteType: NoteTypeCode;
  definitionVersion: number;
  values: NoteValues;
  /** The server's note version this text is based on (0 before the first save). */
  baseVersion: number;
  /** ms since the epoch of the last write. */
  updatedAt: number;
  /** True until the server has acknowledged exactly these values. */
  dirty: boolean;
};

interface DraftDb extends DBSchema {
  drafts: { key: number; value: NoteDraft };
  meta: { key: string; value: string };
}

export const DRAFT_DB_NAME = 'carelane-note-drafts';
const DEVICE_ID_KEY = 'deviceId';

/** Same values (the state the server acknowledged is the state on the device). */
export function sameValues(a: NoteValues, b: NoteValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function randomId(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `device-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The drafts of this device, by visit id. */
export class DraftStore {
  private db: Promise<IDBPDatabase<DraftDb>> | null = null;

  constructor(private readonly name: string = DRAFT_DB_NAME) {}

  private open(): Promise<IDBPDatabase<DraftDb>> {
    this.db ??= openDB<DraftDb>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('drafts', { keyPath: 'visitId' });
        db.createObjectStore('meta');
      },
    });
    return this.db;
  }

  async get(visitId: number): Promise<NoteDraft | undefined> {
    return (await this.open()).get('drafts', visitId);
  }

  async put(draft: NoteDraft): Promise<void> {
    await (await this.open()).put('drafts', draft);
  }

  async remove(visitId: number): Promise<void> {
    await (await this.open()).delete('drafts', visitId);
  }

  /**
   * The server acknowledged `sentValues` as note `version`: the draft takes that version as its base, and is
   * clean only when it still holds exactly what was sent (a later keystroke keeps it dirty).
   */
  async markSaved(visitId: number, sentValues: NoteValues, version: number): Promise<NoteDraft | undefined> {
    const db = await this.open();
    const tx = db.transaction('drafts', 'readwrite');
    const draft = await tx.store.get(visitId);
    let next: NoteDraft | undefined;
    if (draft) {
      next = { ...draft, baseVersion: version, dirty: !sameValues(draft.values, sentValues) };
      await tx.store.put(next);
    }
    await tx.done;
    return next;
  }

  /** This device's id (made once, kept in the same database). */
  async deviceId(): Promise<string> {
    const db = await this.open();
    const tx = db.transaction('meta', 'readwrite');
    let id = await tx.store.get(DEVICE_ID_KEY);
    if (!id) {
      id = randomId();
      await tx.store.put(id, DEVICE_ID_KEY);
    }
    await tx.done;
    return id;
  }

  close(): void {
    void this.db?.then((db) => db.close());
    this.db = null;
  }
}

let defaultStore: DraftStore | null = null;
/** The page's store (one connection per page). */
export function draftStore(): DraftStore {
  defaultStore ??= new DraftStore();
  return defaultStore;
}

/**
 * Writes the latest state of one visit's draft at most every `delayMs` (≤ 300 ms), and at once when the page is
 * hidden or left (pagehide, visibilitychange hidden). `build` makes the draft from the latest values when it is
 * written, so the base version is the one current at that moment.
 */
export class DraftWriter {
  private pending: NoteValues | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly onHide = () => {
    if (globalThis.document?.visibilityState === 'hidden') void this.flush();
  };
  private readonly onPageHide = () => void this.flush();

  constructor(
    private readonly store: DraftStore,
    private readonly build: (values: NoteValues) => NoteDraft,
    private readonly delayMs = 300,
  ) {
    globalThis.addEventListener?.('pagehide', this.onPageHide);
    globalThis.document?.addEventListener('visibilitychange', this.onHide);
  }

  /** Keeps `values` (written within delayMs). */
  write(values: NoteValues): void {
    this.pending = values;
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what is pending now; resolves once every write so far is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const values = this.pending;
    this.pending = null;
    if (values) {
      const draft = this.build(values);
      this.writing = this.writing.then(() => this.store.put(draft)).catch(() => undefined);
    }
    return this.writing;
  }

  /** Flushes and stops listening. */
  close(): Promise<void> {
    globalThis.removeEventListener?.('pagehide', this.onPageHide);
    globalThis.document?.removeEventListener('visibilitychange', this.onHide);
    return this.flush();
  }
}
