import { and, avg, eq, isNotNull } from 'drizzle-orm';
import { referralSources } from '../../db/schema';
import type { Executor } from '../../db/client';

/** Where an organization is: its ZIP code and map point (either may be missing). */
export type OrganizationPlace = {
  zipcode: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The zone it keeps (decision 039); null: its ZIP code's. */
  timeZone?: string | null;
};

export async function organizationPlace(db: Executor, id: number): Promise<OrganizationPlace | null> {
  const [row] = await db
    .select({
      zipcode: referralSources.zipcode,
      latitude: referralSources.latitude,
      longitude: referralSources.longitude,
      timeZone: referralSources.timeZone,
    })
    .from(referralSources)
    .where(eq(referralSources.id, id));
  return row ?? null;
}

/** The centre of the active organizations that have a map point; null when none has. */
export async function activeOrganizationsCentre(
  db: Executor,
): Promise<{ latitude: number; longitude: number } | null> {
  const [row] = await db
    .select({ latitude: avg(referralSources.latitude), longitude: avg(referralSources.longitude) })
    .from(referralSources)
    .where(
      and(
        eq(referralSources.status, 'ACTIVE'),
        isNotNull(referralSources.latitude),
        isNotNull(referralSources.longitude),
      ),
    );
  return row?.latitude != null && row.longitude != null
    ? { latitude: Number(row.latitude), longitude: Number(row.longitude) }
    : null;
}
