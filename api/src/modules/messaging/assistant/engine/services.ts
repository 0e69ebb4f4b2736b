import { type Found } from './types';
import { addDays } from './dates';
import { type Span } from './text';

/** Provider types of the product, each with the ways an email names it; longer names are read first. */
const PROVIDER_PATTERNS: readonly (readonly [type: string, pattern: RegExp])[] = [
  ['PTA', /\bPTA\b|physical therap(?:y|ist) assistant/gi],
  ['OTA', /\bOTA\b|occupational therap(?:y|ist) assistant/gi],
  ['CNA', /\bCNA\b|certified nurs(?:e|ing) (?:aide|assistant)|nursing assistant/gi],
  ['HHA', /\bHHA\b|home health aide|\baide\b/gi],
  ['LVN/LPN', /\bLVN\b|\bLPN\b|licensed (?:vocational|practical) nurse/gi],
  [
    'RN',
    /\bRN\b|\bSN\b|skilled nurs(?:e|ing)|registered nurse|\b(?:a|an) nurse\b|\bnurs(?:e|ing) visits?\b/gi,
  ],
  ['PT', /\bPT\b|physical therap(?:y|ist)/gi],
  ['OT', /\bOT\b|occupational therap(?:y|ist)/gi],
  ['ST/SLP', /\bST\b|\bSLP\b|speech(?:[ -]language)?[ -]?(?:therap(?:y|ist)|patholog(?:y|ist))/gi],
  ['MSW', /\bMSW\b|social work(?:er)?/gi],
];

const isAbbreviation = (written: string) => /^[A-Z]{2,3}$/.test(written);

/**
 * Provider types in order of first mention. Abbreviations count only in capitals ("pt" is the patient), and not
 * inside a street address ("ST") nor right before the patient's name ("PT MARGARET OLSEN").
 */
export function findProviderTypes(
  text: string,
  blocked: readonly Span[],
  nameStarts: readonly number[],
): Found[] {
  const taken: Span[] = [];
  const found: Found[] = [];
  for (const [type, pattern] of PROVIDER_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const span = { start: m.index, end: m.index + m[0].length };
      const written = m[0];
      if (/^[a-z]{2,3}$/i.test(written) && !isAbbreviation(written)) continue;
      if ([...blocked, ...taken].some((s) => span.start < s.end && span.end > s.start)) continue;
      const beforeName = (n: number) => n > span.end && /^[ \t]*:?[ \t]*$/.test(text.slice(span.end, n));
      if (isAbbreviation(written) && nameStarts.some(beforeName)) continue;
      taken.push(span);
      found.push({ value: type, ...span, confidence: isAbbreviation(written) ? 0.9 : 0.95 });
    }
  }
  const firsts = new Map<string, Found>();
  for (const item of found.sort((a, b) => a.start - b.start))
    if (!firsts.has(item.value)) firsts.set(item.value, item);
  return [...firsts.values()];
}

const SEGMENT = String.raw`(?<![\w/])(\d)\s?[wW]\s?(\d{1,2})(?!\w)`;
const SPELLED = String.raw`(\d)\s*(?:x|times)\s*(?:\/|per|a|an)?\s*(?:week|wk)s?\s*(?:x|for)\s*(\d{1,2})\s*(?:weeks|wks|wk|week)\b`;
const WORDED = String.raw`\b(weekly|once (?:a |per )?week(?:ly)?|twice (?:a |per )?week(?:ly)?)\s*(?:x|for)\s*(\d{1,2})\s*(?:weeks|wks|wk|week)\b`;
const SEQUENCE = new RegExp(`${SEGMENT}(?:(?:\\s*,\\s*|[ \\t]+)${SEGMENT})*|${SPELLED}|${WORDED}`, 'gi');
const ONE_SEGMENT = new RegExp(SEGMENT, 'gi');

/** The first visit frequency, in home-health notation: '2w4', or '1w1,2w3' for several segments. */
export function findFrequency(text: string): Found | undefined {
  const m = SEQUENCE.exec(text);
  SEQUENCE.lastIndex = 0;
  if (!m) return undefined;
  const [spelled, spelledWeeks, worded, wordedWeeks] = m.slice(-4);
  const perWeek = worded && (/twice/i.test(worded) ? '2' : '1');
  const value = spelled
    ? `${spelled}w${spelledWeeks}`
    : perWeek
      ? `${perWeek}w${wordedWeeks}`
      : [...m[0].matchAll(ONE_SEGMENT)].map((s) => `${s[1]}w${s[2]}`).join(',');
  if (value.split(',').some((s) => s.startsWith('0') || s.endsWith('w0'))) return undefined;
  return { value, start: m.index, end: m.index + m[0].length, confidence: 0.9 };
}

/**
 * The visits a frequency stands for. The frequency starts on its own "starting <date>" when the email gives one,
 * else the day after the first explicit visit date (the evaluation or start of care); without either, no dates.
 * Segments follow each other; week k of a segment "nWm" starts at start + 7k days, and its n visits fall on the
 * days start + 7k + floor(i * 7 / n), i = 0..n-1 (2w: days 0 and 3; 3w: days 0, 2, 4).
 */
export function expandFrequency(frequency: string, start: string): string[] {
  const dates: string[] = [];
  let weekStart = start;
  for (const segment of frequency.split(',')) {
    const [perWeek, weeks] = segment.split('w').map(Number) as [number, number];
    for (let week = 0; week < weeks; week++) {
      for (let i = 0; i < perWeek; i++) dates.push(addDays(weekStart, Math.floor((i * 7) / perWeek)));
      weekStart = addDays(weekStart, 7);
    }
  }
  return dates;
}
