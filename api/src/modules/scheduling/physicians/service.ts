import type { z } from 'zod';
import type {
  PagingQuery,
  Physician,
  PhysicianListQuery,
  physicianInputSchema,
  physicianUpdateSchema,
} from '@carelane/shared-domain';
import { badRequest, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import {
  findPhysician,
  insertPhysician,
  listPhysicianEpisodes,
  listPhysicianRows,
  physicianExists,
  updatePhysician,
  type PhysicianRow,
} from './repository';
import { blankToNull, normalizePhoneFields } from './shared';

type PhysicianInput = z.output<typeof physicianInputSchema>;
type PhysicianUpdate = z.output<typeof physicianUpdateSchema>;
const PHONES = ['phoneNumber', 'fax'] as const;

const toPhysician = (r: PhysicianRow): Physician => ({
  ...r,
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function prepare<T extends object>(input: T): T {
  const out = normalizePhoneFields(blankToNull(input), PHONES as never) as Record<string, unknown>;
  if (typeof out.state === 'string') out.state = out.state.toUpperCase();
  return out as T;
}

/** A second physician with the same NPI is a field error, not a crash. */
async function uniqueNpi<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('npi', 'is already used by another physician');
    throw error;
  }
}

export async function listPhysicians(services: AppServices, q: PhysicianListQuery) {
  const { rows, totalCount } = await listPhysicianRows(services, q);
  return { rows: rows.map(toPhysician), paging: pagingOf(q, totalCount) };
}

export async function getPhysician(services: AppServices, id: number): Promise<Physician> {
  const row = await findPhysician(services.db, id);
  if (!row) throw notFound('The physician');
  return toPhysician(row);
}

/** The physician's service requests; an organization user sees only their organization's. */
export async function physicianEpisodes(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  q: PagingQuery,
) {
  const actor = requireActor(ctx);
  if (!(await physicianExists(services.db, id))) throw notFound('The physician');
  const { rows, totalCount } = await listPhysicianEpisodes(services.db, id, actor, q);
  noteRead(ctx, { kind: 'physicianServiceRequests', entityId: id, patientIds: patientIdsOf(rows) });
  return { rows, paging: pagingOf(q, totalCount) };
}

export async function createPhysician(
  services: AppServices,
  ctx: RequestContext,
  input: PhysicianInput,
): Promise<Physician> {
  const created = await uniqueNpi(() =>
    services.db.transaction(async (tx) => {
      const row = await insertPhysician(tx, prepare(input));
      await recordAudit(tx, ctx, {
        entity: 'physician',
        entityId: row.id,
        action: 'CREATE',
        before: null,
        after: row,
      });
      await publishEvent(tx, { entity: 'physician', id: row.id, action: 'created' });
      return row;
    }),
  );
  return toPhysician(created);
}

export async function editPhysician(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: PhysicianUpdate,
): Promise<Physician> {
  return uniqueNpi(() =>
    services.db.transaction(async (tx) => {
      const before = await findPhysician(tx, id);
      if (!before) throw notFound('The physician');
      const { version, ...changes } = input;
      if (before.version !== version) throw staleVersion('physician');
      return toPhysician(await updatePhysician(tx, ctx, before, prepare(changes)));
    }),
  );
}
