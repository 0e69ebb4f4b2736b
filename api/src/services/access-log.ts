import type { PatientReadKind, ReadOutcome } from '@carelane/shared-domain';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
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
 * for (the patient's own id for patientDetail).
 */
export interface RouteRead {
  kind: PatientReadKind;
}

type AuditRow = typeof auditLog.$inferInsert;

const REFUSED_STATUSES = new Set([403, 404]);

/** The entry one answer makes, or null when it read no patient data. */
export function accessEntryOf(
  ctx: RequestContext,
  route: RouteRead | undefined,
  params: unknown,
  statusCode: number,
  at: Date,
): AuditRow | null {
  let read = ctx.read;
  let outcome: ReadOutcome;
  if (read) {
    if (statusCode < 400) outcome = 'ALLOWED';
    else if (REFUSED_STATUSES.has(statusCode)) outcome = 'REFUSED';
    else return null; // bad input or a failure: nothing was read, nobody was refused
  } else {
    if (!route || !REFUSED_STATUSES.has(statusCode)) return null;
    const id = (params as { id?: unknown } | undefined)?.id;
    const entityId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
    const patientId = route.kind === 'patientDetail' && entityId && /^\d{1,9}$/.test(entityId);
    read = { kind: route.kind, entityId, patientIds: patientId ? [Number(entityId)] : [] };
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
  /** How often buffered entries are written; a crash loses at most this much. */
  flushEveryMs: number;
  /** A buffer this long is written at once. */
  batchSize: number;
  onError: (error: unknown) => void;
}

/** Entries kept when the database cannot take them, until it can again; beyond this the oldest are dropped. */
const MAX_PENDING = 100_000;

/**
 * Reads of patient data are appended in batches off the request path: one multi-row insert per second (or per
 * full batch), and one more when the server stops.
 */
export class AccessLog {
  private pending: AuditRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: AccessLogOptions,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushEveryMs);
    this.timer.unref();
  }

  add(entry: AuditRow): void {
    this.pending.push(entry);
    if (this.pending.length >= this.options.batchSize) void this.flush();
  }

  /** Writes what is buffered; resolves when it (and any write before it) is in the database. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeBatch());
    return this.writing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.options.batchSize);
      try {
        await this.db.insert(auditLog).values(batch);
      } catch (error) {
        this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
        this.options.onError(error);
        return;
      }
    }
  }
}
