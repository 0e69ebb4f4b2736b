import type { PatientReadKind, ReadOutcome } from '@carelane/shared-domain';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { databaseFailure } from '../lib/errors';
import type { PatientRead, RequestContext } from './context';

/**
 * Notes that this request reads patient data. Call it before the check that may refuse the read, so a refused
 * attempt is recorded too: the answer's status decides the outcome. A second note in one request adds its
 * patients to the first: one entry per answer.
 */
export function noteRead(ctx: RequestContext, read: PatientRead): void {
  if (!ctx.read) {
    ctx.read = { ...read, patientIds: [...new Set(read.patientIds)] };
    return;
  }
  ctx.read = { ...ctx.read, patientIds: [...new Set([...ctx.read.patientIds, ...read.patientIds])] };
}

/** The note a loader makes when it finds the row, naming its patient (if any). */
export function readOf(
  ctx: RequestContext,
  kind: PatientReadKind,
  entityId: string | number | null,
): (patientId: number | null) => void {
  return (patientId) => noteRead(ctx, { kind, entityId, patientIds: patientId === null ? [] : [patientId] });
}

/** The patients of a page of rows (rows of no patient, e.g. a facility's, are skipped). */
export function patientIdsOf(rows: readonly { patientId: number | null }[]): number[] {
  return rows.flatMap((row) => (row.patientId === null ? [] : [row.patientId]));
}

/**
 * A route whose answer is a patient's data names its kind in its config: when the request is refused before a
 * service could note the read (no privilege, out of scope), the refusal is still recorded, naming the id asked
 * for (the patient's own id for patientDetail) and, when the route says how, the patients of that record.
 */
export interface RouteRead {
  kind: PatientReadKind;
  /** The route parameter naming the record read, when it is not `id` (a file download names its file). */
  entityParam?: string;
  /** The patients of the record `:id` names, looked up after a refusal is answered. */
  patientsOf?: (db: Db, id: number) => Promise<number[]>;
}

/** One row of the audit log as the access log writes it. */
export type AuditRow = typeof auditLog.$inferInsert;

const REFUSED_STATUSES = new Set([403, 404]);
const ID = /^\d{1,9}$/;

