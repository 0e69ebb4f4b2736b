// Whether a clinician may be assigned to a visit: the one rule that the fit score's `selectable` and its reason,
// assign, and the offers sent at publish all read (docs/decisions/037-clinicians-trust.md). The clinician must
// be fully credentialed on the visit's date of service (credentialGapsOn) and the rate engine must find their
// amounts acceptable (a rate on both sides, net profit at least the required margin: rateTerms).
import {
  notCredentialedMessage,
  rateTerms,
  type CredentialGap,
  type RatedVisit,
  type RateTerms,
} from '@carelane/shared-domain';
import type { RateCardRow } from './candidates';

export type SelectabilityFacts = {
  /** The required credentials they lack on the visit's date of service (empty: fully credentialed). */
  credentialGaps: readonly CredentialGap[];
  /** The organization's rate card entry for the visit's provider type and visit type. */
  card: RateCardRow | undefined;
  /** The clinician's own rate for the visit type. */
  clinicianRate: { amount: number; specialRate: number | null; incrementalRate: number | null } | undefined;
};

export type Selectability = {
  selectable: boolean;
  /** Why not, as a sentence; null when selectable. */
  reason: string | null;
  /** The reason comes from the rate engine and may name the margin: only staff read it. */
  reasonIsRates: boolean;
  /** The rate engine's answer, for the amounts shown and frozen at assignment. */
  terms: RateTerms;
};

export function selectability(
  visit: RatedVisit & { dateOfService: string },
  facts: SelectabilityFacts,
): Selectability {
  const terms = rateTerms(visit, facts.card, facts.clinicianRate);
  if (facts.credentialGaps.length)
    return {
      selectable: false,
      reason: notCredentialedMessage(facts.credentialGaps, visit.dateOfService),
      reasonIsRates: false,
      terms,
    };
  if (!terms.ok) return { selectable: false, reason: terms.problem, reasonIsRates: true, terms };
  if (!terms.selectable)
    return {
      selectable: false,
      reason: terms.problem ?? 'Net profit is below the required margin.',
      reasonIsRates: true,
      terms,
    };
  return { selectable: true, reason: null, reasonIsRates: false, terms };
}
