// The clinicians the fit score shows as selectable for visits (its default filters, the one rule assign applies),
// with the visits each matches: whom a publication notifies and whom a broadcast reaches by default.
import { findCandidates, providerTypeRates, type ProviderRecord, type RateCardRow } from './candidates';
import { selectability } from './selectability';
import type { Executor } from '../../../db/client';
import type { VisitRecord } from '../visits/transitions';

export type SelectableMatch = { provider: ProviderRecord; visitIds: number[]; dates: string[] };

/** Clinician id -> the clinician and the visits (in the order given) they may be assigned to. */
export async function selectableMatches(
  ex: Executor,
  visits: VisitRecord[],
): Promise<Map<number, SelectableMatch>> {
  const matches = new Map<number, SelectableMatch>();
  const cards = new Map<string, RateCardRow[]>();
  for (const visit of visits) {
    const cardKey = `${visit.referralSourceId}:${visit.providerTypeId}`;
    if (!cards.has(cardKey)) cards.set(cardKey, await providerTypeRates(ex, visit));
    const card = cards.get(cardKey)!.find((c) => c.visitTypeId === visit.visitTypeId);
    for (const candidate of await findCandidates(ex, visit, undefined, { rates: true })) {
      const { selectable } = selectability(visit, {
        credentialGaps: candidate.credentialGaps,
        card,
        clinicianRate: candidate.rates.find((r) => r.visitTypeId === visit.visitTypeId),
      });
      if (!selectable) continue;
      const entry = matches.get(candidate.provider.id) ?? {
        provider: candidate.provider,
        visitIds: [],
        dates: [],
      };
      entry.visitIds.push(visit.id);
      entry.dates.push(visit.dateOfService);
      matches.set(candidate.provider.id, entry);
    }
  }
  return matches;
}
