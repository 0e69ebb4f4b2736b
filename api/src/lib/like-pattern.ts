/** `text` with LIKE's wildcards (and its escape character) taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere, with LIKE wildcards in it taken literally. */
export function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/** A LIKE pattern matching what starts with `text` (a btree `text_pattern_ops` index serves it). */
export function prefixPattern(text: string): string {
  return `${literal(text)}%`;
}
