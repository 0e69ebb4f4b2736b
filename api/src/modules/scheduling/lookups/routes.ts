import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  facilityListQuerySchema,
  facilityListResponseSchema,
  insuranceListResponseSchema,
  isOrganizationRole,
  providerTypeListResponseSchema,
  isStaffingRole,
  staffUserListQuerySchema,
  staffUserListResponseSchema,
  visitTypeListResponseSchema,
} from '@carelane/shared-domain';
import { facilities, insurances, providerTypes, visitTypes } from '../../../db/scheduling-schema';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { requireActor } from '../../../services/context';

const tags = ['lookups'];
/** Every signed-in role but the clinician holds one of these pages. */
export const LOOKUP_PAGES = { page: ['serviceRequest', 'serviceRequestDetail', 'patients', 'patientDetail'] };

export const lookupsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/visitTypes',
    {
      config: LOOKUP_PAGES,
      schema: {
        tags,
        summary: 'Active visit types',
        response: { 200: visitTypeListResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const rows = await services.db
        .select()
        .from(visitTypes)
        .where(eq(visitTypes.active, true))
        .orderBy(asc(visitTypes.id));
      return { rows: rows.map(({ active: _active, ...row }) => row) };
    },
  );

  // The coordinator pickers of a service request: staff users of one staffing role, for staff only.
  app.get(
    '/api/admin/staffUsers',
    {
      config: { page: 'serviceRequestDetail' },
      schema: {
        tags,
        summary: 'Active staff users of one staffing role (service request coordinators)',
        querystring: staffUserListQuerySchema,
        response: { 200: staffUserListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const { roleId } = request.query;
      if (isOrganizationRole(actor.roleId) || !isStaffingRole(roleId)) return { rows: [] };
      const rows = await services.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId })
        .from(users)
        .where(and(eq(users.roleId, roleId), eq(users.status, 'ACTIVE')))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return { rows };
    },
  );

  app.get(
    '/api/admin/providerTypes',
    {
      config: LOOKUP_PAGES,
      schema: {
        tags,
        summary: 'Provider types',
        response: { 200: providerTypeListResponseSchema, ...errorResponses },
      },
    },
    async () => ({ rows: await services.db.select().from(providerTypes).orderBy(asc(providerTypes.id)) }),
  );

  app.get(
    '/api/admin/insurances',
    {
      config: LOOKUP_PAGES,
      schema: {
        tags,
        summary: 'Active insurances',
        response: { 200: insuranceListResponseSchema, ...errorResponses },
      },
    },
    async () => ({
      rows: await services.db
        .select({ id: insurances.id, name: insurances.name, payerId: insurances.payerId })
        .from(insurances)
        .where(eq(insurances.status, 'ACTIVE'))
        .orderBy(asc(insurances.name), asc(insurances.id)),
    }),
  );

  app.get(
    '/api/admin/facilities',
    {
      config: LOOKUP_PAGES,
      schema: {
        tags,
        summary: "Active facilities (an organization user sees only its organization's)",
        querystring: facilityListQuerySchema,
        response: { 200: facilityListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      const referralSourceId = isOrganizationRole(actor.roleId)
        ? (actor.referralSourceId ?? -1)
        : request.query.referralSourceId;
      const rows = await services.db
        .select({
          id: facilities.id,
          name: facilities.name,
          referralSourceId: facilities.referralSourceId,
          email: facilities.email,
          phoneNumber: facilities.phoneNumber,
          addressLine1: facilities.addressLine1,
          city: facilities.city,
          state: facilities.state,
          zipcode: facilities.zipcode,
          latitude: facilities.latitude,
          longitude: facilities.longitude,
        })
        .from(facilities)
        .where(
          and(
            eq(facilities.status, 'ACTIVE'),
            referralSourceId === undefined ? undefined : eq(facilities.referralSourceId, referralSourceId),
          ),
        )
        .orderBy(asc(facilities.name), asc(facilities.id))
        .limit(1000);
      return { rows };
    },
  );
};
