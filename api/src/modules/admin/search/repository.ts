// The header's global search (issue 27): one query per group, each kept to what the caller may see, best match
// first (exact, then prefix, then anywhere in the text), then by name.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { episodes, invoices, patients, providers, referralSources, visits } from '../../../db/schema';
import { containsPattern } from '../../../lib/like-pattern';

/** Which rows a caller's search reaches: everything (staff, billing), one organization's, or a clinician's own visits'. */
export type Scope =
  | { kind: 'all' }
  | { kind: 'organization'; referralSourceId: number }
  | { kind: 'clinician'; userId: number };

/** What was typed, read the ways the groups match it. */
export interface Terms {
  text: string;
  pattern: string;
  /** The digits of the text, when there are 3 or more (a phone number). */
  phoneDigits: string | null;
  /** The text as a day (M/D/YYYY or YYYY-MM-DD), ISO. */
  day: string | null;
  /** The text as a whole number (an id, an invoice number; a leading # allowed). */
  number: number | null;
}

const INT4_MAX = 2_147_483_647;

function dayOf(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = us
    ? [Number(us[3]), Number(us[1]), Number(us[2])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!year) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return at.toISOString().slice(0, 10);
}

export function termsOf(text: string): Terms {
  const digits = text.replace(/\D/g, '');
  const numeric = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : null;
  return {
    text,
    pattern: containsPattern(text),
    phoneDigits: digits.length >= 3 && /^[\d\s().+-]+$/.test(text) ? digits : null,
    day: dayOf(text),
    number: numeric !== null && numeric <= INT4_MAX ? numeric : null,
  };
}

/** 0 for the text itself, 1 for a text starting with it, 2 otherwise (a match elsewhere). */
function rankOf(text: string, ...columns: SQL[]): SQL<number> {
  const low = text.toLowerCase();
  const exact = or(...columns.map((c) => sql`lower(${c}) = ${low}`));
  const prefix = or(...columns.map((c) => sql`strpos(lower(${c}), ${low}) = 1`));
  return sql<number>`case when ${exact} then 0 when ${prefix} then 1 else 2 end`;
}

const fullName = (first: AnyPgColumn, last: AnyPgColumn) => sql`${first} || ' ' || ${last}`;

/** The caller's clinician record has a visit (not deleted) whose `column` is this row's. */
function ownVisit(userId: number, visitColumn: AnyPgColumn, rowId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${visits} join ${providers} on ${providers.id} = ${visits.providerId}
    where ${visitColumn} = ${rowId} and ${providers.userId} = ${userId} and ${visits.status} <> 'Deleted')`;
}

function organizationOnly(scope: Scope, column: AnyPgColumn): SQL | undefined {
  return scope.kind === 'organization' ? eq(column, scope.referralSourceId) : undefined;
}

export async function findPatients(ex: Executor, scope: Scope, t: Terms, limit: number) {
  const name = fullName(patients.firstName, patients.lastName);
  const matches = or(
    ilike(name, t.pattern),
    ilike(sql`${patients.lastName} || ', ' || ${patients.firstName}`, t.pattern),
    t.phoneDigits ? ilike(patients.phoneNumber1, containsPattern(t.phoneDigits)) : undefined,
    t.phoneDigits ? ilike(patients.phoneNumber2, containsPattern(t.phoneDigits)) : undefined,
    t.day ? eq(patients.birthday, t.day) : undefined,
  );
  const rank = t.day
    ? sql<number>`case when ${patients.birthday} = ${t.day} then 0 else 2 end`
    : rankOf(t.text, name, sql`${patients.lastName}`, sql`${patients.firstName}`);
  return ex
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      birthday: patients.birthday,
      organization: referralSources.name,
    })
    .from(patients)
    .innerJoin(referralSources, eq(referralSources.id, patients.referralSourceId))
    .where(
      and(
        matches,
        organizationOnly(scope, patients.referralSourceId),
        scope.kind === 'clinician' ? ownVisit(scope.userId, visits.patientId, patients.id) : undefined,
      ),
    )
    .orderBy(asc(rank), asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(limit);
}

export async function findServiceRequests(ex: Executor, scope: Scope, t: Terms, limit: number) {
  const byId = t.number !== null ? eq(episodes.id, t.number) : undefined;
  const rank = byId
    ? sql<number>`case when ${byId} then 0 else ${rankOf(t.text, sql`${episodes.title}`)} end`
    : rankOf(t.text, sql`${episodes.title}`);
  return ex
    .select({
      id: episodes.id,
      title: episodes.title,
      status: episodes.status,
      patientId: episodes.patientId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    })
    .from(episodes)
    .leftJoin(patients, eq(patients.id, episodes.patientId))
    .where(
      and(
        or(ilike(episodes.title, t.pattern), byId),
        sql`${episodes.status} <> 'Deleted'`,
        organizationOnly(scope, episodes.referralSourceId),
        scope.kind === 'clinician' ? ownVisit(scope.userId, visits.episodeId, episodes.id) : undefined,
      ),
    )
    .orderBy(asc(rank), asc(episodes.title), desc(episodes.id))
    .limit(limit);
}

export async function findClinicians(ex: Executor, t: Terms, limit: number) {
  const name = fullName(providers.givenName, providers.familyName);
  return ex
    .select({
      id: providers.id,
      givenName: providers.givenName,
      familyName: providers.familyName,
      email: providers.email,
    })
    .from(providers)
    .where(
      or(
        ilike(name, t.pattern),
        ilike(sql`${providers.familyName} || ', ' || ${providers.givenName}`, t.pattern),
        ilike(providers.email, t.pattern),
        t.phoneDigits ? ilike(providers.phoneNumber, containsPattern(t.phoneDigits)) : undefined,
      ),
    )
    .orderBy(
      asc(
        rankOf(
          t.text,
          name,
          sql`${providers.familyName}`,
          sql`${providers.givenName}`,
          sql`${providers.email}`,
        ),
      ),
      asc(providers.familyName),
      asc(providers.givenName),
      asc(providers.id),
    )
    .limit(limit);
}

export async function findOrganizations(ex: Executor, scope: Scope, t: Terms, limit: number) {
  return ex
    .select({ id: referralSources.id, name: referralSources.name, status: referralSources.status })
    .from(referralSources)
    .where(and(ilike(referralSources.name, t.pattern), organizationOnly(scope, referralSources.id)))
    .orderBy(
      asc(rankOf(t.text, sql`${referralSources.name}`)),
      asc(referralSources.name),
      asc(referralSources.id),
    )
    .limit(limit);
}

export async function findInvoices(ex: Executor, scope: Scope, t: Terms, limit: number) {
  if (t.number === null) return [];
  const number = sql`${invoices.number}::text`;
  return ex
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      organization: referralSources.name,
    })
    .from(invoices)
    .innerJoin(referralSources, eq(referralSources.id, invoices.referralSourceId))
    .where(
      and(
        ilike(number, containsPattern(String(t.number))),
        organizationOnly(scope, invoices.referralSourceId),
      ),
    )
    .orderBy(asc(rankOf(String(t.number), number)), desc(invoices.number))
    .limit(limit);
}
