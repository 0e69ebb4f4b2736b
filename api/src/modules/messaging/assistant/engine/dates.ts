import { linePrefix, lineAround, type Span } from './text';

const DAY_MS = 86_400_000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const MONTH_NAME =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d]|[/-]\d)/g;
const ISO_DATE = /(?<![\d/-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g;
/** "28 Nov 2026", as an email's Date: header writes it ("Sat, 28 Nov 2026 09:12:00 -0600"). */
const DAY_FIRST_DATE = new RegExp(`\\b(\\d{1,2})\\s+${MONTH_NAME}\\.?,?\\s+(\\d{4})\\b`, 'gi');
const NAMED_DATE = new RegExp(
  `\\b${MONTH_NAME}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`,
  'gi',
);
const RELATIVE_DAY = /\b(today|tomorrow|yesterday)\b/gi;
const WEEKDAY =
  /\b(?:(next|this|on)\s+)?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|mon|tues?|wed|thu(?:rs?)?|fri|sat)\b\.?/gi;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const addDays = (iso: string, days: number) => isoDay(dayMs(iso) + days * DAY_MS);

function validIso(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return undefined;
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCMonth() === month - 1 ? isoDay(ms) : undefined;
}

/** A date written without a year: its next occurrence on or after the reference date. */
function forwardIso(month: number, day: number, reference: string): string | undefined {
  const year = Number(reference.slice(0, 4));
  const thisYear = validIso(year, month, day);
  if (thisYear && thisYear >= reference) return thisYear;
  return validIso(year + 1, month, day);
}

/** Kind of date: a visit resolves forward and reads two-digit years as 20xx; a birthday never looks forward. */
export type DateKind = 'visit' | 'birthday';

function fullYear(written: string, kind: DateKind, reference: string): number {
  if (written.length === 4) return Number(written);
  const twoDigits = Number(written);
  if (kind === 'visit') return 2000 + twoDigits;
  return twoDigits > Number(reference.slice(2, 4)) ? 1900 + twoDigits : 2000 + twoDigits;
}

/** A date mention in the text: its span and its resolved day. */
export type DateMention = Span & { iso: string; relative: boolean };

type Resolver = (position: number) => string;

function explicitDates(text: string, kind: DateKind, referenceAt: Resolver): DateMention[] {
  const found: DateMention[] = [];
  for (const m of text.matchAll(ISO_DATE)) {
    const iso = validIso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (iso) found.push({ start: m.index, end: m.index + m[0].length, iso, relative: false });
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const [month, day, year] = [Number(m[1]), Number(m[3]), m[4]];
    const reference = referenceAt(m.index);
    const iso = year
      ? validIso(fullYear(year, kind, reference), month, day)
      : kind === 'visit'
        ? forwardIso(month, day, reference)
        : undefined;
    if (iso) found.push({ start: m.index, end: m.index + m[0].length, iso, relative: false });
  }
  for (const m of text.matchAll(NAMED_DATE)) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
    const reference = referenceAt(m.index);
    const iso = m[3]
      ? validIso(Number(m[3]), month, Number(m[2]))
      : kind === 'visit'
        ? forwardIso(month, Number(m[2]), reference)
        : undefined;
    if (iso) found.push({ start: m.index, end: m.index + m[0].length, iso, relative: false });
  }
  for (const m of text.matchAll(DAY_FIRST_DATE)) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    const iso = validIso(Number(m[3]), month, Number(m[1]));
    if (iso) found.push({ start: m.index, end: m.index + m[0].length, iso, relative: false });
  }
  return found;
}

/**
 * Relative days: today, tomorrow, yesterday, and weekdays. A weekday ("Tuesday", "next Tuesday", "this Tuesday")
 * is its first occurrence strictly after the reference date. A weekday written just before an explicit date
 * ("Monday 12/7") is left to the explicit date.
 */
function relativeDates(text: string, referenceAt: Resolver, explicit: readonly DateMention[]): DateMention[] {
  const found: DateMention[] = [];
  for (const m of text.matchAll(RELATIVE_DAY)) {
    const offset = { today: 0, tomorrow: 1, yesterday: -1 }[m[1]!.toLowerCase() as 'today'];
    found.push({
      start: m.index,
      end: m.index + m[0].length,
      iso: addDays(referenceAt(m.index), offset),
      relative: true,
    });
  }
  for (const m of text.matchAll(WEEKDAY)) {
    const end = m.index + m[0].length;
    if (explicit.some((d) => d.start >= end && d.start <= end + 2)) continue;
    // An abbreviation ("thurs", "Wed") counts when capitalised or after this/next/on: "sat" and "wed" are verbs too.
    const day = m[2]!;
    if (day.length <= 5 && !WEEKDAYS.includes(day.toLowerCase()) && !m[1] && !/^[A-Z]/.test(day)) continue;
    const reference = referenceAt(m.index);
    const target = WEEKDAYS.findIndex((name) => name.startsWith(day.toLowerCase().slice(0, 3)));
    const current = new Date(dayMs(reference)).getUTCDay();
    const ahead = (target - current + 7) % 7 || 7;
    found.push({ start: m.index, end, iso: addDays(reference, ahead), relative: true });
  }
  return found;
}

