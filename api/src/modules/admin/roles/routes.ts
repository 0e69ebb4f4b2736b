import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE, managedRoleIds, roleSchema, updatePrivilegesRequestSchema } from '@carelane/shared-domain';
import { roles } from '../../../db/schema';
import { forbidden, notFound, staleVersion } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor } from '../../../services/context';
import { publishEvent } from '../../../services/events';

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
    async (request) => {
      const actor = requireActor(request.ctx);
      const rows = await services.db.select().from(roles).orderBy(roles.roleId);
      return { rows, manageableRoleIds: [...managedRoleIds(actor.roleId)] };
    },
  );
  app.put(
    '/api/admin/roles/:roleId/privileges',
    {
      config: { page: 'users' },
      schema: {
        tags,
        summary: 'Replace a role’s privilege map (administrators)',
        params: z.object({ roleId: z.coerce.number().int() }),
        body: updatePrivilegesRequestSchema,
        response: { 200: roleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requireActor(request.ctx);
      if (actor.roleId !== ROLE.ADMINISTRATOR)
        throw forbidden('Sorry, only administrators may change privileges.');
      return services.db.transaction(async (tx) => {
        const [before] = await tx.select().from(roles).where(eq(roles.roleId, request.params.roleId));
        if (!before) throw notFound('The role');
        if (before.version !== request.body.version) throw staleVersion('role');
        const [after] = await tx
          .update(roles)
          .set({ privileges: request.body.privileges, version: before.version + 1 })
          .where(and(eq(roles.roleId, before.roleId), eq(roles.version, before.version)))
          .returning();
        if (!after) throw staleVersion('role');
        await recordAudit(tx, request.ctx, {
          entity: 'role',
          entityId: before.roleId,
          action: 'UPDATE',
          before,
          after,
        });
        await publishEvent(tx, { entity: 'role', id: before.roleId, action: 'updated' });
        return after;
      });
    },
  );
};
