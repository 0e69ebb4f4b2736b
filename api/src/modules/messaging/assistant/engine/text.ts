/** A half-open span of the input text. */
export type Span = { start: number; end: number };

const HEADER_LINE = /^[ \t>]*(?:From|To|Cc|Bcc|Sent|Date)[ \t]*:.*$/gim;
const FORWARD_MARKER =
  /^[ \t>]*(?:-{2,}[ \t]*(?:Original Message|Forwarded message)[ \t]*-*|Begin forwarded message:?)[ \t]*$/gim;
const SIGN_OFF =
  /^[ \t]*(?:--|—|thanks|thank you|thx|regards|best regards|kind regards|warm regards|many thanks|sincerely|respectfully|best|cheers)[ \t]*[,.!]?(?:[ \t]+[A-Z][a-z]+)?[ \t]*$/gim;

/** Lines of e-mail headers (From/To/Sent/Date...), never read for the request's values. */
export function headerLineSpans(text: string): Span[] {
  return [...text.matchAll(HEADER_LINE)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Start offsets of each message of a chain: the top and every forward marker or header block. */
function messageBoundaries(text: string): number[] {
  const marks = [...text.matchAll(FORWARD_MARKER), ...text.matchAll(HEADER_LINE)].map((m) => m.index);
  return marks.sort((a, b) => a - b);
}

/** Signature blocks: from a sign-off line ("Thanks,", "Regards", "--") to the next message of the chain. */
export function signatureSpans(text: string): Span[] {
  const boundaries = messageBoundaries(text);
  const spans: Span[] = [];
  for (const m of text.matchAll(SIGN_OFF)) {
    const end = boundaries.find((b) => b > m.index) ?? text.length;
    spans.push({ start: m.index, end });
  }
  return spans;
}

/** The text with the spans blanked out (same length, so offsets stay valid). */
export function maskSpans(text: string, spans: readonly Span[]): string {
  const chars = text.split('');
  for (const span of spans) {
    for (let i = span.start; i < span.end && i < chars.length; i++) {
      if (chars[i] !== '\n') chars[i] = ' ';
    }
  }
  return chars.join('');
}

export const insideAny = (position: number, spans: readonly Span[]) =>
  spans.some((s) => position >= s.start && position < s.end);

/** The line holding `position`, as a span. */
export function lineAround(text: string, position: number): Span {
  const start = text.lastIndexOf('\n', position - 1) + 1;
  const newline = text.indexOf('\n', position);
  return { start, end: newline === -1 ? text.length : newline };
}

/** Text of the same line before `position`, at most `limit` characters. */
export function linePrefix(text: string, position: number, limit: number): string {
  const line = lineAround(text, position);
  return text.slice(Math.max(line.start, position - limit), position);
}

/** Text of the same line after `position`, at most `limit` characters. */
export function lineSuffix(text: string, position: number, limit: number): string {
  const line = lineAround(text, position);
  return text.slice(position, Math.min(line.end, position + limit));
}

const LOWER_WORDS = new Set(['of', 'and', 'the', 'de', 'la', 'van', 'von']);
const DIRECTIONS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW']);

/** 'JONES' → 'Jones', "O'BRIEN" → "O'Brien"; words already in mixed case are kept as written. */
export function properWord(word: string): string {
  if (/[a-z]/.test(word) && /[A-Z]/.test(word)) return word;
  return word
    .toLowerCase()
    .replace(/(^|['’-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Proper case for names and places written in one case ('SAN ANTONIO' → 'San Antonio'). */
export function properCase(phrase: string): string {
  const oneCase = phrase === phrase.toUpperCase() || phrase === phrase.toLowerCase();
  if (!oneCase) return phrase;
  return phrase
    .split(/(\s+)/)
    .map((word, i) => (i > 0 && LOWER_WORDS.has(word.toLowerCase()) ? word.toLowerCase() : properWord(word)))
    .join('');
}

/** Proper case for a street line: directions stay upper case, ordinals lower ('5TH' → '5th'). */
export function properStreet(line: string): string {
  if (line !== line.toUpperCase() && line !== line.toLowerCase()) return line;
  return line
    .split(/(\s+)/)
    .map((word) => {
      const bare = word.replace(/[.,]/g, '').toUpperCase();
      if (DIRECTIONS.has(bare)) return word.toUpperCase();
      // Ordinals read lower case ('5TH' → '5th'), unit numbers upper case ('4b' → '4B').
      if (/^\d/.test(word))
        return /^\d+(?:st|nd|rd|th)$/i.test(word) ? word.toLowerCase() : word.toUpperCase();
      return properWord(word);
    })
    .join('');
}

/** Confidence with two decimals. */
export const confidence = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
