// Print all notes (issue 12): one PDF of approved notes, made in the browser with jspdf (ARCHITECTURE §9
// "Documents"; loaded with import() only when a PDF is made, as mf-clinicians' agreement PDF is). Each note starts
// on a new page; every page has a header (patient, visit date and note type, clinician) and the footer
// 'Page n of m'. A note prints its sections and the fields that hold a value (hidden ones left out), each value
// formatted per kind, and ends with its signature. The work yields to the event loop between notes (and between
// batches of footers), so 200 notes never hold the page longer than one note takes; `signal` cancels it.
// It also runs in a Web Worker (notes-pdf.worker.ts), where the shared singletons of the page (dayjs among them)
// do not exist: dates are formatted here without them.
import {
  formatVisitMoment,
  optionsOfField,
  readingTypeOf,
  type NoteDefinition,
  type NoteField,
  type PrintableNote,
  type SimpleField,
} from '@carelane/shared-domain';
import type { jsPDF as JsPdf } from 'jspdf';
import { yieldToEventLoop } from './yield-to-event-loop';

export type BuildNotesPdfOptions = {
  /** Called after each note: (notes done, notes in all), 1..N. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting it stops the build at the next note; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** The moment printed in the footer ('Printed …'); now by default. */
  printedAt?: Date;
  /** Deflate the page streams (default); tests read them plain. */
  compress?: boolean;
};

/** US Letter in points. */
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 54;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
/** Where the content of a page starts (under the header) and must end (above the footer). */
const CONTENT_TOP = 104;
const CONTENT_BOTTOM = PAGE.height - 54;
const FOOTER_BATCH = 50;

export const NONE = '—';

function abortError(): Error {
  return typeof DOMException === 'function'
    ? new DOMException('The PDF was cancelled.', 'AbortError')
    : Object.assign(new Error('The PDF was cancelled.'), { name: 'AbortError' });
}

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A local date as M/D/YYYY (SPEC §5), null when invalid. */
const localDate = (date: Date) =>
  Number.isNaN(date.getTime()) ? null : `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}`;
