// SQL of onboarding: invitations, the clinician record a registration makes or links, the facts each step's
// requirement reads, and the step itself.
import type { ClinicianInvitationListQuery, InvitationStatus } from '@carelane/shared-domain';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import {
  agreementTemplates,
  clinicianInvitations,
  credentialRequirements,
  credentialTypes,
  providerAgreements,
  providerCredentials,
  providerRates,
  providers,
  users,
} from '../../../db/schema';
import type { Executor } from '../../../db/client';

export async function insertClinician(
  ex: Executor,
  values: {
    userId: number | null;
    givenName: string;
    familyName: string;
    email: string;
    phoneNumber: string | null;
    providerTypeId: number;
  },
): Promise<number> {
  const [row] = await ex
    .insert(providers)
    .values({ ...values, providerStatusId: 1, credentialState: 1, onboardStep: 'Contract' })
    .returning({ id: providers.id });
  return row!.id;
}

export async function insertInvitation(
  ex: Executor,
  values: { providerId: number; email: string; tokenHash: string; invitedBy: number; expiresAt: Date },
): Promise<number> {
  const [row] = await ex
    .insert(clinicianInvitations)
    .values(values)
    .returning({ id: clinicianInvitations.id });
  return row!.id;
}

/**
 * The address's pending invitation (not accepted, its clinician without a login), latest first, whatever its
 * expiry: inviting the address again sends it again instead of making a second clinician.
 */
export async function findPendingInvitation(ex: Executor, email: string) {
  const [row] = await ex
    .select({
      id: clinicianInvitations.id,
      providerId: clinicianInvitations.providerId,
      expiresAt: clinicianInvitations.expiresAt,
    })
    .from(clinicianInvitations)
    .innerJoin(providers, eq(providers.id, clinicianInvitations.providerId))
    .where(
      and(
        sql`lower(${clinicianInvitations.email}) = lower(${email})`,
        isNull(clinicianInvitations.acceptedAt),
        isNull(providers.userId),
      ),
    )
    .orderBy(desc(clinicianInvitations.id))
    .limit(1);
  return row;
}

/** A new link for the invitation (the old one stops working) and a new expiry. */
export async function renewInvitation(
  ex: Executor,
  invitationId: number,
  values: { tokenHash: string; expiresAt: Date },
) {
  await ex.update(clinicianInvitations).set(values).where(eq(clinicianInvitations.id, invitationId));
}

/** An invitation's status at `now`: Registered once its clinician has a login, else Pending until it expires. */
function invitationStatus(now: Date): SQL<InvitationStatus> {
  return sql<InvitationStatus>`case
    when ${clinicianInvitations.acceptedAt} is not null or ${providers.userId} is not null then 'Registered'
    when ${clinicianInvitations.expiresAt} <= ${now.toISOString()}::timestamptz then 'Expired'
    else 'Pending' end`;
}

/** A page of the invitations, newest first (the last sent is the one an invitee holds), and how many match. */
export async function listInvitations(ex: Executor, query: ClinicianInvitationListQuery, now: Date) {
  const status = invitationStatus(now);
  const where = query.status ? sql`${status} = ${query.status}` : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select({
        id: clinicianInvitations.id,
        providerId: clinicianInvitations.providerId,
        givenName: providers.givenName,
        familyName: providers.familyName,
        emailId: clinicianInvitations.email,
        phoneNumber: providers.phoneNumber,
        providerTypeId: providers.providerTypeId,
        status,
        invitedByFirst: users.firstName,
        invitedByLast: users.lastName,
        invitedAt: clinicianInvitations.createdAt,
        expiresAt: clinicianInvitations.expiresAt,
      })
      .from(clinicianInvitations)
      .innerJoin(providers, eq(providers.id, clinicianInvitations.providerId))
      .innerJoin(users, eq(users.id, clinicianInvitations.invitedBy))
      .where(where)
      .orderBy(desc(clinicianInvitations.createdAt), desc(clinicianInvitations.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ex
      .select({ count: sql<number>`count(*)::int` })
      .from(clinicianInvitations)
      .innerJoin(providers, eq(providers.id, clinicianInvitations.providerId))
      .where(where),
  ]);
  return { rows, totalCount: total?.count ?? 0 };
}