/** Every date mention of the text, in text order, resolved against the reference date in force at each one. */
export function findDates(text: string, kind: DateKind, referenceAt: Resolver): DateMention[] {
  const explicit = explicitDates(text, kind, referenceAt);
  const all = kind === 'visit' ? [...explicit, ...relativeDates(text, referenceAt, explicit)] : explicit;
  return all
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((d, i, list) => i === 0 || d.start >= list[i - 1]!.end);
}

const DATE_HEADER = /^[ \t>]*(?:Date|Sent)[ \t]*:(.*)$/gim;

/**
 * The reference date in force at each position: the nearest `Date:`/`Sent:` header line above it (a forwarded
 * message keeps its own date), else the caller's reference date.
 */
export function referenceResolver(text: string, fallback: string): Resolver {
  const headers: { position: number; iso: string }[] = [];
  for (const m of text.matchAll(DATE_HEADER)) {
    const offset = m.index + m[0].length - m[1]!.length;
    const [date] = explicitDates(m[1]!, 'visit', () => fallback);
    if (date) headers.push({ position: offset, iso: date.iso });
  }
  return (position) => {
    let iso = fallback;
    for (const header of headers) if (header.position < position) iso = header.iso;
    return iso;
  };
}

const NOT_A_VISIT =
  /(discharg|admit|admission date|surgery|surgical|s\/p|replacement|arthroplasty|fracture|\bfell\b|\bfall\b|hospitali|since|born|\bdob\b|d\.o\.b|birth|going home|goes home|out of (?:the )?office|through|until|\bclose|reopen|dated|received|return|sent|lunch|\bdone\b|completed|performed|\b(?:THA|TKA|THR|TKR|ORIF|CABG)\b)[^.;!?]*$/i;

/**
 * Whether a date mention reads as a visit: not a date line of its own, not a past event's date (discharge,
 * surgery, birth...: read back to the previous date mention), and within 60 days before to a year after the
 * reference date.
 */
export function isVisitMention(
  text: string,
  mention: DateMention,
  previousEnd: number,
  reference: string,
): boolean {
  const line = lineAround(text, mention.start);
  if (text.slice(line.start, line.end).trim() === text.slice(mention.start, mention.end).trim()) return false;
  if (/^yesterday$/i.test(text.slice(mention.start, mention.end))) return false;
  if (/\breferrals?\s+$/i.test(text.slice(Math.max(0, mention.start - 12), mention.start))) return false;
  if (mention.iso < addDays(reference, -60) || mention.iso > addDays(reference, 365)) return false;
  const line45 = linePrefix(text, mention.start, 45);
  const prefix = line45.slice(Math.max(0, previousEnd - (mention.start - line45.length)));
  // Abbreviations ("St. David's", "Dr. Lee") do not end the sentence.
  return !NOT_A_VISIT.test(prefix.replace(/\b(St|Dr|Mr|Mrs|Ms|Jr|Sr|Ave|Apt)\./g, '$1 '));
}

const FREQUENCY_START =
  /\b(?:start(?:ing|s)?|beginning|begin(?:s)?)(?:\s+date)?\s*(?:on\s+)?[:-]?\s*(?:(?:next|this)\s+)?(?:(?:sun|mon|tues|wednes|thurs|fri|satur)day,?\s*)?$/i;

const LOOSE_START =
  /\b(?:start|begin)\s+(?!of\b)\w+(?:\s+\w+)?\s+on\s+(?:(?:sun|mon|tues|wednes|thurs|fri|satur)day,?\s*)?$/i;

/**
 * Whether a date is written as the start of the services: "starting 12/7", "start date: 12/9"; or "begin therapy
 * on <date>" when the frequency follows in the same sentence without "then"/"continue" (which make the date a
 * first visit before the frequency).
 */
export function isStartMention(text: string, mention: DateMention, frequency: Span | undefined): boolean {
  const before = text.slice(Math.max(0, mention.start - 30), mention.start);
  if (FREQUENCY_START.test(before)) return true;
  if (!frequency || frequency.start < mention.end || !LOOSE_START.test(before)) return false;
  return !/then|continu|after|follow|[.;!?\n]/i.test(text.slice(mention.end, frequency.start));
}

const BIRTH_LABEL =
  /\b(?:DOB|D\.\s?O\.\s?B\.?|date of birth|birth\s?date|born(?: on)?)\s*[:#.-]?\s*(?:is\s*)?$/i;

/** The birthday: the first date right after a birth label (DOB, D.O.B, date of birth, born). */
export function findBirthday(text: string, referenceAt: Resolver): DateMention | undefined {
  return findDates(text, 'birthday', referenceAt).find((d) =>
    BIRTH_LABEL.test(text.slice(Math.max(0, d.start - 20), d.start)),
  );
}
