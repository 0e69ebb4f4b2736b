import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ageFromBirthday,
  clampDateRange,
  idParamsSchema,
  normalizePhone,
  PATIENT_CREATION_MAX_DAYS,
  PATIENT_STALE_MESSAGE,
  patientArchiveSchema,
  patientInputSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientSchema,
  patientUpdateSchema,
  type Patient,
} from '@carelane/shared-domain';
import { patients } from '../../../db/scheduling-schema';
import { referralSources } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { pagingOf } from '../../../lib/paging';
import { updateVersioned } from '../../../lib/versioned-update';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { reasonLabels } from '../../admin/constants/repository';
import { assertInScope, organizationScope, owningOrganization, staleConflict } from './scope';
import { containsPattern } from '../../../lib/like-pattern';

const tags = ['patients'];
const readPages = { page: ['patients', 'patientDetail', 'serviceRequestDetail'] };
const writePages = { page: ['patientDetail', 'serviceRequestDetail'] };
const THING = 'The patient';

const columns = {
  patient: patients,
  referralSourceName: referralSources.name,
};
type Row = { patient: typeof patients.$inferSelect; referralSourceName: string };

const toPatient = ({ patient: p, referralSourceName }: Row): Patient => ({
  id: p.id,
  referralSourceId: p.referralSourceId,
  referralSourceName,
  firstName: p.firstName,
  middleInitial: p.middleInitial,
  lastName: p.lastName,
  age: ageFromBirthday(p.birthday),
  gender: p.gender,
  birthday: p.birthday,
  phoneNumber1: p.phoneNumber1,
  phoneNumber2: p.phoneNumber2,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
  city: p.city,
  state: p.state,
  zipcode: p.zipcode,
  latitude: p.latitude,
  longitude: p.longitude,
  language: p.language,
  status: p.status === 'ARCHIVED' ? 'ARCHIVED' : 'ACTIVE',
  archiveReason: p.archiveReason,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  version: p.version,
});

/** Phones as their digits, the state upper-cased, blank text as null. */
function prepare<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value.trim() === '') out[key] = null;
    else if ((key === 'phoneNumber1' || key === 'phoneNumber2') && typeof value === 'string')
      out[key] = normalizePhone(value);
    else if (key === 'state' && typeof value === 'string') out[key] = value.toUpperCase();
    else if (key === 'middleInitial' && typeof value === 'string') out[key] = value.toUpperCase();
    else out[key] = value;
  }
  return out as T;
}

/** One patient the actor may see, or the 404. */
export async function loadPatient(ex: Executor, actor: Actor, id: number): Promise<Row> {
  const [row] = await ex
    .select(columns)
    .from(patients)
    .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId))
    .where(eq(patients.id, id));
  if (!row) throw notFound(THING);
  assertInScope(actor, row.patient.referralSourceId, THING);
  return row;
}

/** SPEC §5 patient-creation range: at most 180 days, the other end moved; end before start gives one day. */
/** How an edit of a patient is refused when stale, audited and announced (to its organization). */
const patientUpdate = (before: { referralSourceId: number }) => ({
  entity: 'patient' as const,
  stale: () => staleConflict(PATIENT_STALE_MESSAGE),
  audience: () => ({ referralSourceId: before.referralSourceId }),
});

function creationRange(from: string | undefined, to: string | undefined): { start: Date; end: Date } | null {
  if (!from && !to) return null;
  const start = from ? new Date(`${from}T00:00:00`) : null;
  const end = to ? new Date(`${to}T00:00:00`) : null;
  if (start && end) return clampDateRange({ start, end }, PATIENT_CREATION_MAX_DAYS);
  if (start) return clampDateRange({ start, end: new Date(8.64e15) }, PATIENT_CREATION_MAX_DAYS);
  return clampDateRange({ start: new Date(-8.64e15), end: end! }, PATIENT_CREATION_MAX_DAYS, 'start');
}