/** The open (unused, unexpired) invitation of a token hash, with its clinician; locked when `lock`. */
export async function findOpenInvitation(ex: Executor, tokenHash: string, lock = false) {
  const query = ex
    .select({
      id: clinicianInvitations.id,
      providerId: clinicianInvitations.providerId,
      email: clinicianInvitations.email,
      givenName: providers.givenName,
      familyName: providers.familyName,
      phoneNumber: providers.phoneNumber,
      providerTypeId: providers.providerTypeId,
      userId: providers.userId,
    })
    .from(clinicianInvitations)
    .innerJoin(providers, eq(providers.id, clinicianInvitations.providerId))
    .where(
      and(
        eq(clinicianInvitations.tokenHash, tokenHash),
        isNull(clinicianInvitations.acceptedAt),
        gt(clinicianInvitations.expiresAt, sql`now()`),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function acceptInvitation(
  ex: Executor,
  invitationId: number,
  providerId: number,
  userId: number,
) {
  await ex
    .update(clinicianInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(clinicianInvitations.id, invitationId));
  await ex
    .update(providers)
    .set({ userId, updatedAt: sql`now()`, version: sql`${providers.version} + 1` })
    .where(eq(providers.id, providerId));
}

export async function findOnboardingClinician(ex: Executor, providerId: number, lock = false) {
  const query = ex
    .select({
      id: providers.id,
      onboardStep: providers.onboardStep,
      providerTypeId: providers.providerTypeId,
      providerStatusId: providers.providerStatusId,
      preferredLatitude: providers.preferredLatitude,
      version: providers.version,
    })
    .from(providers)
    .where(eq(providers.id, providerId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * What the step requirements read, in one statement: the agreements to sign (latest active version of each
 * template for the type) not signed yet, whether own rates exist, the required Licence credentials and
 * background checks not submitted yet (a rejected one does not count).
 */
export async function onboardingFacts(ex: Executor, providerId: number, providerTypeId: number) {
  const submitted = sql`exists (select 1 from ${providerCredentials} c where c.provider_id = ${providerId}
    and c.credential_type_id = t.id and c.status <> 'Rejected')`;
  /** Required types of a category not submitted; `onlyLasting`: those that never expire (checks, not uploads). */
  const missingOfCategory = (category: string, onlyLasting = false): SQL<string[]> =>
    sql`coalesce((select array_agg(t.name order by t.name)
      from ${credentialRequirements} r join ${credentialTypes} t on t.id = r.credential_type_id and t.active
      where r.provider_type_id = ${providerTypeId} and t.category = ${category}
        and (${!onlyLasting} or not t.expires) and not ${submitted}), '{}')`;
  const [row] = await ex
    .select({
      unsignedAgreements: sql<string[]>`coalesce((select array_agg(a.name order by a.name)
        from ${agreementTemplates} a
        where a.active and a.required_for_onboarding
          and (cardinality(a.provider_type_ids) = 0 or ${providerTypeId} = any(a.provider_type_ids))
          and a.version = (select max(b.version) from ${agreementTemplates} b where b.name = a.name and b.active)
          and not exists (select 1 from ${providerAgreements} s where s.provider_id = ${providerId}
            and s.template_id = a.id)), '{}')`,
      rates: sql<number>`(select count(*)::int from ${providerRates} r where r.provider_id = ${providerId})`,
      missingLicences: missingOfCategory('Licence'),
      // The checks the clinician authorizes (a background check does not expire); a driver's licence is uploaded.
      missingBackground: missingOfCategory('Background', true),
    })
    .from(providers)
    .where(eq(providers.id, providerId));
  return row!;
}

/** Moves the clinician from `from` to `to`; false when their step is no longer `from`. */
export async function moveStep(ex: Executor, providerId: number, from: string, to: string, status?: number) {
  const rows = await ex
    .update(providers)
    .set({
      onboardStep: to,
      ...(status ? { providerStatusId: status } : {}),
      updatedAt: sql`now()`,
      version: sql`${providers.version} + 1`,
    })
    .where(and(eq(providers.id, providerId), eq(providers.onboardStep, from)))
    .returning({ id: providers.id });
  return rows.length > 0;
}
