// The credential-at-date rule on the database side: shared-domain's `credentialGapsOn` decides (fit score,
// publish, assign); `fullyCredentialedOnSql` is its mirror for filtering many clinicians in one statement.
// Both read the same three tables and agree on the worked dates of credentials-at-date.int.test.ts.
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  APPROVED_CREDENTIAL_STATUSES,
  credentialGapsOn,
  type CredentialGap,
  type HeldCredential,
  type RequiredCredential,
} from '@carelane/shared-domain';
import { credentialRequirements, credentialTypes, providerCredentials } from '../db/schema';
import type { Executor } from '../db/client';

const approved = sql.join(
  APPROVED_CREDENTIAL_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** `credentialCovers` in SQL: the credential row `c` counts on `date`. */
function coversSql(date: string): SQL {
  return sql`c.status in (${approved}) and (c.issued_on is null or c.issued_on <= ${date}::date)
    and (c.expires_on is null or c.expires_on >= ${date}::date)`;
}

/**
 * The clinician (`providerId`, of `providerTypeId`) is fully credentialed on `date`: no active credential type
 * their provider type requires lacks an approved credential in force that day.
 */
export function fullyCredentialedOnSql(
  providerId: SQLWrapper,
  providerTypeId: SQLWrapper,
  date: string,
): SQL {
  return sql`not exists (select 1 from ${credentialRequirements} r
    join ${credentialTypes} t on t.id = r.credential_type_id and t.active
    where r.provider_type_id = ${providerTypeId}
      and not exists (select 1 from ${providerCredentials} c where c.provider_id = ${providerId}
        and c.credential_type_id = r.credential_type_id and ${coversSql(date)}))`;
}

/** The clinician's credentials of the types `providerTypeId` requires, as json (for a correlated subquery). */
export function heldCredentialsSql(
  providerId: SQLWrapper,
  providerTypeId: SQLWrapper,
): SQL<HeldCredential[] | null> {
  return sql<
    HeldCredential[] | null
  >`(select json_agg(json_build_object('credentialTypeId', c.credential_type_id,
      'status', c.status, 'issuedOn', c.issued_on, 'expiresOn', c.expires_on))
    from ${providerCredentials} c
    join ${credentialRequirements} r on r.credential_type_id = c.credential_type_id and r.provider_type_id = ${providerTypeId}
    where c.provider_id = ${providerId})`;
}

/** The active credential types a provider type requires, by name. */
export async function requiredCredentials(
  ex: Executor,
  providerTypeId: number,
): Promise<RequiredCredential[]> {
  return ex
    .select({ id: credentialTypes.id, name: credentialTypes.name })
    .from(credentialRequirements)
    .innerJoin(credentialTypes, eq(credentialTypes.id, credentialRequirements.credentialTypeId))
    .where(and(eq(credentialRequirements.providerTypeId, providerTypeId), eq(credentialTypes.active, true)))
    .orderBy(asc(credentialTypes.name));
}

/** What one clinician of `providerTypeId` lacks on `date` (empty: fully credentialed): the assign check. */
export async function credentialGapsOfProvider(
  ex: Executor,
  provider: { id: number; providerTypeId: number },
  date: string,
): Promise<CredentialGap[]> {
  const required = await requiredCredentials(ex, provider.providerTypeId);
  if (!required.length) return [];
  const held = await ex
    .select({
      credentialTypeId: providerCredentials.credentialTypeId,
      status: providerCredentials.status,
      issuedOn: providerCredentials.issuedOn,
      expiresOn: providerCredentials.expiresOn,
    })
    .from(providerCredentials)
    .where(
      and(
        eq(providerCredentials.providerId, provider.id),
        inArray(
          providerCredentials.credentialTypeId,
          required.map((r) => r.id),
        ),
      ),
    );
  return credentialGapsOn(required, held, date);
}