/** Hours and minutes as h:mm AM/PM. */
const clock = (hours: number, minutes: number) =>
  `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;

/** 'YYYY-MM-DD' (a local day) or a date-time as M/D/YYYY; '' when invalid. */
const dateText = (value: string) =>
  localDate(new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value)) ?? '';
const timeText = (value: string) => {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? clock(Number(match[1]), Number(match[2])) : value;
};
/** A moment as M/D/YYYY h:mm AM/PM in local time. */
const momentText = (value: string) => {
  const date = new Date(value);
  const day = localDate(date);
  return day ? `${day} ${clock(date.getHours(), date.getMinutes())}` : value;
};

/** A choice's stored value(s) by their labels. */
function choiceText(field: Extract<SimpleField, { kind: 'choice' }>, value: unknown): string {
  const options = optionsOfField(field);
  const label = (one: unknown) => {
    const text = String(one);
    return options.find((option) => option.value === text)?.label ?? text;
  };
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

/** The value of a simple field (a top-level one or a table column) as one line of text. */
export function simpleValueText(field: SimpleField, value: unknown): string {
  if (isEmpty(value)) return NONE;
  switch (field.kind) {
    case 'number':
      return `${String(value)}${field.unit ? ` ${field.unit}` : ''}`;
    case 'date':
      return typeof value === 'string' ? dateText(value) || value : String(value);
    case 'time':
      return typeof value === 'string' ? timeText(value) : String(value);
    case 'choice':
      return choiceText(field, value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

type SignatureValue = { name?: unknown; signedAt?: unknown };
const signatureText = (value: SignatureValue) => {
  const name = typeof value.name === 'string' && value.name.trim() ? value.name.trim() : null;
  if (!name) return null;
  const at = typeof value.signedAt === 'string' ? value.signedAt : null;
  return `Signed by ${name}${at ? ` on ${momentText(at)}` : ''}`;
};

/**
 * The lines a field prints as (after its label): one for most kinds, one a row for tables, one a reading for
 * vitals, one a goal for goals; an empty list when the field holds nothing.
 */
export function fieldLines(field: NoteField, value: unknown): string[] {
  if (isEmpty(value)) return [];
  switch (field.kind) {
    case 'signature': {
      const text = signatureText((value ?? {}) as SignatureValue);
      return text ? [text] : [];
    }
    case 'table': {
      if (!Array.isArray(value)) return [];
      return value.map((row: Record<string, unknown>, index) => {
        const cells = field.columns
          .filter((column) => !isEmpty(row?.[column.id]))
          .map((column) => `${column.label}: ${simpleValueText(column, row[column.id])}`);
        return `${index + 1}. ${cells.length ? cells.join('; ') : NONE}`;
      });
    }
    case 'vitals': {
      const readings = (value ?? {}) as Record<
        string,
        { value?: unknown; site?: unknown; position?: unknown } | null
      >;
      const codes = [
        ...field.readingTypes,
        ...Object.keys(readings).filter((c) => !field.readingTypes.includes(c)),
      ];
      return codes.flatMap((code) => {
        const reading = readings[code];
        if (!reading || isEmpty(reading.value)) return [];
        const type = readingTypeOf(code);
        const where = [reading.site, reading.position].filter((part) => !isEmpty(part)).map(String);
        return [
          `${type?.label ?? code}: ${String(reading.value)}${type?.unit ? ` ${type.unit}` : ''}${
            where.length ? ` (${where.join(', ')})` : ''
          }`,
        ];
      });
    }
    case 'score': {
      const score = (value ?? {}) as { total?: unknown; level?: unknown };
      if (score.total === null || score.total === undefined) return [];
      return [`${String(score.total)}${isEmpty(score.level) ? '' : ` — ${String(score.level)}`}`];
    }
    case 'goals': {
      if (!Array.isArray(value)) return [];
      return value
        .map((goal: { text?: unknown } | null) => (typeof goal?.text === 'string' ? goal.text.trim() : ''))
        .filter(Boolean)
        .map((text) => `• ${text}`);
    }
    case 'diagnoses': {
      const diagnoses = (value ?? {}) as { primary?: unknown; others?: unknown };
      const lines: string[] = [];
      if (!isEmpty(diagnoses.primary)) lines.push(`Primary: ${String(diagnoses.primary)}`);
      if (Array.isArray(diagnoses.others) && diagnoses.others.length)
        lines.push(`Other: ${diagnoses.others.map(String).join(', ')}`);
      return lines;
    }
    case 'text':
      return typeof value === 'string' ? value.split(/\r?\n/) : [String(value)];
    default:
      return [simpleValueText(field, value)];
  }
}

/** The field is shown: no condition, or the field it depends on holds (one of) the values named. */
function isShown(field: NoteField, values: Record<string, unknown>): boolean {
  if (!field.showWhen) return true;
  const current = values[field.showWhen.field];
  const held = Array.isArray(current) ? current.map(String) : isEmpty(current) ? [] : [String(current)];
  return held.some((value) => field.showWhen!.in.includes(value));
}

/** The line the note ends with: its signature field's name and time, else the server's signedBy. */
export function signatureLine(printable: PrintableNote): string {
  const signatureField = printable.definition.sections
    .flatMap((section) => section.fields)
    .find((field) => field.kind === 'signature' && !isEmpty(printable.note.values[field.id]));
  const fromField = signatureField
    ? signatureText(printable.note.values[signatureField.id] as SignatureValue)
    : null;
  if (fromField) return fromField;
  if (printable.signedBy) return `Signed by ${printable.signedBy}`;
  return 'Not signed';
}

/** The header lines of every page of one note. */
export function headerLines(printable: PrintableNote, definition: NoteDefinition = printable.definition) {
  const { visit } = printable;
  return {
    patient: visit.patientName,
    visit: `Visit ${dateText(visit.dateOfService)} · ${definition.title} · ${visit.visitType}`,
    clinician: `Clinician: ${visit.providerName}${visit.providerType ? ` (${visit.providerType})` : ''} · ${
      visit.referralSourceName
    }`,
  };
}

/** Writes one note from a new page on, adding pages as it goes (each with the note's header). */
function writeNote(doc: JsPdf, printable: PrintableNote, first: boolean) {
  const header = headerLines(printable);
  let y = CONTENT_TOP;
  const newPage = () => {
    doc.addPage('letter', 'portrait');
    drawHeader();
    y = CONTENT_TOP;
  };
  const drawHeader = () => {
    doc.setTextColor(0, 0, 0);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(13);
    doc.text(header.patient, MARGIN, 40, { baseline: 'top' });
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9.5);
    doc.text(doc.splitTextToSize(header.visit, TEXT_WIDTH)[0] as string, MARGIN, 60, { baseline: 'top' });
    doc.text(doc.splitTextToSize(header.clinician, TEXT_WIDTH)[0] as string, MARGIN, 74, { baseline: 'top' });
    doc.setLineWidth(0.5);
    doc.line(MARGIN, 90, PAGE.width - MARGIN, 90);
  };
  /** Writes wrapped text, breaking pages; `indent` from the margin. */
  const write = (
    text: string,
    {
      size = 10,
      style = 'normal',
      indent = 0,
      gapAfter = 2,
    }: {
      size?: number;
      style?: 'normal' | 'bold' | 'italic';
      indent?: number;
      gapAfter?: number;
    } = {},
  ) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    const lineHeight = size + 3;
    for (const line of doc.splitTextToSize(text, TEXT_WIDTH - indent) as string[]) {
      if (y + lineHeight > CONTENT_BOTTOM) newPage();
      doc.text(line, MARGIN + indent, y, { baseline: 'top' });
      y += lineHeight;
    }
    y += gapAfter;
  };
  /** Keeps a heading with at least a line of what follows it. */
  const keepRoom = (height: number) => {
    if (y + height > CONTENT_BOTTOM) newPage();
  };

  if (first) drawHeader();
  else newPage();
  const { visit, note, definition } = printable;
  write(definition.title, { size: 14, style: 'bold', gapAfter: 4 });
  const times = [
    visit.timeIn ? `Time in ${formatVisitMoment(visit.timeIn, visit.timeZone)}` : null,
    visit.timeOut ? `Time out ${formatVisitMoment(visit.timeOut, visit.timeZone)}` : null,
  ].filter(Boolean);
  write([`Status: ${visit.statusLabel}`, ...times, `Form version ${note.definitionVersion}`].join(' · '), {
    size: 9,
    gapAfter: 8,
  });

  for (const section of definition.sections) {
    const fields = section.fields.filter(
      (field) => field.kind !== 'signature' && isShown(field, note.values),
    );
    const printed = fields
      .map((field) => ({ field, lines: fieldLines(field, note.values[field.id]) }))
      .filter((entry) => entry.lines.length > 0);
    if (!printed.length) continue;
    keepRoom(40);
    write(section.title, { size: 12, style: 'bold', gapAfter: 4 });
    for (const { field, lines } of printed) {
      keepRoom(28);
      if (lines.length === 1 && field.kind !== 'table' && field.kind !== 'goals') {
        write(`${field.label}: ${lines[0]}`, { indent: 8 });
      } else {
        write(`${field.label}:`, { indent: 8, style: 'bold', gapAfter: 0 });
        for (const line of lines) write(line, { indent: 20 });
      }
    }
    y += 6;
  }

  keepRoom(40);
  y += 6;
  doc.setLineWidth(0.5);
  doc.line(MARGIN, y, MARGIN + 240, y);
  y += 6;
  write(signatureLine(printable), { size: 11, style: 'italic' });
}

/** A name safe for a file: letters, digits and dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase() || 'notes';

/** notes-<patient>-<start>-<end>.pdf */
export function notesPdfFileName(patient: string, startDate: string, endDate: string): string {
  return `notes-${slug(patient)}-${startDate}-${endDate}.pdf`;
}

/**
 * One PDF of `notes` in the order given (the server sends them oldest first). Yields to the event loop
 * between notes; reports progress 1..N; rejects with an AbortError once `signal` is aborted.
 */
export async function buildNotesPdf(
  notes: readonly PrintableNote[],
  { onProgress, signal, printedAt = new Date(), compress = true }: BuildNotesPdfOptions = {},
): Promise<Blob> {
  if (signal?.aborted) throw abortError();
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress });
  doc.setProperties({ title: 'Visit notes', subject: 'Approved visit notes' });
  if (notes.length === 0) {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(12);
    doc.text('No approved notes in this range.', MARGIN, MARGIN, { baseline: 'top' });
  }
  for (const [index, printable] of notes.entries()) {
    writeNote(doc, printable, index === 0);
    onProgress?.(index + 1, notes.length);
    await yieldToEventLoop();
    if (signal?.aborted) throw abortError();
  }
  const pages = doc.getNumberOfPages();
  const printed = `Approved visit notes · printed ${momentText(printedAt.toISOString())}`;
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8.5);
    doc.setTextColor(70, 70, 70);
    doc.text(printed, MARGIN, PAGE.height - 30);
    doc.text(`Page ${page} of ${pages}`, PAGE.width - MARGIN, PAGE.height - 30, { align: 'right' });
    if (page % FOOTER_BATCH === 0) {
      await yieldToEventLoop();
      if (signal?.aborted) throw abortError();
    }
  }
  return doc.output('blob');
}
