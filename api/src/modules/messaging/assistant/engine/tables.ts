import { type DateMention, findDates } from './dates';
import { readName, type PatientMention } from './names';

type Column = 'name' | 'last' | 'first' | 'dob' | 'other';

const COLUMN_NAMES: readonly (readonly [Column, RegExp])[] = [
  ['name', /^(?:patient(?: name)?|pt(?: name)?|name|client|full name)$/i],
  ['last', /^(?:last|last name|surname)$/i],
  ['first', /^(?:first|first name|given name)$/i],
  ['dob', /^(?:dob|d\.o\.b\.?|date of birth|birth ?date)$/i],
];

type Cell = { text: string; start: number; end: number };

function cellsOf(line: string, lineStart: number, separator: string): Cell[] {
  const cells: Cell[] = [];
  let offset = 0;
  for (const raw of line.split(separator)) {
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    cells.push({ text, start: lineStart + offset + lead, end: lineStart + offset + lead + text.length });
    offset += raw.length + separator.length;
  }
  return cells;
}

/** A patient row of a plain-text table, with its line span. */
export type TableRow = {
  mention: PatientMention;
  birthday?: DateMention;
  lineStart: number;
  lineEnd: number;
};

/**
 * Patients in plain-text tables ("Name | DOB | Phone" or tab-separated): a header line naming a name column (or
 * last and first columns), then one patient per row.
 */
export function findTableRows(text: string, referenceAt: (position: number) => string): TableRow[] {
  const rows: TableRow[] = [];
  const lines = text.split('\n');
  let position = 0;
  let header: { columns: Column[]; separator: string } | undefined;
  for (const line of lines) {
    const lineStart = position;
    position += line.length + 1;
    const separator = line.includes('\t') ? '\t' : line.includes('|') ? '|' : undefined;
    if (!separator) {
      header = undefined;
      continue;
    }
    const cells = cellsOf(line, lineStart, separator);
    const columns = cells.map(
      (c) => COLUMN_NAMES.find(([, pattern]) => pattern.test(c.text))?.[0] ?? 'other',
    );
    const known = columns.filter((c) => c !== 'other').length;
    const namesPatient = columns.includes('name') || (columns.includes('last') && columns.includes('first'));
    if (namesPatient && (known >= 2 || cells.length >= 3) && !/\d/.test(line)) {
      header = { columns, separator };
      continue;
    }
    if (!header || header.separator !== separator) continue;
    const row = rowPatient(text, cells, header.columns, referenceAt);
    if (row) rows.push({ ...row, lineStart, lineEnd: lineStart + line.length });
  }
  return rows;
}

function rowPatient(
  text: string,
  cells: readonly Cell[],
  columns: readonly Column[],
  referenceAt: (position: number) => string,
): Omit<TableRow, 'lineStart' | 'lineEnd'> | undefined {
  const cell = (column: Column) => cells[columns.indexOf(column)];
  const nameCell = cell('name');
  let mention: PatientMention | undefined;
  const trigger = cells[0]?.start ?? 0;
  if (nameCell) {
    const name = readName(text, nameCell.start, { allowLower: true, allowSingle: false, lastFirst: true });
    if (name) mention = { ...name, trigger, labelled: true };
  } else {
    const [last, first] = [cell('last'), cell('first')];
    if (last?.text && first?.text && /^[A-Za-z'’-]+$/.test(last.text) && /^[A-Za-z'’-]+$/.test(first.text)) {
      const word = (c: Cell) => ({ word: c.text, start: c.start, end: c.end });
      mention = {
        first: word(first),
        last: word(last),
        span: { start: last.start, end: first.end },
        trigger,
        labelled: true,
      };
    }
  }
  if (!mention) return undefined;
  const dobCell = cell('dob');
  const birthday = dobCell
    ? findDates(text.slice(0, dobCell.end), 'birthday', referenceAt).find((d) => d.start >= dobCell.start)
    : undefined;
  return { mention, birthday };
}
