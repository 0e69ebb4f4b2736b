import type { z } from 'zod';
import type {
  Group,
  GroupDetail,
  GroupListQuery,
  groupInputSchema,
  groupUpdateSchema,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, isUniqueViolation, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import {
  countExistingProviders,
  findGroup,
  findGroupWithCount,
  findMemberCandidates,
  insertGroup,
  listGroupRows,
  listMembers,
  memberIds,
  setMembers,
  updateGroupRow,
  type GroupWithCount,
} from './repository';

type GroupInput = z.output<typeof groupInputSchema>;
type GroupUpdate = z.output<typeof groupUpdateSchema>;
const CANDIDATE_LIMIT = 20;

const toGroup = (r: GroupWithCount): Group => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
  memberCount: r.memberCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

async function readGroup(ex: Executor, id: number): Promise<GroupDetail> {
  const row = await findGroupWithCount(ex, id);
  if (!row) throw notFound('The group');
  return { ...toGroup(row), members: await listMembers(ex, id) };
}

async function replaceMembers(ex: Executor, groupId: number, providerIds: number[]) {
  if (providerIds.length && (await countExistingProviders(ex, providerIds)) !== providerIds.length)
    throw badRequest('providerIds', 'names a clinician who does not exist');
  await setMembers(ex, groupId, providerIds);
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('name', 'is already used by another group');
    throw error;
  }
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

export async function listGroups(services: AppServices, q: GroupListQuery) {
  const { rows, totalCount } = await listGroupRows(services, q);
  return { rows: rows.map(toGroup), paging: pagingOf(q, totalCount) };
}

export async function memberCandidates(services: AppServices, search: string) {
  return { rows: await findMemberCandidates(services.db, search, CANDIDATE_LIMIT) };
}

export const getGroup = (services: AppServices, id: number) => readGroup(services.db, id);

export async function createGroup(
  services: AppServices,
  ctx: RequestContext,
  input: GroupInput,
): Promise<GroupDetail> {
  const { providerIds = [], ...fields } = input;
  return uniqueName(() =>
    services.db.transaction(async (tx) => {
      const row = await insertGroup(tx, fields);
      await replaceMembers(tx, row.id, providerIds);
      await recordAudit(tx, ctx, {
        entity: 'group',
        entityId: row.id,
        action: 'CREATE',
        before: null,
        after: { ...row, providerIds: sorted(providerIds) },
      });
      await publishEvent(tx, { entity: 'group', id: row.id, action: 'created' }, { staffOnly: true });
      return readGroup(tx, row.id);
    }),
  );
}

export async function editGroup(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: GroupUpdate,
): Promise<GroupDetail> {
  return uniqueName(() =>
    services.db.transaction(async (tx) => {
      const before = await findGroup(tx, id);
      if (!before) throw notFound('The group');
      const { version, providerIds, ...changes } = input;
      if (before.version !== version) throw staleVersion('group');
      const membersBefore = await memberIds(tx, before.id);
      const after = await updateGroupRow(tx, before, changes);
      if (!after) throw staleVersion('group');
      if (providerIds) await replaceMembers(tx, before.id, providerIds);
      await recordAudit(tx, ctx, {
        entity: 'group',
        entityId: before.id,
        action: 'UPDATE',
        before: { ...before, providerIds: membersBefore },
        after: { ...after, providerIds: providerIds ? sorted(providerIds) : membersBefore },
      });
      await publishEvent(tx, { entity: 'group', id: before.id, action: 'updated' }, { staffOnly: true });
      return readGroup(tx, before.id);
    }),
  );
}
