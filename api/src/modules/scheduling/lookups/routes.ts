import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  facilityListQuerySchema,
  facilityListResponseSchema,
  insuranceListResponseSchema,
  providerTypeListResponseSchema,
  staffUserListQuerySchema,
  staffUserListResponseSchema,
  visitTypeListResponseSchema,
} from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { facilityList, insuranceList, providerTypeList, staffUserList, visitTypeList } from './service';

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
    async () => visitTypeList(services),
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
    async (request) => staffUserList(services, request.ctx, request.query.roleId),
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
    async () => providerTypeList(services),
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
    async () => insuranceList(services),
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
    async (request) => facilityList(services, request.ctx, request.query.referralSourceId),
  );
};
