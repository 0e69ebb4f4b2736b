// The header's global search (issue 27): one query per group, each kept to what the caller may see. Names, emails,
// titles and phone numbers match from the start of a word ("jo" finds John and Jones, "mary jo" Mary Jones), one
// btree range scan each (migration 0045); the exact name first, then by name.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { episodes, invoices, patients, providers, referralSources, visits } from '../../../db/schema';
import { containsPattern, prefixPattern } from '../../../lib/like-pattern';

/** Which rows a caller's search reaches: everything (staff, billing), one organization's, or a clinician's own visits'. */
export type Scope =
  | { kind: 'all' }
  | { kind: 'organization'; referralSourceId: number }
  | { kind: 'clinician'; userId: number };

/** What was typed, read the ways the groups match it. */
export interface Terms {
  text: string;
  pattern: string;
  /** The words typed, lower case (at most 3; a comma separates like a space: "Jones, Mary"). */
  words: string[];
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
    words: text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean)
      .slice(0, 3),
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

const startsWith = (column: AnyPgColumn, word: string): SQL =>
  sql`lower(${column}) like ${prefixPattern(word.toLowerCase())}`;

/** One word: either name starts with it; two or more: the first and the last word start the two names. */
function nameMatch(first: AnyPgColumn, last: AnyPgColumn, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const [a, b] = [words[0]!, words[words.length - 1]!];
  if (words.length === 1) return or(startsWith(last, a), startsWith(first, a));
  return or(and(startsWith(first, a), startsWith(last, b)), and(startsWith(last, a), startsWith(first, b)));
}

/** 0 for the whole name typed, else 1. */
const exactFirst = (name: SQL, text: string): SQL<number> =>
  sql<number>`case when lower(${name}) = ${text.toLowerCase()} then 0 else 1 end`;

const phoneStartsWith = (column: AnyPgColumn, digits: string | null) =>
  digits ? sql`${column} like ${prefixPattern(digits)}` : undefined;

/** The caller's clinician record has a visit (not deleted) whose `column` is this row's. */
function ownVisit(userId: number, visitColumn: AnyPgColumn, rowId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${visits} join ${providers} on ${providers.id} = ${visits.providerId}
    where ${visitColumn} = ${rowId} and ${providers.userId} = ${userId} and ${visits.status} <> 'Deleted')`;
}

function organizationOnly(scope: Scope, column: AnyPgColumn): SQL | undefined {
  return scope.kind === 'organization' ? eq(column, scope.referralSourceId) : undefined;
}

export async function findPatients(ex: Executor, scope: Scope, t: Terms, limit: number) {
  const matches = or(
    t.phoneDigits || t.day ? undefined : nameMatch(patients.firstName, patients.lastName, t.words),
    phoneStartsWith(patients.phoneNumber1, t.phoneDigits),
    phoneStartsWith(patients.phoneNumber2, t.phoneDigits),
    t.day ? eq(patients.birthday, t.day) : undefined,
  );
  if (!matches) return [];
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
    .orderBy(
      asc(exactFirst(fullName(patients.firstName, patients.lastName), t.text)),
      asc(patients.lastName),
      asc(patients.firstName),
      asc(patients.id),
    )
    .limit(limit);
}

/** A service request by its number, its title's start, or its patient's name. */
export async function findServiceRequests(ex: Executor, scope: Scope, t: Terms, limit: number) {
  const byId = t.number !== null ? eq(episodes.id, t.number) : undefined;
  const patientNamed = nameMatch(patients.firstName, patients.lastName, t.words);
  const matches = or(
    byId,
    t.number === null ? startsWith(episodes.title, t.text) : undefined,
    t.number === null && patientNamed
      ? sql`${episodes.patientId} in (select ${patients.id} from ${patients} where ${patientNamed})`
      : undefined,
  );
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
        matches,
        sql`${episodes.status} <> 'Deleted'`,
        organizationOnly(scope, episodes.referralSourceId),
        scope.kind === 'clinician' ? ownVisit(scope.userId, visits.episodeId, episodes.id) : undefined,
      ),
    )
    .orderBy(
      ...(byId ? [asc(sql`case when ${byId} then 0 else 1 end`)] : []),
      asc(episodes.title),
      desc(episodes.id),
    )
    .limit(limit);
}

export async function findClinicians(ex: Executor, t: Terms, limit: number) {
  const matches = or(
    t.phoneDigits ? undefined : nameMatch(providers.givenName, providers.familyName, t.words),
    t.words.length === 1 ? startsWith(providers.email, t.text) : undefined,
    phoneStartsWith(providers.phoneNumber, t.phoneDigits),
  );
  if (!matches) return [];
  return ex
    .select({
      id: providers.id,
      givenName: providers.givenName,
      familyName: providers.familyName,
      email: providers.email,
    })
    .from(providers)
    .where(matches)
    .orderBy(
      asc(exactFirst(fullName(providers.givenName, providers.familyName), t.text)),
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
