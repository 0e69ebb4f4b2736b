// The duplicate check of the intake assistant (issue 28, decision 069): which existing patients the draft's
// patient may be, by name (SPEC §5 text similarity at `twoStringDuplicatePercentage`, 0.9 by default), birthday
// and phone. The database narrows to patients sharing the last name's first letters, the birthday or the phone;
// the similarity is computed here on the few it finds (repository.ts).
import type { DuplicateCheckInput, PossibleDuplicate } from '@carelane/shared-domain';
import { distance } from 'fastest-levenshtein';

export const comparable = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** 1 minus the edit distance over the longer text's length, ignoring case, accents and punctuation. */
export function textSimilarity(a: string, b: string): number {
  const [x, y] = [comparable(a), comparable(b)];
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

export type Candidate = {
  id: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  phoneNumber1: string | null;
  phoneNumber2: string | null;
  organizationName: string;
};

/**
 * A possible duplicate: the names alike (at the threshold or above) and the birthdays not different; or, the name
 * typed too differently, the same birthday and the same phone.
 */
export function duplicateOf(
  input: DuplicateCheckInput,
  row: Candidate,
  threshold: number,
): PossibleDuplicate | null {
  const nameSimilarity =
    Math.round(
      textSimilarity(`${input.firstName} ${input.lastName}`, `${row.firstName} ${row.lastName}`) * 100,
    ) / 100;
  const sameBirthday = !!input.birthday && input.birthday === row.birthday;
  const samePhone = !!input.phoneNumber1 && [row.phoneNumber1, row.phoneNumber2].includes(input.phoneNumber1);
  const otherBirthday = !!input.birthday && !!row.birthday && input.birthday !== row.birthday;
  const alike = nameSimilarity >= threshold;
  if (!((alike && !otherBirthday) || (sameBirthday && samePhone))) return null;
  const { phoneNumber2: _second, ...shown } = row;
  return {
    ...shown,
    nameSimilarity,
    matches: [
      ...(alike ? ['name' as const] : []),
      ...(sameBirthday ? ['birthday' as const] : []),
      ...(samePhone ? ['phone' as const] : []),
    ],
  };
}

/** The possible duplicates among the candidates: most matches first, then the likest name. */
export function possibleDuplicates(
  input: DuplicateCheckInput,
  candidates: readonly Candidate[],
  threshold: number,
  shown: number,
): PossibleDuplicate[] {
  return candidates
    .map((row) => duplicateOf(input, row, threshold))
    .filter((row): row is PossibleDuplicate => row !== null)
    .sort((a, b) => b.matches.length - a.matches.length || b.nameSimilarity - a.nameSimilarity || a.id - b.id)
    .slice(0, shown);
}