function paramOf(params: unknown, name: string): string | null {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The read a refusal made before any service noted one stands for, naming what the route can tell. */
async function refusedRead(db: Db, route: RouteRead, params: unknown): Promise<PatientRead> {
  const id = paramOf(params, 'id');
  const entityId = route.entityParam ? paramOf(params, route.entityParam) : id;
  let patientIds: number[] = [];
  if (id && ID.test(id)) {
    if (route.kind === 'patientDetail') patientIds = [Number(id)];
    else if (route.patientsOf) patientIds = await route.patientsOf(db, Number(id)).catch(() => []);
  }
  return { kind: route.kind, entityId, patientIds };
}

/** The entry one answer makes, or null when it read no patient data. */
export async function accessEntryOf(
  db: Db,
  ctx: RequestContext,
  route: RouteRead | undefined,
  params: unknown,
  statusCode: number,
  at: Date,
): Promise<AuditRow | null> {
  let read = ctx.read;
  let outcome: ReadOutcome;
  if (read) {
    if (statusCode < 400) outcome = 'ALLOWED';
    else if (REFUSED_STATUSES.has(statusCode)) outcome = 'REFUSED';
    else return null; // bad input or a failure: nothing was read, nobody was refused
  } else {
    if (!route || !REFUSED_STATUSES.has(statusCode)) return null;
    read = await refusedRead(db, route, params);
    outcome = 'REFUSED';
  }
  return {
    at,
    userId: ctx.actor?.userId ?? null,
    userEmail: ctx.actor?.emailId ?? null,
    impersonatorId: ctx.actor?.impersonatorId ?? null,
    entity: read.kind,
    entityId: read.entityId === null ? null : String(read.entityId),
    action: 'READ',
    ip: ctx.ip,
    patientIds: [...read.patientIds],
    outcome,
  };
}

export interface AccessLogOptions {
  /** How often buffered entries are written; a crash loses at most this much (decision 033). */
  flushEveryMs: number;
  /** A buffer this long is written at once. */
  batchSize: number;
  /** The database refused a batch for a reason none of its entries is to blame for: it is kept and tried again. */
  onError: (error: unknown) => void;
  /** The database refused this one entry for what it holds: it is dropped (and counted), the others written. */
  onDropped: (error: unknown, entry: AuditRow) => void;
}

/** Entries kept when the database cannot take them, until it can again; beyond this the oldest are dropped. */
const MAX_PENDING = 100_000;
/** Longest text an entry keeps in a field (an id asked for, an address, an email); the rest is cut. */
const MAX_TEXT = 256;
const INT4_MAX = 2_147_483_647;

/**
 * SQLSTATE classes of a refusal caused by what a row holds: data exception (22, e.g. a NUL in text, 22021),
 * integrity constraint (23), program limit (54, e.g. an index row too large). Anything else (the connection, a
 * lock, a trigger refusing every insert) is no row's fault.
 */
const ROW_FAULTS = /^(22|23|54)/;

/** Text PostgreSQL takes: no NUL (which no text column can hold; shown as U+FFFD), at most MAX_TEXT long. */
function storableText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replaceAll('\0', '\uFFFD');
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** The entry as the database will take it, whatever a request put in it. */
export function storableEntry(entry: AuditRow): AuditRow {
  return {
    ...entry,
    at: entry.at instanceof Date && !Number.isNaN(entry.at.getTime()) ? entry.at : new Date(),
    entity: storableText(entry.entity) ?? '',
    entityId: storableText(entry.entityId),
    userEmail: storableText(entry.userEmail),
    ip: storableText(entry.ip),
    patientIds: entry.patientIds?.filter((id) => Number.isInteger(id) && id >= 0 && id <= INT4_MAX),
  };
}

/**
 * Reads of patient data are appended in batches off the request path: one multi-row insert per second (or per
 * full batch), and one more when the server stops. A batch the database refuses because of what one entry holds
 * is split until that entry is found: it alone is dropped and reported, every other entry is written. A batch
 * refused for any other reason is kept and tried again on the next tick.
 */
export class AccessLog {
  private pending: AuditRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private droppedCount = 0;
  private readonly making = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: AccessLogOptions,
  ) {}

  /** Entries dropped since the server started because the database refused what they held. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Entries waiting to be written. */
  get waiting(): number {
    return this.pending.length;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushEveryMs);
    this.timer.unref();
  }

  /** Buffers an entry, or one still being made (a refusal looking up its patients): flush waits for it. */
  add(entry: AuditRow | null | Promise<AuditRow | null>): void {
    if (entry instanceof Promise) {
      const making: Promise<void> = entry
        .then((made) => this.add(made), this.options.onError)
        .finally(() => this.making.delete(making));
      this.making.add(making);
      return;
    }
    if (!entry) return;
    this.pending.push(storableEntry(entry));
    if (this.pending.length >= this.options.batchSize) void this.flush();
  }

  /** Writes what is buffered; resolves when it (and any write before it) is in the database, or kept to retry. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      await Promise.all(this.making);
      await this.writeBatches();
    });
    return this.writing;
  }

  /** Stops the timer and writes what is held, trying a few times more if the database refuses it for now. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 300));
      await this.flush();
      if (this.pending.length === 0) return;
    }
    this.options.onError(
      new Error(
        `${this.pending.length} reads of patient data could not be recorded before the server stopped`,
      ),
    );
  }

  private async writeBatches(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.batchSize);
      const kept = await this.insertOrSplit(batch);
      if (kept.length > 0) {
        this.pending = [...kept, ...this.pending].slice(-MAX_PENDING);
        return;
      }
    }
  }

  /** Writes `rows`, dropping only the ones refused for what they hold; returns the ones to try again later. */
  private async insertOrSplit(rows: AuditRow[]): Promise<AuditRow[]> {
    try {
      await this.db.insert(auditLog).values(rows);
      return [];
    } catch (error) {
      if (!ROW_FAULTS.test(databaseFailure(error)?.code ?? '')) {
        this.options.onError(error);
        return rows;
      }
      if (rows.length === 1) {
        this.droppedCount++;
        this.options.onDropped(error, rows[0]!);
        return [];
      }
      const half = Math.ceil(rows.length / 2);
      return [
        ...(await this.insertOrSplit(rows.slice(0, half))),
        ...(await this.insertOrSplit(rows.slice(half))),
      ];
    }
  }
}
