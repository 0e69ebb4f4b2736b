import { type Found } from './types';
import { properWord, type Span } from './text';

/** Words that end a name: labels, services, titles, common words that follow a name in requests. */
const STOP_WORDS = new Set(
  `dob d.o.b phone ph cell tel telephone rn lvn lpn pt pta ot ota st slp msw hha cna sn soc eval evaluation md dr
  needs need is at who has and with for on in the age yo male female address addr dx home lives was will please mr
  mrs ms miss new referral referrals patient patients diagnosis from to sex gender physical occupational speech therapy
  skilled nursing wound med insulin hospital health care services service center medical clinic group team intake
  partners good both all any this next these those our your his her their today tomorrow monday tuesday wednesday
  thursday friday saturday sunday january february march april may june july august september october november
  december information request requested order orders weekly list name last first hi hello dear thanks thank mgmt
  case management eval. y/o s/p re fw fwd subject jr sr ii iii iv`.split(/\s+/),
);

const WORD = /[A-Za-z][A-Za-z'’-]*/y;

type NameWord = { word: string; start: number; end: number };

function wordAt(text: string, position: number, allowLower: boolean): NameWord | undefined {
  WORD.lastIndex = position;
  const m = WORD.exec(text);
  if (!m) return undefined;
  const word = m[0];
  if (STOP_WORDS.has(word.toLowerCase())) return undefined;
  if (!allowLower && !/^[A-Z]/.test(word)) return undefined;
  if (word.length < 2) return undefined;
  return { word, start: m.index, end: m.index + word.length };
}

/** A person's name read from the text, each part with its span. */
export type ReadName = { first?: NameWord; last: NameWord; span: Span };

export type ReadOptions = { allowLower: boolean; allowSingle: boolean; lastFirst: boolean };

/** Lower-case particles of a last name ("de la Cruz", "van der Berg"). */
const PARTICLES = /^(?:(?:de|del|della|la|le|van|von|der|den|da|di|du|dos|das)[ \t]+)+(?=[A-Z])/;

/** Middle initial ("A." or "A") between two name words. */
function skipInitial(text: string, position: number): number {
  const m = /^ ([A-Z])\.?(?= [A-Za-z])/.exec(text.slice(position, position + 6));
  return m ? position + m[0].length : position;
}

/**
 * Reads a name at `position`: "First [M.] Last", or "Last, First" when allowed, or one word when allowed.
 * Words are separated by single spaces on one line and end at a stop word or punctuation.
 */
export function readName(text: string, position: number, options: ReadOptions): ReadName | undefined {
  const first = wordAt(text, position, options.allowLower);
  if (!first) return undefined;
  if (options.lastFirst) {
    const comma = /^,[ \t]*/.exec(text.slice(first.end, first.end + 3));
    const given = comma ? wordAt(text, first.end + comma[0].length, options.allowLower) : undefined;
    if (given) {
      const after = skipInitial(text, given.end);
      const more = text[after] === ' ' ? wordAt(text, after + 1, false) : undefined;
      if (!more) return { first: given, last: first, span: { start: first.start, end: given.end } };
    }
  }
  const words = [first];
  let cursor = first.end;
  while (words.length < 3) {
    const next = skipInitial(text, cursor);
    if (text[next] !== ' ') break;
    const particle = words.length === 1 ? PARTICLES.exec(text.slice(next + 1, next + 16)) : null;
    const word = particle
      ? wordAt(text, next + 1 + particle[0].length, false)
      : wordAt(text, next + 1, options.allowLower);
    if (!word) break;
    words.push(particle ? { word: particle[0] + word.word, start: next + 1, end: word.end } : word);
    cursor = word.end;
    if (particle) break;
  }
  const last = words[words.length - 1]!;
  if (words.length === 1)
    return options.allowSingle ? { last, span: { start: last.start, end: last.end } } : undefined;
  return { first: words[0], last, span: { start: words[0]!.start, end: last.end } };
}

/** One person named as the patient somewhere in the text. */
export type PatientMention = ReadName & { trigger: number; title?: Found; labelled: boolean };

const LABEL =
  /(?:\b(?:pat(?:ie|ei)nt(?:'s)?[ \t]*n(?:am|ma)e|pt\.?[ \t]*name|client[ \t]*name|pat(?:ie|ei)nt|client|member|resident|pt|name|referral)[ \t]*(?:#?[ \t]*\d+[ \t]*)?(?:[:\-–]|\bis\b)|^[ \t]*re[ \t]*:)[ \t]*/gim;
const LAST_NAME_LABEL = /\b(?:last[ \t]*name|surname)[ \t]*:[ \t]*/gi;
const FIRST_NAME_LABEL = /\b(?:first[ \t]*name|given[ \t]*name)[ \t]*:[ \t]*/i;
const TITLE = /\b(Mr|Mrs|Ms|Miss)\.?[ \t]+/gi;
const CONTEXT = /\b(?:for|see|pt|patient|client|about)\.?[ \t]+(?:(?:Mr|Mrs|Ms|Miss)\.?[ \t]+)?/gi;
const BEFORE_BIRTH =
  /\b([A-Z][A-Za-z'’-]+(?: [A-Z]\.?)? [A-Z][A-Za-z'’-]+),?[ \t]*\(?(?:DOB|dob|D\.O\.B|d\.o\.b)/g;

/** Every mention of a patient's name, in text order. */
export function findPatientMentions(text: string): PatientMention[] {
  const found: PatientMention[] = [];
  for (const m of text.matchAll(LABEL)) {
    const name = readName(text, m.index + m[0].length, {
      allowLower: true,
      allowSingle: false,
      lastFirst: true,
    });
    if (name) found.push({ ...name, trigger: m.index, labelled: true });
  }
  for (const m of text.matchAll(TITLE)) {
    const name = readName(text, m.index + m[0].length, {
      allowLower: false,
      allowSingle: true,
      lastFirst: false,
    });
    const gender = m[1]!.toLowerCase() === 'mr' ? 'M' : 'F';
    const title = { value: gender, start: m.index, end: m.index + m[1]!.length, confidence: 0.9 };
    if (name) found.push({ ...name, trigger: m.index, title, labelled: false });
  }
  for (const m of text.matchAll(CONTEXT)) {
    const name = readName(text, m.index + m[0].length, {
      allowLower: false,
      allowSingle: false,
      lastFirst: true,
    });
    if (name) found.push({ ...name, trigger: m.index, labelled: false });
  }
  for (const m of text.matchAll(LAST_NAME_LABEL)) {
    const firstLabel = FIRST_NAME_LABEL.exec(text);
    const last = wordAt(text, m.index + m[0].length, true);
    const first = firstLabel ? wordAt(text, firstLabel.index + firstLabel[0].length, true) : undefined;
    if (last)
      found.push({
        first,
        last,
        span: { start: last.start, end: last.end },
        trigger: m.index,
        labelled: true,
      });
  }
  for (const m of text.matchAll(BEFORE_BIRTH)) {
    const name = readName(text, m.index, { allowLower: false, allowSingle: false, lastFirst: false });
    if (name) found.push({ ...name, trigger: m.index, labelled: false });
  }
  return found.sort((a, b) => a.span.start - b.span.start);
}

const lower = (word: NameWord | undefined) => word?.word.toLowerCase();

/** Whether two mentions name one person: same last name, and same first name when both give one. */
const samePerson = (a: ReadName, b: ReadName) =>
  lower(a.last) === lower(b.last) && (!a.first || !b.first || lower(a.first) === lower(b.first));

/** Patients by their first mention, several mentions of one person merged ("Mary Jones", "Mrs. Jones"). */
export function distinctPatients(mentions: readonly PatientMention[]): PatientMention[][] {
  const groups: PatientMention[][] = [];
  for (const mention of mentions) {
    const group = groups.find((g) => g.some((m) => samePerson(m, mention)));
    if (group) group.push(mention);
    else groups.push([mention]);
  }
  return groups;
}

/**
 * The title that gives a patient's gender: the one written with the patient's first mention or with the full
 * name; a bare "Mrs. Jones" later on may be a relative.
 */
export const patientTitle = (group: readonly PatientMention[]) =>
  group.find((m, i) => m.title && (i === 0 || m.first))?.title;

/** The first and last name of a patient from its mentions: the fullest mention wins. */
export function patientNames(mentions: readonly PatientMention[]): { first?: Found; last: Found } {
  const full = mentions.find((m) => m.first) ?? mentions[0]!;
  const confidenceOf = full.labelled ? 0.95 : 0.85;
  const part = (word: NameWord) => ({
    value: properWord(word.word),
    start: word.start,
    end: word.end,
    confidence: confidenceOf,
  });
  return { first: full.first ? part(full.first) : undefined, last: part(full.last) };
}

const PHYSICIAN_LABEL =
  /\b(?:physician|MD|M\.D\.|PCP|attending|surgeon|cardiologist|doctor|ordering(?:[ \t]+(?:MD|physician))?|referring(?:[ \t]+(?:MD|physician))?)[ \t]*(?::|\bis\b)[ \t]*(?:(?:Dr|DR|dr)\.?[ \t]+)?/gi;
const DOCTOR_TITLE = /\b(?:Dr|DR)\.?[ \t]+/g;

/** The physician: a name after "Dr." or a physician label, without the title. */
export function findPhysician(text: string): Found | undefined {
  const options = { allowLower: false, allowSingle: true, lastFirst: false };
  const candidates: Found[] = [];
  for (const [pattern, confidenceOf] of [
    [PHYSICIAN_LABEL, 0.95],
    [DOCTOR_TITLE, 0.9],
  ] as const) {
    for (const m of text.matchAll(pattern)) {
      const name = readName(text, m.index + m[0].length, options);
      if (!name) continue;
      const written = text.slice(name.span.start, name.span.end);
      const value = written.split(/\s+/).map(properWord).join(' ');
      candidates.push({ value, start: name.span.start, end: name.span.end, confidence: confidenceOf });
    }
  }
  return candidates.sort((a, b) => a.start - b.start)[0];
}

const SIGNED_MD =
  /^[ \t]*((?:Dr\.?[ \t]+)?[A-Z][A-Za-z'’-]+(?:[ \t]+[A-Z]\.?)?[ \t]+[A-Z][A-Za-z'’-]+),?[ \t]+(?:MD|M\.D\.|DO|D\.O\.)[ \t]*$/m;

/** A physician who signs the email ("Michael Chen, MD" under the sign-off), when the body names none. */
export function findSigningPhysician(text: string, signatures: readonly Span[]): Found | undefined {
  for (const signature of signatures) {
    const block = text.slice(signature.start, signature.end);
    const m = SIGNED_MD.exec(block);
    if (!m) continue;
    const name = m[1]!.replace(/^Dr\.?[ \t]+/, '');
    const start = signature.start + m.index + m[0].indexOf(name);
    return {
      value: name.split(/\s+/).map(properWord).join(' '),
      start,
      end: start + name.length,
      confidence: 0.75,
    };
  }
  return undefined;
}

const GENDER_LABEL = /\b(?:sex|gender)[ \t]*[:-]?[ \t]*(male|female|m|f)\b/i;
const AGE_GENDER =
  /\b\d{1,3}[ \t]*(?:yo|y\/o|y\.o\.?|year[- ]old)[ \t]*,?[ \t]*(male|female|m|f)\b|\b\d{2,3}(M|F)\b|\((M|F|male|female),[ \t]*\d{2,3}\)/i;
const GENDER_WORD = /\b(male|female)\b/i;
/** Another person in the story: a pronoun may then be theirs. */
const RELATIVES = /\b(?:daughter|son|wife|husband|father|mother|sister|brother|niece|nephew|caregiver)s?\b/i;

/**
 * Gender: a label (Sex/Gender: F), an age with a sex ("84 yo F"), the patient's title (Mrs/Ms/Miss → F, Mr → M),
 * the words Male/Female; otherwise pronouns when only one kind appears (she/her → F, he/him/his → M) and no
 * relative (daughter, husband, caregiver...) is mentioned whom they could mean, at a lower confidence.
 */
export function findGender(text: string, title: Found | undefined): Found | undefined {
  for (const [pattern, confidenceOf] of [
    [GENDER_LABEL, 0.95],
    [AGE_GENDER, 0.9],
  ] as const) {
    const m = pattern.exec(text);
    const written = m?.slice(1).find((group) => group !== undefined);
    if (m && written) {
      const start = m.index + m[0].lastIndexOf(written);
      return {
        value: written[0]!.toUpperCase(),
        start,
        end: start + written.length,
        confidence: confidenceOf,
      };
    }
  }
  if (title) return title;
  const word = GENDER_WORD.exec(text);
  if (word)
    return {
      value: word[1]![0]!.toUpperCase(),
      start: word.index,
      end: word.index + word[0].length,
      confidence: 0.85,
    };
  if (RELATIVES.test(text)) return undefined;
  const she = /\b(?:she|her|hers|herself)\b/i.exec(text);
  const he = /\b(?:he|him|his|himself)\b/i.exec(text);
  const only = she && !he ? { m: she, value: 'F' } : he && !she ? { m: he, value: 'M' } : undefined;
  if (!only) return undefined;
  return { value: only.value, start: only.m.index, end: only.m.index + only.m[0].length, confidence: 0.6 };
}
