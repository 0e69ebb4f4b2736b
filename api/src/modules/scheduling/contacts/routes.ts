import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactDeleteQuerySchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactSchema,
  contactUpdateSchema,
  idParamsSchema,
  type Contact,
} from '@carelane/shared-domain';
import { contacts } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses, messageSchema } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { organizationScope } from '../patients/scope';
import { publishEvent } from '../../../services/events';
import { blankToNull, normalizePhoneFields } from '../physicians/shared';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['contacts'];
/** Staff manage contacts; organization users read their own organization's to pick case managers. */
const readPages = { page: ['contacts', 'serviceRequestDetail'] };
const writePages = { page: 'contacts' };
/** Deleted contacts stay in the table (service requests may name them) but are no longer listed. */
const DELETED = 'DELETED';

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

async function readContact(ex: Executor, actor: Actor, id: number): Promise<Contact> {
  const [row] = await ex
    .select(columns)
    .from(contacts)
    .leftJoin(referralSources, eq(referralSources.id, contacts.referralSourceId))
    .where(
      and(
        eq(contacts.id, id),
        ne(contacts.status, DELETED),
        organizationScope(actor, contacts.referralSourceId),
      ),
    );
  if (!row) throw notFound('The contact');
  return toContact(row);
}

async function assertOrganizationExists(ex: Executor, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await ex
    .select({ id: referralSources.id })
    .from(referralSources)
    .where(eq(referralSources.id, id));
  if (!row) throw badRequest('referralSourceId', 'is not an organization');
}

const prepare = <T extends object>(input: T): T =>
  normalizePhoneFields(blankToNull(input), ['phoneNumber', 'primaryPhone'] as never);

export const contactsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/contacts',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Contacts, by name',
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
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
      const [rows, [count]] = await Promise.all([
        services.db
          .select(columns)
          .from(contacts)
          .leftJoin(referralSources, eq(referralSources.id, contacts.referralSourceId))
          .where(where)
          .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(contacts)
          .where(where),
      ]);
      return { rows: rows.map(toContact), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.get(
    '/api/admin/contacts/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One contact',
        params: idParamsSchema,
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) => readContact(services.db, requireActor(request.ctx), request.params.id),
  );

  app.post(
    '/api/admin/contacts',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a contact',
        body: contactInputSchema,
        response: { 201: contactSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const created = await services.db.transaction(async (tx) => {
        await assertOrganizationExists(tx, request.body.referralSourceId);
        const [row] = await tx.insert(contacts).values(prepare(request.body)).returning();
        await recordAudit(tx, request.ctx, {
          entity: 'contact',
          entityId: row!.id,
          action: 'CREATE',
          before: null,
          after: row,
        });
        await publishEvent(tx, { entity: 'contact', id: row!.id, action: 'created' });
        return readContact(tx, actor, row!.id);
      });
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/contacts/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a contact (send the version you read)',
        params: idParamsSchema,
        body: contactUpdateSchema,
        response: { 200: contactSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      return services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.id, request.params.id), ne(contacts.status, DELETED)));
        if (!before) throw notFound('The contact');
        const { version, ...changes } = request.body;
        if (before.version !== version) throw staleVersion('contact');
        await assertOrganizationExists(tx, changes.referralSourceId);
        await updateVersioned(tx, request.ctx, contacts, before, prepare(changes), {
          entity: 'contact',
          stale: () => staleVersion('contact'),
        });
        return readContact(tx, actor, before.id);
      });
    },
  );

  app.delete(
    '/api/admin/contacts/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Delete a contact (send the version you read)',
        params: idParamsSchema,
        querystring: contactDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) =>
      services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.id, request.params.id), ne(contacts.status, DELETED)));
        if (!before) throw notFound('The contact');
        if (before.version !== request.query.version) throw staleVersion('contact');
        const [after] = await tx
          .update(contacts)
          .set({ status: DELETED, updatedAt: sql`now()`, version: before.version + 1 })
          .where(and(eq(contacts.id, before.id), eq(contacts.version, before.version)))
          .returning();
        if (!after) throw staleVersion('contact');
        await recordAudit(tx, request.ctx, {
          entity: 'contact',
          entityId: before.id,
          action: 'DELETE',
          before,
          after,
        });
        await publishEvent(tx, { entity: 'contact', id: before.id, action: 'deleted' });
        return { message: 'Contact deleted.' };
      }),
  );
};
