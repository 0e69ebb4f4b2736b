// The intake assistant's reads and the request email it keeps (decision 069).
import type { DuplicateCheckInput } from '@carelane/shared-domain';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
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

/** An email and the service request it made, if any. */
export async function linkedEmail(ex: Executor, id: number) {
  const [row] = await ex
    .select({ id: inboundMessages.id, episodeId: inboundMessages.episodeId })
    .from(inboundMessages)
    .where(eq(inboundMessages.id, id));
  return row ?? null;
}

export async function keptEmail(ex: Executor, key: string) {
  const [row] = await ex
    .select({ id: inboundMessages.id, episodeId: inboundMessages.episodeId })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.channel, 'email'), eq(inboundMessages.externalId, key)));
  return row ?? null;
}

/** The email made this service request: linked to it and handled (it leaves the queue and the inbox's Pending). */
export async function linkEmail(tx: Tx, emailId: number, episodeId: number, userId: number): Promise<void> {
  await tx
    .update(inboundMessages)
    .set({ episodeId, status: 'Handled', handledAt: new Date(), handledByUserId: userId })
    .where(eq(inboundMessages.id, emailId));
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

/** What the queue shows: emails not from a clinician that made no service request, Pending, newest first. */
const queued = and(
  eq(inboundMessages.channel, 'email'),
  eq(inboundMessages.status, 'Pending'),
  isNull(inboundMessages.episodeId),
  isNull(inboundMessages.providerId),
);

export async function queuePage(ex: Executor, page: { pageNumber: number; pageSize: number }) {
  const [rows, [count]] = await Promise.all([
    ex
      .select({
        id: inboundMessages.id,
        fromAddress: inboundMessages.fromAddress,
        subject: inboundMessages.subject,
        receivedAt: inboundMessages.receivedAt,
        organizationName: referralSources.name,
        preview: sql<string>`left(${inboundMessages.body}, 160)`,
      })
      .from(inboundMessages)
      .leftJoin(referralSources, eq(referralSources.id, inboundMessages.referralSourceId))
      .where(queued)
      .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    ex
      .select({ n: sql<number>`count(*)::int` })
      .from(inboundMessages)
      .where(queued),
  ]);
  return { rows, totalCount: count?.n ?? 0 };
}

/** One received email (not a clinician's), for the assistant to read; locked when `forUpdate`. */
export async function receivedEmail(ex: Executor, id: number, forUpdate = false) {
  const query = ex
    .select({
      id: inboundMessages.id,
      fromAddress: inboundMessages.fromAddress,
      subject: inboundMessages.subject,
      body: inboundMessages.body,
      receivedAt: inboundMessages.receivedAt,
      referralSourceId: inboundMessages.referralSourceId,
      episodeId: inboundMessages.episodeId,
    })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.id, id),
        eq(inboundMessages.channel, 'email'),
        isNull(inboundMessages.providerId),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
