import { badRequest, notFound } from '../../../lib/errors';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import type { RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { MAP_TILE_URL, mapTileSources } from '../../maps/tile-sources';
import { findConstant, listConstants, updateConstantValue } from './repository';

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

export async function listPublicConstants(services: AppServices) {
  return (await listConstants(services.db)).map(({ type, name, value, description }) => ({
    type,
    name,
    value,
    description,
  }));
}

/** Changes one constant (administrators; the route's page says who). */
export async function updateConstant(
  services: AppServices,
  ctx: RequestContext,
  constantName: string,
  newValue: string,
) {
  checkValue(constantName, newValue);
  const saved = await services.db.transaction(async (tx) => {
    const before = await findConstant(tx, constantName);
    if (!before) throw notFound(`The constant ${constantName}`);
    const after = await updateConstantValue(tx, before.name, newValue);
    await recordAudit(tx, ctx, {
      entity: 'constant',
      entityId: before.name,
      action: 'UPDATE',
      before: before.name === 'blobEncryptionKey' ? { value: '[redacted]' } : before,
      after: before.name === 'blobEncryptionKey' ? { value: '[redacted, changed]' } : after,
    });
    await publishEvent(tx, { entity: 'constant', id: before.name, action: 'updated' });
    const { type, name, value, description } = after;
    return { type, name, value, description };
  });
  // The Content-Security-Policy names the tile server from the next answer on.
  if (saved.name === MAP_TILE_URL) mapTileSources(services).set(saved.value);
  return saved;
}