export const patientsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/patients',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Patients (default ACTIVE), newest first',
        querystring: patientListQuerySchema,
        response: { 200: patientListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const filters: (SQL | undefined)[] = [organizationScope(actor, patients.referralSourceId)];
      if (q.status !== 'ALL') filters.push(eq(patients.status, q.status));
      if (q.referralSourceId) filters.push(eq(patients.referralSourceId, q.referralSourceId));
      if (q.search) {
        const pattern = containsPattern(q.search);
        const digits = q.search.replace(/\D/g, '');
        filters.push(
          or(
            ilike(sql`${patients.firstName} || ' ' || ${patients.lastName}`, pattern),
            ilike(sql`${patients.lastName} || ', ' || ${patients.firstName}`, pattern),
            digits.length >= 3 ? ilike(patients.phoneNumber1, containsPattern(digits)) : undefined,
            /^\d{3,5}$/.test(q.search) ? eq(patients.zipcode, q.search) : undefined,
          ),
        );
      }
      const range = creationRange(q.createdFrom, q.createdTo);
      if (range) filters.push(gte(patients.createdAt, range.start), lte(patients.createdAt, range.end));
      const where = and(...filters);
      const [rows, [count]] = await Promise.all([
        services.db
          .select(columns)
          .from(patients)
          .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId))
          .where(where)
          .orderBy(desc(patients.createdAt), desc(patients.id))
          .limit(q.pageSize)
          .offset((q.pageNumber - 1) * q.pageSize),
        services.db
          .select({ n: sql<number>`count(*)::int` })
          .from(patients)
          .where(where),
      ]);
      return { rows: rows.map(toPatient), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  app.get(
    '/api/admin/patients/:id',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'One patient',
        params: idParamsSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) =>
      toPatient(await loadPatient(services.db, requireActor(request.ctx), request.params.id)),
  );

  app.post(
    '/api/admin/patients',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Create a patient (organization users: for their own organization)',
        body: patientInputSchema,
        response: { 201: patientSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request.ctx);
      const { referralSourceId: requested, ...fields } = request.body;
      const created = await services.db.transaction(async (tx) => {
        const referralSourceId = await owningOrganization(tx, actor, requested);
        const [row] = await tx
          .insert(patients)
          .values({ ...prepare(fields), referralSourceId, createdBy: actor.userId })
          .returning();
        await recordAudit(tx, request.ctx, {
          entity: 'patient',
          entityId: row!.id,
          action: 'CREATE',
          before: null,
          after: row,
        });
        await publishEvent(tx, { entity: 'patient', id: row!.id, action: 'created' }, { referralSourceId });
        return loadPatient(tx, actor, row!.id);
      });
      return reply.status(201).send(toPatient(created));
    },
  );

  app.put(
    '/api/admin/patients/:id',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Edit a patient (send the version you read)',
        params: idParamsSchema,
        body: patientUpdateSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      return services.db.transaction(async (tx) => {
        const { patient: before } = await loadPatient(tx, actor, request.params.id);
        const { version, ...changes } = request.body;
        if (before.version !== version) throw staleConflict(PATIENT_STALE_MESSAGE);
        await updateVersioned(tx, request.ctx, patients, before, prepare(changes), patientUpdate(before));
        return toPatient(await loadPatient(tx, actor, before.id));
      });
    },
  );

  app.post(
    '/api/admin/patients/:id/archive',
    {
      config: writePages,
      schema: {
        tags,
        summary: 'Archive a patient with a reason of the episodeArchiveReasons constant',
        params: idParamsSchema,
        body: patientArchiveSchema,
        response: { 200: patientSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const reasons = await reasonLabels(services.db, 'episodeArchiveReasons');
      if (!reasons.includes(request.body.reason))
        throw badRequest('reason', `must be one of: ${reasons.join(', ')}`);
      return services.db.transaction(async (tx) => {
        const { patient: before } = await loadPatient(tx, actor, request.params.id);
        if (before.version !== request.body.version) throw staleConflict(PATIENT_STALE_MESSAGE);
        await updateVersioned(
          tx,
          request.ctx,
          patients,
          before,
          { status: 'ARCHIVED', archiveReason: request.body.reason, archivedAt: sql`now()` },
          patientUpdate(before),
        );
        return toPatient(await loadPatient(tx, actor, before.id));
      });
    },
  );
};
