// The intake assistant's reads and the request email it keeps (decision 069).
import type { DuplicateCheckInput } from '@carelane/shared-domain';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client';
import {
  inboundMessages,
  patients,
  providers,
  providerTypes,
  referralSources,
  users,
  visits,
  visitTypes,
} from '../../../db/schema';
import { prefixPattern } from '../../../lib/like-pattern';
import { comparable, type Candidate } from './duplicates';

const CANDIDATES = 500;

/** Active patients sharing the last name's first two letters, the birthday or the phone: at most 500. */
export async function duplicateCandidates(ex: Executor, input: DuplicateCheckInput): Promise<Candidate[]> {
  const lastNameStart = comparable(input.lastName).slice(0, 2);
  const narrowed = [
    lastNameStart ? sql`lower(${patients.lastName}) like ${prefixPattern(lastNameStart)}` : undefined,
    input.birthday ? eq(patients.birthday, input.birthday) : undefined,
    input.phoneNumber1 ? eq(patients.phoneNumber1, input.phoneNumber1) : undefined,
    input.phoneNumber1 ? eq(patients.phoneNumber2, input.phoneNumber1) : undefined,
  ].filter((condition) => condition !== undefined);
  return ex
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthday: patients.birthday,
      phoneNumber1: patients.phoneNumber1,
      phoneNumber2: patients.phoneNumber2,
      organizationName: referralSources.name,
    })
    .from(patients)
    .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId))
    .where(and(eq(patients.status, 'ACTIVE'), or(...narrowed)))
    .limit(CANDIDATES);
}

/** The request email kept as an inbound email; null when this email (by its key) is kept already. */
export async function keepEmail(
  tx: Tx,
  row: {
    key: string;
    fromAddress: string;
    subject: string | null;
    body: string;
    referralSourceId: number;
    userId: number;
  },
): Promise<number | null> {
  const now = new Date();
  const [kept] = await tx
    .insert(inboundMessages)
    .values({
      channel: 'email',
      externalId: row.key,
      fromAddress: row.fromAddress,
      toAddress: 'assistant',
      subject: row.subject,
      body: row.body,
      receivedAt: now,
      status: 'Handled',
      referralSourceId: row.referralSourceId,
      handledAt: now,
      handledByUserId: row.userId,
    })
    .onConflictDoNothing()
    .returning({ id: inboundMessages.id });
  return kept?.id ?? null;
}

export async function keptEmail(ex: Executor, key: string) {
  const [row] = await ex
    .select({ id: inboundMessages.id, episodeId: inboundMessages.episodeId })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'email'), eq(inboundMessages.externalId, key)));
  return row ?? null;
}

export async function linkEmail(tx: Tx, emailId: number, episodeId: number): Promise<void> {
  await tx.update(inboundMessages).set({ episodeId }).where(eq(inboundMessages.id, emailId));
}

/** The latest email a service request was created from: who to answer and what it was about. */
export async function emailOfRequest(ex: Executor, episodeId: number) {
  const [row] = await ex
    .select({ fromAddress: inboundMessages.fromAddress, subject: inboundMessages.subject })
    .from(inboundMessages)
    .where(eq(inboundMessages.episodeId, episodeId))
    .orderBy(desc(inboundMessages.id))
    .limit(1);
  return row ?? null;
}

/** The visits of a created request, when they are, and who holds each. */
export async function visitsOfRequest(ex: Executor, episodeId: number) {
  return ex
    .select({
      id: visits.id,
      status: visits.status,
      dateOfService: visits.dateOfService,
      startAt: visits.startAt,
      endAt: visits.endAt,
      visitType: visitTypes.type,
      providerType: providerTypes.type,
      clinicianName: sql<string | null>`${providers.givenName} || ' ' || ${providers.familyName}`,
    })
    .from(visits)
    .innerJoin(visitTypes, eq(visitTypes.id, visits.visitTypeId))
    .innerJoin(providerTypes, eq(providerTypes.id, visits.providerTypeId))
    .leftJoin(providers, eq(providers.id, visits.providerId))
    .where(and(eq(visits.episodeId, episodeId), sql`${visits.status} <> 'Deleted'`))
    .orderBy(asc(visits.startAt), asc(visits.id))
    .limit(1000);
}

/** How a reply is signed: the coordinator's name. */
export async function signature(ex: Executor, userId: number): Promise<string> {
  const [row] = await ex
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? 'Carelane';
}
