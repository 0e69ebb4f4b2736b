import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { constantSchema, updateConstantRequestSchema } from '@carelane/shared-domain';
import { appConstants } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schema';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { publishEvent } from '../../../services/events';
import { MAP_TILE_URL, mapTileSources } from '../../maps/tile-sources';
import { listConstants } from './repository';

const tags = ['constants'];
const NUMERIC = new Set([
  'locationExpiryInMins',
  'autoSaveInterval',
  'idleTimeout',
  'fileSizeLimit',
  'twoStringDuplicatePercentage',
]);
const MAX_IDLE_MINUTES = 24 * 60;

function checkValue(name: string, value: string) {
  if (NUMERIC.has(name) && (value.trim() === '' || !Number.isFinite(Number(value)) || Number(value) <= 0)) {
    throw badRequest('value', `must be a positive number for ${name}`);
  }
  // Sessions keep the idle timeout as whole minutes (as organizations do): 1.5 or 1e12 would make
  // every sign-in fail.
  if (name === 'idleTimeout' && !(Number.isInteger(Number(value)) && Number(value) <= MAX_IDLE_MINUTES)) {
    throw badRequest('value', `must be a whole number of minutes from 1 to ${MAX_IDLE_MINUTES} for ${name}`);
  }
  // A share of matching characters: above 1 it would be ignored for the default.
  if (name === 'twoStringDuplicatePercentage' && Number(value) > 1) {
    throw badRequest('value', `must be at most 1 for ${name}`);
  }
  const trimmed = value.trim();
  if (
    (trimmed.startsWith('[') || trimmed.startsWith('{')) &&
    !(() => {
      try {
        JSON.parse(trimmed);
        return true;
      } catch {
        return false;
      }
    })()
  ) {
    throw badRequest('value', `must be valid JSON for ${name}`);
  }
}

export const constantsRoutes: FastifyPluginAsyncZod<{ services: AppServices }> = async (
  app,
  { services },
) => {
  app.get(
    '/api/admin/constants',
    {
      config: { allowDuringPasswordChange: true },
      schema: {
        tags,
        summary: 'Server-supplied constants (SPEC §9), with their defaults',
        response: { 200: z.array(constantSchema), ...errorResponses },
      },
    },
    async () =>
      (await listConstants(services.db)).map(({ type, name, value, description }) => ({
        type,
        name,
        value,
        description,
      })),
  );
  app.put(
    '/api/admin/constants/:name',
    {
      config: { page: 'constants' },
      schema: {
        tags,
        summary: 'Change a constant (administrators)',
        params: z.object({ name: z.string().max(100) }),
        body: updateConstantRequestSchema,
        response: { 200: constantSchema, ...errorResponses },
      },
    },
    async (request) => {
      checkValue(request.params.name, request.body.value);
      const saved = await services.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(appConstants)
          .where(eq(appConstants.name, request.params.name));
        if (!before) throw notFound(`The constant ${request.params.name}`);
        const [after] = await tx
          .update(appConstants)
          .set({
            value: request.body.value,
            updatedAt: sql`now()`,
            version: sql`${appConstants.version} + 1`,
          })
          .where(eq(appConstants.name, before.name))
          .returning();
        await recordAudit(tx, request.ctx, {
          entity: 'constant',
          entityId: before.name,
          action: 'UPDATE',
          before: before.name === 'blobEncryptionKey' ? { value: '[redacted]' } : before,
          after: before.name === 'blobEncryptionKey' ? { value: '[redacted, changed]' } : after,
        });
        await publishEvent(tx, { entity: 'constant', id: before.name, action: 'updated' });
        const { type, name, value, description } = after!;
        return { type, name, value, description };
      });
      // The Content-Security-Policy names the tile server from the next answer on.
      if (saved.name === MAP_TILE_URL) mapTileSources(services).set(saved.value);
      return saved;
    },
  );
};
