/**
 * Whether a clinician is fully credentialed on a date: every credential their provider type requires is held,
 * approved and in force on that date (issued on or before it, expiring on or after it; the expiry date is the
 * last day it counts). Matching asks it for the visit's date of service, so a licence that lapses next Tuesday
 * does not qualify for next Wednesday's visit. The API's SQL predicate (`credentialCoversSql`) is this rule's
 * mirror for filtering in the database; both are tested on the same worked dates.
 */
import { formatDate } from '../formats';

/** Submitted → InReview → Approved or Rejected; an approved credential becomes Expired after its expiry date. */
export const CREDENTIAL_STATUSES = ['Submitted', 'InReview', 'Approved', 'Rejected', 'Expired'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
/** The statuses of a credential that was approved ('Expired' still covers the dates before its expiry). */
export const APPROVED_CREDENTIAL_STATUSES: readonly CredentialStatus[] = ['Approved', 'Expired'];

/** A credential a clinician holds, as the rule reads it (dates are 'YYYY-MM-DD'). */
export type HeldCredential = {
  credentialTypeId: number;
  status: string;
  issuedOn: string | null;
  expiresOn: string | null;
};
/** A credential type their provider type requires. */
export type RequiredCredential = { id: number; name: string };
/** A required credential the clinician lacks on the date, and why (e.g. 'RN licence expired on 12/1/2026'). */
export type CredentialGap = { credentialTypeId: number; name: string; reason: string };

/** Whether one credential counts on `date` ('YYYY-MM-DD'). */
export function credentialCovers(credential: HeldCredential, date: string): boolean {
  return (
    APPROVED_CREDENTIAL_STATUSES.includes(credential.status as CredentialStatus) &&
    (credential.issuedOn === null || credential.issuedOn <= date) &&
    (credential.expiresOn === null || date <= credential.expiresOn)
  );
}

function gapReason(name: string, held: readonly HeldCredential[], date: string): string {
  const approved = held.filter((c) => APPROVED_CREDENTIAL_STATUSES.includes(c.status as CredentialStatus));
  const lapsed = approved
    .filter((c) => c.expiresOn !== null && c.expiresOn < date)
    .sort((a, b) => (b.expiresOn! < a.expiresOn! ? -1 : 1))[0];
  if (lapsed) return `${name} expired on ${formatDate(lapsed.expiresOn)}`;
  const later = approved.find((c) => c.issuedOn !== null && c.issuedOn > date);
  if (later) return `${name} is valid only from ${formatDate(later.issuedOn)}`;
  if (held.some((c) => c.status === 'Submitted' || c.status === 'InReview'))
    return `${name} is not approved yet`;
  if (held.some((c) => c.status === 'Rejected')) return `${name} was rejected`;
  return `${name} is missing`;
}

/** The required credentials the clinician lacks on `date`, in the order required; empty when fully credentialed. */
export function credentialGapsOn(
  required: readonly RequiredCredential[],
  held: readonly HeldCredential[],
  date: string,
): CredentialGap[] {
  const gaps: CredentialGap[] = [];
  for (const type of required) {
    const ofType = held.filter((c) => c.credentialTypeId === type.id);
    if (ofType.some((c) => credentialCovers(c, date))) continue;
    gaps.push({ credentialTypeId: type.id, name: type.name, reason: gapReason(type.name, ofType, date) });
  }
  return gaps;
}

/** Whether the clinician is fully credentialed on `date`. */
export function isFullyCredentialedOn(
  required: readonly RequiredCredential[],
  held: readonly HeldCredential[],
  date: string,
): boolean {
  return credentialGapsOn(required, held, date).length === 0;
}

/**
 * Why a clinician cannot be assigned to a visit on `date`, as a sentence ('' when fully credentialed): the match
 * card's reason and the assign refusal.
 */
export function notCredentialedMessage(gaps: readonly CredentialGap[], date: string): string {
  if (!gaps.length) return '';
  return `Not fully credentialed on ${formatDate(date)}: ${gaps.map((g) => g.reason).join('; ')}.`;
}
