import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COVERED,
  NOT_COVERED,
  assignVisitSchema,
  defaultDateRange,
  fitScoreQuerySchema,
  fitScoreResponseSchema,
  fitScoreVisitsQuerySchema,
  fitScoreVisitsResponseSchema,
  isOrganizationRole,
  parsePrivilegeMap,
  showOrganizationRates,
  unassignVisitSchema,
  visitRowSchema,
  type FitScoreResponse,
  type MatchCandidate,
} from '@carelane/shared-domain';
import { visits } from '../../../db/scheduling-schema';
import { badRequest, notFound } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { localIsoDate } from '../../../lib/local-date';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor } from '../../../services/context';
import { readBriefly } from '../brief-cache';
import { organizationScope, assertInScope } from '../patients/scope';
import { selectVisitRows, toVisitRow, VISIT_THING } from '../visits/repository';
import { assignVisit, unassignVisit } from './assign';
import { findCandidates, providerTypeRates, rateTerms, type RateCardRow } from './service';

const tags = ['matching'];
const readPages = { page: ['unstaffedVisits', 'serviceRequestDetail'] };

type RateVisibility = FitScoreResponse['rateVisibility'];
function rateVisibility(actor: Actor): RateVisibility {
  if (!isOrganizationRole(actor.roleId)) return 'all';
  return showOrganizationRates(parsePrivilegeMap(actor.privileges)) ? 'organization' : 'none';
}

const toCard = (card: RateCardRow) => ({
  ...card,
  paymentType: card.paymentType as 'FlatRate' | 'ServiceFee' | 'Both',
  unit: card.unit as '$/Hour' | '$/Visit',
  updatedAt: card.updatedAt.toISOString(),
});

export const matchingRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/operation/fitScore',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Clinicians ranked by fit score for one visit, with the factor breakdown and the rates',
        querystring: fitScoreQuerySchema,
        response: { 200: fitScoreResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { visitId, pageNumber, pageSize, ...options } = request.query;
      const [row] = await selectVisitRows(services.db).where(eq(visits.id, visitId));
      if (!row) throw notFound(VISIT_THING);
      assertInScope(actor, row.visit.referralSourceId, VISIT_THING);
      const visit = row.visit;
      const visibility = rateVisibility(actor);
      const [all, cards] = await Promise.all([
        visit.paused ? [] : findCandidates(services.db, visit, options, { rates: true }),
        // The rate card changes rarely and is read for every visit of the organization and provider type.
        readBriefly(
          services,
          `rateCard:${visit.referralSourceId}:${visit.providerTypeId}`,
          ['referral_source_rates'],
          () => providerTypeRates(services.db, visit),
        ),
      ]);
      const page = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      const card = cards.find((c) => c.visitTypeId === visit.visitTypeId);
      const providerList: MatchCandidate[] = page.map((c) => {
        const terms = rateTerms(
          visit,
          card,
          c.rates.find((r) => r.visitTypeId === visit.visitTypeId),
        );
        const amounts = !terms.ok
          ? null
          : visibility === 'all'
            ? {
                organizationAmount: terms.result.organizationAmount,
                clinicianAmount: terms.result.clinicianAmount,
                netProfit: terms.result.netProfit,
                requiredMargin: terms.result.requiredMargin,
              }
            : visibility === 'organization'
              ? { organizationAmount: terms.result.organizationAmount }
              : null;
        return {
          providerUserId: c.provider.id,
          givenName: c.provider.givenName,
          familyName: c.provider.familyName,
          providerType: row.providerType,
          providerTypeId: c.provider.providerTypeId,
          patientsCount: c.patientsCount,
          visitsCount: c.visitsCount,
          shiftsCount: c.shiftsCount,
          providerRatingDetails: c.provider.ratingDetails,
          skills: c.provider.skills.map((name) => ({ name })),
          rating: c.provider.rating,
          lastLogin: c.provider.lastLogin?.toISOString() ?? null,
          fitScore: c.fitScore,
          careCoordinator: c.careCoordinator,
          vacations: c.vacations,
          coverage: c.covered ? COVERED : NOT_COVERED,
          distanceMiles: c.distanceMiles,
          factors: c.factors,
          ...(visibility === 'all' && {
            rates: c.rates.map((r) => ({ ...r, description: r.description ?? '' })),
          }),
          ...(visibility !== 'none' && { referralSourceRates: cards.map(toCard) }),
          amounts,
          selectable: terms.ok && terms.selectable,
          // The reason may name the margin, so only staff read it.
          notSelectableReason: visibility === 'all' ? terms.problem : null,
        };
      });
      return {
        visit: {
          ...toVisitRow(row, actor),
          zipcode: visit.zipcode,
          latitude: visit.latitude,
          longitude: visit.longitude,
        },
        providerList,
        paging: pagingOf({ pageNumber, pageSize }, all.length),
        providerTypeRates: visibility === 'none' ? [] : cards.map(toCard),
        rateVisibility: visibility,
      };
    },
  );

  app.get(
    '/api/operation/fitScore/visits',
    {
      config: readPages,
      schema: {
        tags,
        summary: 'Published visits to match, today to +7 days by default, 25 a page',
        querystring: fitScoreVisitsQuerySchema,
        response: { 200: fitScoreVisitsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const q = request.query;
      const range = defaultDateRange('fitScoreVisits');
      const from = q.from ?? localIsoDate(range.start);
      const to = q.to ?? localIsoDate(range.end);
      if (to < from) throw badRequest('to', 'must not be before from');
      const where = and(
        organizationScope(actor, visits.referralSourceId),
        eq(visits.status, 'Active'),
        eq(visits.paused, false),
        gte(visits.dateOfService, from),
        lte(visits.dateOfService, to),
        q.providerTypeId ? eq(visits.providerTypeId, q.providerTypeId) : undefined,
        q.visitTypeId ? eq(visits.visitTypeId, q.visitTypeId) : undefined,
      );
      const rows = await selectVisitRows(services.db)
        .where(where)
        .orderBy(visits.dateOfService, visits.startAt, visits.id)
        .limit(q.pageSize)
        .offset((q.pageNumber - 1) * q.pageSize);
      const [count] = await services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(visits)
        .where(where);
      return { visitList: rows.map((r) => toVisitRow(r, actor)), paging: pagingOf(q, count?.n ?? 0) };
    },
  );

  const assignResponse = { 200: visitRowSchema, ...errorResponses };
  app.post(
    '/api/admin/assignVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Assign a clinician (Published -> Staffed); notifies the clinician and the facility',
        body: assignVisitSchema,
        response: assignResponse,
      },
    },
    async (request) => {
      const after = await assignVisit(services.db, services.config, request.ctx, request.body);
      const [row] = await selectVisitRows(services.db).where(eq(visits.id, after.id));
      return toVisitRow(row!, requireActor(request.ctx));
    },
  );

  app.post(
    '/api/admin/unassignVisit',
    {
      config: { page: 'unstaffedVisits' },
      schema: {
        tags,
        summary: 'Take the clinician off a staffed visit (Staffed -> Published)',
        body: unassignVisitSchema,
        response: assignResponse,
      },
    },
    async (request) => {
      const after = await unassignVisit(services.db, request.ctx, request.body);
      const [row] = await selectVisitRows(services.db).where(eq(visits.id, after.id));
      return toVisitRow(row!, requireActor(request.ctx));
    },
  );
};
