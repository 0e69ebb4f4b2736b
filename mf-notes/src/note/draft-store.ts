// The note drafts kept on the device (issue 12 "Never lose a note", ARCHITECTURE §9 "Never lose input"): every
// state of the form is written to IndexedDB (debounced ≤ 300 ms, flushed when the page is hidden or left) and
// stays marked dirty until the server has acknowledged exactly that state. The device id recorded on each saved
// revision lives in the same database.
import type { NoteDetail, NoteTypeCode, NoteValues } from '@carelane/shared-domain';
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
  /** The signed-in user who wrote it (absent on drafts written before it was recorded). */
  userId?: number;
};

/**
 * The note page as the server last answered it to one user (visit, note, definition, what they may do), kept so
 * the page opens from the device while the notes API cannot be reached. Keyed by user and visit; kept only while
 * the note is editable by that user.
 */
export type NoteDetailSnapshot = {
  key: string;
  userId: number;
  visitId: number;
  detail: NoteDetail;
  storedAt: number;
};

const snapshotKey = (userId: number, visitId: number) => `${userId}:${visitId}`;

interface DraftDb extends DBSchema {
  drafts: { key: number; value: NoteDraft };
  meta: { key: string; value: string };
  snapshots: { key: string; value: NoteDetailSnapshot };
}

export const DRAFT_DB_NAME = 'carelane-note-drafts';
const DEVICE_ID_KEY = 'deviceId';

/** Same values (the state the server acknowledged is the state on the device). */
/** JSON with every object's keys sorted: the server's stored values come back in the database's key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}

export function sameValues(a: NoteValues, b: NoteValues): boolean {
  return canonical(a) === canonical(b);
}

const isBlankValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isBlankValue));

/** The value without its empty parts (the server keeps no empty field of a row). */
function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBlanks);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => !isBlankValue(inner))
        .map(([key, inner]) => [key, withoutBlanks(inner)]),
    );
  return isBlankValue(value) ? null : value;
}

/** A score the server works out from the note's answers: `{ level, total }`. */
const isScore = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).every((key) => key === 'level' || key === 'total');

/**
 * The server holds what the page sent: every value sent is there as sent, and what the server added itself (the
 * scores it works out) or holds empty is all else there is.
 */
export function serverHolds(server: NoteValues, sent: NoteValues): boolean {
  const sentKeys = new Set(Object.keys(sent));
  return (
    Object.entries(sent).every(
      ([key, value]) =>
        canonical(withoutBlanks(server[key])) === canonical(withoutBlanks(value)) ||
        (isScore(value) && isScore(server[key])),
    ) &&
    Object.entries(server).every(([key, value]) => sentKeys.has(key) || isBlankValue(value) || isScore(value))
  );
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
    // Version 2 adds the detail snapshots; the drafts and the device id of version 1 are kept.
    this.db ??= openDB<DraftDb>(this.name, 2, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore('drafts', { keyPath: 'visitId' });
          db.createObjectStore('meta');
        }
        if (oldVersion < 2) db.createObjectStore('snapshots', { keyPath: 'key' });
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
   * clean only when it still holds exactly what was sent (a later keystroke keeps it dirty). With `removeClean`
   * a clean draft is deleted in the same transaction, so a write of a later keystroke is never deleted with it.
   */
  async markSaved(
    visitId: number,
    sentValues: NoteValues,
    version: number,
    { removeClean = false }: { removeClean?: boolean } = {},
  ): Promise<NoteDraft | undefined> {
    const db = await this.open();
    const tx = db.transaction('drafts', 'readwrite');
    const draft = await tx.store.get(visitId);
    let next: NoteDraft | undefined;
    if (draft) {
      next = { ...draft, baseVersion: version, dirty: !sameValues(draft.values, sentValues) };
      if (removeClean && !next.dirty) await tx.store.delete(visitId);
      else await tx.store.put(next);
    }
    await tx.done;
    return next;
  }

  /** Deletes the draft only while it holds exactly `values` (never a later keystroke's write). */
  async removeIfSame(visitId: number, values: NoteValues): Promise<void> {
    const db = await this.open();
    const tx = db.transaction('drafts', 'readwrite');
    const draft = await tx.store.get(visitId);
    if (draft && sameValues(draft.values, values)) await tx.store.delete(visitId);
    await tx.done;
  }

  /** The note page this user last loaded for this visit, if kept. */
  async getSnapshot(userId: number, visitId: number): Promise<NoteDetailSnapshot | undefined> {
    const snapshot = await (await this.open()).get('snapshots', snapshotKey(userId, visitId));
    // The key says whose it is; the record is checked too.
    return snapshot && snapshot.userId === userId && snapshot.visitId === visitId ? snapshot : undefined;
  }

  async putSnapshot(userId: number, detail: NoteDetail): Promise<void> {
    const visitId = detail.visit.visitId;
    await (
      await this.open()
    ).put('snapshots', {
      key: snapshotKey(userId, visitId),
      userId,
      visitId,
      detail,
      storedAt: Date.now(),
    });
  }

  async removeSnapshot(userId: number, visitId: number): Promise<void> {
    await (await this.open()).delete('snapshots', snapshotKey(userId, visitId));
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

/**
 * Everything the server holds is also in `device` (the scores the server works out aside): writing the device's
 * values over it loses nothing of anyone's.
 */
export function deviceHoldsServer(device: NoteValues, server: NoteValues): boolean {
  return Object.entries(server).every(
    ([key, value]) =>
      isBlankValue(value) ||
      isScore(value) ||
      canonical(withoutBlanks(device[key])) === canonical(withoutBlanks(value)),
  );
}
