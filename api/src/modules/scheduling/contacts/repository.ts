import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Contact, contactListQuerySchema } from '@carelane/shared-domain';
import { contacts } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { cachedPage } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { containsPattern } from '../../../lib/like-pattern';
import { staleVersion } from '../../../lib/errors';
import { updateVersioned } from '../../../lib/versioned-update';
import type { Actor, RequestContext } from '../../../services/context';
import { organizationScope } from '../patients/scope';

/** Deleted contacts stay in the table (service requests may name them) but are no longer listed. */
export const DELETED = 'DELETED';

export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;

const columns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  title: contacts.title,
  relationship: contacts.relationship,
  email: contacts.email,
  phoneNumber: contacts.phoneNumber,
  primaryPhone: contacts.primaryPhone,
  referralSourceId: contacts.referralSourceId,
  referralSourceName: referralSources.name,
  isCaseManager: contacts.isCaseManager,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
  version: contacts.version,
};
type Row = { createdAt: Date; updatedAt: Date } & Omit<Contact, 'createdAt' | 'updatedAt'>;
const toContact = (r: Row): Contact => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function selectContacts(ex: Executor) {
  return ex
    .select(columns)
    .from(contacts)
    .leftJoin(referralSources, eq(referralSources.id, contacts.referralSourceId));
}

/** One page of the contacts the actor may see, by name. */
export async function listContactRows(
  services: Pick<AppServices, 'db' | 'readCache'>,
  actor: Actor,
  q: ContactListQuery,
) {
  const filters: (SQL | undefined)[] = [
    ne(contacts.status, DELETED),
    organizationScope(actor, contacts.referralSourceId),
  ];
  if (q.referralSourceId !== undefined) filters.push(eq(contacts.referralSourceId, q.referralSourceId));
  if (q.isCaseManager !== undefined) filters.push(eq(contacts.isCaseManager, q.isCaseManager));
  if (q.search) {
    const pattern = containsPattern(q.search);
    filters.push(
      or(
        ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, pattern),
        ilike(sql`${contacts.lastName} || ', ' || ${contacts.firstName}`, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.title, pattern),
      )!,
    );
  }
  const where = and(...filters);
  const ex = services.db;
  const page = selectContacts(ex)
    .where(where)
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(q.pageSize)
    .offset((q.pageNumber - 1) * q.pageSize);
  const [rows, [count]] = await cachedPage(services, ['contacts', 'referral_sources'], page, () =>
    Promise.all([
      page,
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(contacts)
        .where(where),
    ]),
  );
  return { rows: rows.map(toContact), totalCount: count?.n ?? 0 };
}

/** One live contact the actor may see, as the API answers it. */
export async function findContact(ex: Executor, actor: Actor, id: number): Promise<Contact | undefined> {
  const [row] = await selectContacts(ex).where(
    and(
      eq(contacts.id, id),
      ne(contacts.status, DELETED),
      organizationScope(actor, contacts.referralSourceId),
    ),
  );
  return row ? toContact(row) : undefined;
}

/** The stored row of a contact that is not deleted. */
export async function findLiveContactRow(ex: Executor, id: number): Promise<ContactRow | undefined> {
  const [row] = await ex
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), ne(contacts.status, DELETED)));
  return row;
}

export async function insertContact(ex: Executor, values: ContactInsert): Promise<ContactRow> {
  const [row] = await ex.insert(contacts).values(values).returning();
  return row!;
}

export function updateContact(
  ex: Executor,
  ctx: RequestContext,
  before: ContactRow,
  changes: Partial<ContactInsert>,
): Promise<ContactRow> {
  return updateVersioned(ex, ctx, contacts, before, changes, {
    entity: 'contact',
    stale: () => staleVersion('contact'),
  });
}

/** Marks the contact deleted if `before` is still current; undefined when it is not. */
export async function markContactDeleted(ex: Executor, before: ContactRow): Promise<ContactRow | undefined> {
  const [after] = await ex
    .update(contacts)
    .set({ status: DELETED, updatedAt: sql`now()`, version: before.version + 1 })
    .where(and(eq(contacts.id, before.id), eq(contacts.version, before.version)))
    .returning();
  return after;
}
