import type { z } from 'zod';
import type { Contact, contactInputSchema, contactUpdateSchema } from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, notFound, staleVersion } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { referralSourceExists } from '../../admin/referral-sources';
import { blankToNull, normalizePhoneFields } from '../physicians/shared';
import {
  findContact,
  findLiveContactRow,
  insertContact,
  listContactRows,
  markContactDeleted,
  updateContact,
  type ContactListQuery,
} from './repository';

type ContactInput = z.output<typeof contactInputSchema>;
type ContactUpdate = z.output<typeof contactUpdateSchema>;

async function readContact(ex: Executor, actor: Actor, id: number): Promise<Contact> {
  const contact = await findContact(ex, actor, id);
  if (!contact) throw notFound('The contact');
  return contact;
}

async function assertOrganizationExists(ex: Executor, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await referralSourceExists(ex, id))) throw badRequest('referralSourceId', 'is not an organization');
}

const prepare = <T extends object>(input: T): T =>
  normalizePhoneFields(blankToNull(input), ['phoneNumber', 'primaryPhone'] as never);

export async function listContacts(services: AppServices, ctx: RequestContext, q: ContactListQuery) {
  const { rows, totalCount } = await listContactRows(services, requireActor(ctx), q);
  return { rows, paging: pagingOf(q, totalCount) };
}

export const getContact = (services: AppServices, ctx: RequestContext, id: number) =>
  readContact(services.db, requireActor(ctx), id);

export async function createContact(
  services: AppServices,
  ctx: RequestContext,
  input: ContactInput,
): Promise<Contact> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    await assertOrganizationExists(tx, input.referralSourceId);
    const row = await insertContact(tx, prepare(input));
    await recordAudit(tx, ctx, {
      entity: 'contact',
      entityId: row.id,
      action: 'CREATE',
      before: null,
      after: row,
    });
    await publishEvent(tx, { entity: 'contact', id: row.id, action: 'created' });
    return readContact(tx, actor, row.id);
  });
}

export async function editContact(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: ContactUpdate,
): Promise<Contact> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const before = await findLiveContactRow(tx, id);
    if (!before) throw notFound('The contact');
    const { version, ...changes } = input;
    if (before.version !== version) throw staleVersion('contact');
    await assertOrganizationExists(tx, changes.referralSourceId);
    await updateContact(tx, ctx, before, prepare(changes));
    return readContact(tx, actor, before.id);
  });
}

export async function deleteContact(services: AppServices, ctx: RequestContext, id: number, version: number) {
  return services.db.transaction(async (tx) => {
    const before = await findLiveContactRow(tx, id);
    if (!before) throw notFound('The contact');
    if (before.version !== version) throw staleVersion('contact');
    const after = await markContactDeleted(tx, before);
    if (!after) throw staleVersion('contact');
    await recordAudit(tx, ctx, { entity: 'contact', entityId: before.id, action: 'DELETE', before, after });
    await publishEvent(tx, { entity: 'contact', id: before.id, action: 'deleted' });
    return { message: 'Contact deleted.' };
  });
}
