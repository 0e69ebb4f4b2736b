import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idSchema, roleSchema, updatePrivilegesRequestSchema } from '@carelane/shared-domain';
import { errorResponses } from '../../../lib/route-schema';
import type { AppServices } from '../../../services/app-services';
import { listRolesFor, setRolePrivileges } from './service';

const tags = ['roles'];
const roleListSchema = z.object({ rows: z.array(roleSchema), manageableRoleIds: z.array(z.number().int()) });

export const rolesRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (app, { services }) => {
  app.get(
    '/api/admin/roles',
    {
      config: { page: ['users', 'userDetail'] },
      schema: {
        tags,
        summary: 'Roles, and which of them the caller may manage',
        response: { 200: roleListSchema, ...errorResponses },
      },
    },
    async (request) => listRolesFor(services, request.ctx),
  );
  app.put(
    '/api/admin/roles/:roleId/privileges',
    {
      config: { page: 'users' },
      schema: {
        tags,
        summary: 'Replace a role’s privilege map (administrators)',
        params: z.object({ roleId: idSchema }),
        body: updatePrivilegesRequestSchema,
        response: { 200: roleSchema, ...errorResponses },
      },
    },
    async (request) => setRolePrivileges(services, request.ctx, request.params.roleId, request.body),
  );
};
