// Who may open a clinician's records: staff holding providerDetail open anyone's; a clinician opens only their
// own (providers.user_id); everyone else is refused. Every clinicians feature loads its clinician through here.
import { eq } from 'drizzle-orm';
import { ROLE } from '@carelane/shared-domain';
import { providers } from '../../db/schema';
import type { Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { holdsPage } from '../../plugins/auth';
import type { Actor } from '../../services/context';

export const CLINICIAN_THING = 'Clinician';

export type ClinicianRecord = {
  id: number;
  userId: number | null;
  givenName: string;
  familyName: string;
  providerTypeId: number;
  providerStatusId: number;
};

/** The clinician record of the signed-in clinician (404 when the user has none). */
export async function ownClinicianId(ex: Executor, actor: Actor): Promise<number> {
  const id = await clinicianIdOfUser(ex, actor.userId);
  if (id === null) throw notFound(CLINICIAN_THING);
  return id;
}

/** The clinician record of a user (their providers row), or null when they have none. */
export async function clinicianIdOfUser(ex: Executor, userId: number): Promise<number | null> {
  const [row] = await ex.select({ id: providers.id }).from(providers).where(eq(providers.userId, userId));
  return row?.id ?? null;
}

/** The clinician, when `actor` may open their records (403 otherwise, 404 when there is none). */
export async function loadClinician(
  ex: Executor,
  actor: Actor,
  providerId: number,
  options: { lock?: boolean } = {},
): Promise<ClinicianRecord> {
  const query = ex
    .select({
      id: providers.id,
      userId: providers.userId,
      givenName: providers.givenName,
      familyName: providers.familyName,
      providerTypeId: providers.providerTypeId,
      providerStatusId: providers.providerStatusId,
    })
    .from(providers)
    .where(eq(providers.id, providerId));
  const [clinician] = await (options.lock ? query.for('update') : query);
  const staff = holdsPage(actor, 'providerDetail');
  if (!clinician) throw staff ? notFound(CLINICIAN_THING) : forbidden();
  if (staff) return clinician;
  if (actor.roleId === ROLE.CLINICIAN && clinician.userId === actor.userId) return clinician;
  throw forbidden();
}
