// CSV the product writes (exports, reports): RFC 4180 text whose cells a spreadsheet cannot run as formulas
// (CSV injection, CWE-1236). Every CSV export goes through toCsv; none exists yet (issue 10), the areas that
// export later use this.

/** What Excel, LibreOffice and Google Sheets read as the start of a formula (OWASP: also tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Excel reads a UTF-8 CSV as UTF-8 only with this byte order mark first. */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * One cell: text that starts like a formula gets a leading `'` (shown as text, not run), then quotes when it
 * holds a quote, comma or line break. Numbers and booleans are written as they are (a negative number is not a
 * formula); null and undefined are empty; dates are ISO 8601.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else {
    text = String(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) as CSV text, lines ending CRLF (RFC 4180). */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
