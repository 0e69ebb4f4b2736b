import { type Found } from './types';
import { lineAround, linePrefix, lineSuffix } from './text';

const PHONE_LABEL = /(?:phone|ph|cell|tel|telephone|mobile|home|number|contact|#)\s*(?:is|#)?\s*[:#.]?\s*$/i;
/** Numbers of the sender or an office, never the patient's. */
const NOT_PATIENT_BEFORE =
  /(?:office|main line|call me|reach me|my (?:cell|phone|number)|direct|pager|fax|questions)[^.\n]*$/i;
const NOT_PATIENT_AFTER = /^\s*(?:\(?(?:office|fax|main|direct|work)\b|x\d)/i;

/**
 * A US number: area code and exchange not starting with 0 or 1, single separators. (libphonenumber's text finder
 * drops a number written right after a ZIP code, "TX 78701, 512-555-0199", so the pattern is ours.)
 */
const US_PHONE = /(?<![\d-])(?:\+?1[ .-]?)?\(?([2-9]\d{2})\)?[ .-]?([2-9]\d{2})[ .-]?(\d{4})(?![\d-])/g;

/** The patient's phone: a labelled number first, else the first one, never on a fax line or an office number. */
export function findPatientPhone(text: string): Found | undefined {
  const candidates: Found[] = [];
  for (const m of text.matchAll(US_PHONE)) {
    const digits = `${m[1]}${m[2]}${m[3]}`;
    const found = { startsAt: m.index + m[0].indexOf(m[0].trimStart()), endsAt: m.index + m[0].length };
    const line = lineAround(text, found.startsAt);
    if (/\bfax\b/i.test(text.slice(line.start, line.end))) continue;
    const before = linePrefix(text, found.startsAt, 40);
    if (NOT_PATIENT_BEFORE.test(before) || NOT_PATIENT_AFTER.test(lineSuffix(text, found.endsAt, 12)))
      continue;
    const labelled = PHONE_LABEL.test(linePrefix(text, found.startsAt, 14));
    candidates.push({
      value: digits,
      start: found.startsAt,
      end: found.endsAt,
      confidence: labelled ? 0.95 : 0.8,
    });
  }
  return candidates.find((c) => c.confidence > 0.9) ?? candidates[0];
}
