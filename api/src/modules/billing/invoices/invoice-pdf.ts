// The PDF of one invoice (one organization, one billing period), stored by billing and emailed to the
// organization. It only lays out: every figure printed comes from the input (totals are computed elsewhere), money
// arrives as integer cents and is printed by formatRateAmount, dates as SPEC §5's M/D/YYYY (formatDate).
// US Letter, portrait, in points. Page 1 opens with the Carelane mark, 'INVOICE', the invoice's number, dates and
// period, bill-to and remit-to; the lines table runs over as many pages as it needs, its header row repeated on
// each, and every page ends with the invoice number and 'Page n of m'. Totals, then the payment terms, close it.
// The standard PDF fonts print WinAnsi (Latin-1 and a few more) only: other letters lose their accents (ễ → e)
// or become '?', since jspdf would otherwise garble the whole string.
import { formatDate, formatRateAmount } from '@carelane/shared-domain';
import { jsPDF } from 'jspdf';

export type InvoicePdfLine = {
  /** 'YYYY-MM-DD' */
  dateOfService: string;
  patientName: string;
  clinicianName: string;
  visitType: string;
  /** Already formatted, e.g. '1 visit', '7.5 h' or '4 units'. */
  units: string;
  /** Null when the line has no single rate (printed as a dash). */
  rateCents: number | null;
  amountCents: number;
  serviceTaxCents: number;
};

export type InvoicePdfInput = {
  /** e.g. 'INV-000123' */
  invoiceNumber: string;
  /** 'YYYY-MM-DD', as the other dates. */
  issuedOn: string;
  dueOn: string;
  periodStart: string;
  periodEnd: string;
  billTo: { name: string; addressLines: string[] };
  remitTo: { name: string; addressLines: string[] };
  terms: string;
  lines: InvoicePdfLine[];
  subtotalCents: number;
  serviceTaxCents: number;
  totalCents: number;
  /** Printed only when given, as is `balanceCents`. */
  paidCents?: number;
  balanceCents?: number;
};

type Doc = InstanceType<typeof jsPDF>;
type Rgb = readonly [number, number, number];

/** US Letter in points. */
const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 36;
const RIGHT = PAGE.width - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
/** Where content starts on pages after the first (under the small header) and must end (above the footer). */
const CONTINUED_TOP = 70;
const CONTENT_BOTTOM = PAGE.height - 52;
const FOOTER_Y = PAGE.height - 30;

const FONT = 'helvetica';
/** The lines' size; nothing on the page is smaller. */
const LINE_SIZE = 9;
const ROW_HEIGHT = 15;
/** A line's texts wrap onto this many lines at most ('Late cancellation' in Units), the last cut if need be. */
const ROW_LINES = 2;
const ROW_LINE_HEIGHT = LINE_SIZE + 2;
const CELL_PADDING = 4;
const ELLIPSIS = '\u2026';
const DASH = '\u2014';

const INK: Rgb = [33, 37, 41];
const MUTED: Rgb = [95, 102, 110];
const BRAND: Rgb = [15, 118, 110];
const HEADER_FILL: Rgb = [226, 240, 238];
const STRIPE_FILL: Rgb = [246, 248, 248];
const RULE: Rgb = [200, 206, 210];

type Column = {
  title: string;
  width: number;
  align: 'left' | 'right';
  /** Money is never cut: it is set smaller until it fits instead. */
  money?: boolean;
  text: (line: InvoicePdfLine) => string;
};

/** Must add up to CONTENT_WIDTH. */
const COLUMNS: readonly Column[] = [
  { title: 'Date of service', width: 62, align: 'left', text: (line) => dateText(line.dateOfService) },
  { title: 'Patient', width: 96, align: 'left', text: (line) => line.patientName },
  { title: 'Clinician', width: 88, align: 'left', text: (line) => line.clinicianName },
  { title: 'Visit type', width: 76, align: 'left', text: (line) => line.visitType },
  /** Wide enough for 'cancellation', the longest word of a units text ('Late cancellation' takes two lines). */
  { title: 'Units', width: 58, align: 'left', text: (line) => line.units },
  {
    title: 'Rate',
    width: 52,
    align: 'right',
    money: true,
    text: (line) => (line.rateCents === null ? DASH : money(line.rateCents)),
  },
  { title: 'Amount', width: 58, align: 'right', money: true, text: (line) => money(line.amountCents) },
  {
    title: 'Service tax',
    width: 50,
    align: 'right',
    money: true,
    text: (line) => money(line.serviceTaxCents),
  },
];

/** The one money format: US dollars with cents ('$1,234.50', '-$5.00'). */
const money = (cents: number) => formatRateAmount(cents / 100);

/** The characters of WinAnsiEncoding beyond Latin-1, which jspdf maps for the standard fonts. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/**
 * Text the standard fonts can print, on one line: runs of white space become one space, letters outside
 * WinAnsi lose their accents (Nguyễn → Nguyen), anything else still outside it becomes '?'.
 */
function clean(text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    if (printable(ch)) out += ch;
    else {
      const base = [...ch.normalize('NFD').replace(/\p{M}/gu, '')].filter(printable).join('');
      out += base || '?';
    }
  }
  return out;
}

/** 'YYYY-MM-DD' as M/D/YYYY; anything else as given. */
const dateText = (value: string) => formatDate(value) || value;

function setFont(doc: Doc, size: number, style: 'normal' | 'bold' = 'normal', color: Rgb = INK) {
  doc.setFont(FONT, style);
  doc.setFontSize(size);
  doc.setTextColor(...color);
}

/** The text cut to `width` (in the current font) with an ellipsis, on the longest prefix that fits. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.getTextWidth(text.slice(0, middle).trimEnd() + ELLIPSIS) <= width) low = middle;
    else high = middle - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ELLIPSIS;
}

/** The text wrapped to `width` on at most `lines` lines, the last cut with an ellipsis when more is left. */
function wrapped(doc: Doc, text: string, width: number, lines: number): string[] {
  const all = doc.splitTextToSize(clean(text), width) as string[];
  if (all.length <= lines) return all;
  const kept = all.slice(0, lines);
  kept[lines - 1] = fit(doc, all.slice(lines - 1).join(' '), width);
  return kept;
}

/** One line of text at (x, y) (y: the text's vertical middle), cut to `width`. */
function cell(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') {
  const shown = fit(doc, clean(text), width);
  if (shown) doc.text(shown, align === 'right' ? x + width : x, y, { baseline: 'middle', align });
}

/** A figure that must show whole: set smaller than `size` when it is wider than `width`. */
function figure(doc: Doc, text: string, x: number, y: number, width: number, size: number) {
  const natural = doc.getTextWidth(text);
  if (natural > width) doc.setFontSize((size * width) / natural);
  doc.text(text, x + width, y, { baseline: 'middle', align: 'right' });
  doc.setFontSize(size);
}

/** The mark: a teal rounded square holding a white house with a teal cross; `size` its side. */
function drawMark(doc: Doc, x: number, y: number, size: number) {
  const u = size / 30;
  doc.setFillColor(...BRAND);
  doc.roundedRect(x, y, size, size, 6 * u, 6 * u, 'F');
  doc.setFillColor(255, 255, 255);
  doc.triangle(x + 5 * u, y + 14 * u, x + 15 * u, y + 5 * u, x + 25 * u, y + 14 * u, 'F');
  doc.rect(x + 8 * u, y + 13.5 * u, 14 * u, 11.5 * u, 'F');
  doc.setFillColor(...BRAND);
  doc.rect(x + 13.75 * u, y + 15 * u, 2.5 * u, 8.5 * u, 'F');
  doc.rect(x + 10.75 * u, y + 18 * u, 8.5 * u, 2.5 * u, 'F');
}

function drawLogo(doc: Doc, x: number, y: number, size: number) {
  drawMark(doc, x, y, size);
  setFont(doc, size * 0.68, 'bold', BRAND);
  doc.text('Carelane', x + size + size * 0.3, y + size / 2, { baseline: 'middle' });
}

/** Page 1's header; returns where the content may start. */
function drawFirstHeader(doc: Doc, input: InvoicePdfInput): number {
  drawLogo(doc, MARGIN, 34, 30);
  setFont(doc, 22, 'bold');
  doc.text('INVOICE', RIGHT, 49, { baseline: 'middle', align: 'right' });

  // The invoice's number, dates and period: four labelled boxes across the page.
  const top = 82;
  const height = 40;
  doc.setFillColor(...STRIPE_FILL);
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.5);
  doc.rect(MARGIN, top, CONTENT_WIDTH, height, 'FD');
  const facts: [string, string][] = [
    ['Invoice number', input.invoiceNumber],
    ['Issue date', dateText(input.issuedOn)],
    ['Due date', dateText(input.dueOn)],
    ['Billing period', `${dateText(input.periodStart)} \u2013 ${dateText(input.periodEnd)}`],
  ];
  const boxWidth = CONTENT_WIDTH / facts.length;
  facts.forEach(([label, value], index) => {
    const x = MARGIN + index * boxWidth + 8;
    if (index > 0) doc.line(x - 8, top, x - 8, top + height);
    setFont(doc, LINE_SIZE, 'bold', MUTED);
    cell(doc, label, x, top + 12, boxWidth - 16);
    setFont(doc, 10.5, 'bold');
    cell(doc, value, x, top + 28, boxWidth - 16);
  });

  // Bill to and remit to, side by side.
  const partyTop = top + height + 22;
  const partyWidth = CONTENT_WIDTH / 2 - 12;
  const party = (title: string, who: { name: string; addressLines: string[] }, x: number) => {
    let y = partyTop;
    setFont(doc, LINE_SIZE, 'bold', MUTED);
    cell(doc, title, x, y, partyWidth);
    y += 15;
    setFont(doc, 11, 'bold');
    wrapped(doc, who.name, partyWidth, 2).forEach((text, index) => {
      if (index > 0) y += 14;
      doc.text(text, x, y, { baseline: 'middle' });
    });
    setFont(doc, 10);
    for (const line of who.addressLines) {
      if (!clean(line)) continue;
      y += 13;
      cell(doc, line, x, y, partyWidth);
    }
    return y;
  };
  const bottom = Math.max(
    party('BILL TO', input.billTo, MARGIN),
    party('REMIT TO', input.remitTo, MARGIN + CONTENT_WIDTH / 2 + 12),
  );
  return bottom + 24;
}

/** The small header of the pages after the first; returns where the content may start. */
function drawContinuedHeader(doc: Doc, input: InvoicePdfInput): number {
  drawLogo(doc, MARGIN, 28, 20);
  setFont(doc, 10, 'bold');
  cell(doc, `Invoice ${input.invoiceNumber} (continued)`, MARGIN + 200, 38, CONTENT_WIDTH - 200, 'right');
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.5);
  doc.line(MARGIN, 56, RIGHT, 56);
  return CONTINUED_TOP;
}

/** The table's header row (titles wrapped to their column); returns its bottom. */
function drawTableHeader(doc: Doc, top: number): number {
  setFont(doc, LINE_SIZE, 'bold');
  const titles = COLUMNS.map(
    (column) => doc.splitTextToSize(column.title, column.width - 2 * CELL_PADDING) as string[],
  );
  const lineHeight = LINE_SIZE + 2;
  const height = Math.max(...titles.map((lines) => lines.length)) * lineHeight + 8;
  doc.setFillColor(...HEADER_FILL);
  doc.rect(MARGIN, top, CONTENT_WIDTH, height, 'F');
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const lines = titles[index]!;
    // Titles sit on the row's bottom, as the figures under them line up.
    let y = top + height - 4 - (lines.length - 1) * lineHeight - lineHeight / 2;
    for (const line of lines) {
      cell(doc, line, x + CELL_PADDING, y, column.width - 2 * CELL_PADDING, column.align);
      y += lineHeight;
    }
    x += column.width;
  });
  return top + height;
}

/** Each column's text lines of one invoice line (figures whole, on one line), and the row's height. */
function rowLayout(doc: Doc, line: InvoicePdfLine): { cells: string[][]; height: number } {
  setFont(doc, LINE_SIZE);
  const cells = COLUMNS.map((column) =>
    column.money
      ? [column.text(line)]
      : wrapped(doc, column.text(line), column.width - 2 * CELL_PADDING, ROW_LINES).filter(Boolean),
  );
  const lines = Math.max(1, ...cells.map((texts) => texts.length));
  return { cells, height: Math.max(ROW_HEIGHT, lines * ROW_LINE_HEIGHT + 4) };
}

function drawRow(doc: Doc, row: ReturnType<typeof rowLayout>, top: number, striped: boolean) {
  if (striped) {
    doc.setFillColor(...STRIPE_FILL);
    doc.rect(MARGIN, top, CONTENT_WIDTH, row.height, 'F');
  }
  setFont(doc, LINE_SIZE);
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const width = column.width - 2 * CELL_PADDING;
    const texts = row.cells[index]!;
    // Each cell's lines are centred in the row.
    let y = top + row.height / 2 - ((texts.length - 1) * ROW_LINE_HEIGHT) / 2;
    for (const text of texts) {
      if (column.money) figure(doc, text, x + CELL_PADDING, y, width, LINE_SIZE);
      else cell(doc, text, x + CELL_PADDING, y, width, column.align);
      y += ROW_LINE_HEIGHT;
    }
    x += column.width;
  });
}

function drawFooters(doc: Doc, input: InvoicePdfInput) {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.5);
    doc.line(MARGIN, FOOTER_Y - 12, RIGHT, FOOTER_Y - 12);
    setFont(doc, LINE_SIZE, 'normal', MUTED);
    cell(doc, `Carelane \u00b7 Invoice ${input.invoiceNumber}`, MARGIN, FOOTER_Y, CONTENT_WIDTH - 120);
    doc.text(`Page ${page} of ${pages}`, RIGHT, FOOTER_Y, { baseline: 'middle', align: 'right' });
  }
}

/** The invoice as a PDF (its bytes). */
export function invoicePdf(input: InvoicePdfInput): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'letter', orientation: 'portrait' });
  const number = clean(input.invoiceNumber);
  doc.setProperties({
    title: `Invoice ${number}`,
    subject: `Invoice ${number} for ${clean(input.billTo.name)}`,
    author: 'Carelane',
    creator: 'Carelane',
  });
  doc.setLanguage('en-US');

  let y = drawFirstHeader(doc, input);
  const newPage = () => {
    doc.addPage('letter', 'portrait');
    y = drawContinuedHeader(doc, input);
  };
  // A header made very tall by many address lines leaves the table to the next page.
  if (y + 60 > CONTENT_BOTTOM) newPage();

  // The lines, the header row repeated on each page they run onto.
  y = drawTableHeader(doc, y);
  if (input.lines.length === 0) {
    setFont(doc, LINE_SIZE, 'normal', MUTED);
    doc.text('No lines in this billing period.', MARGIN + CELL_PADDING, y + ROW_HEIGHT / 2, {
      baseline: 'middle',
    });
    y += ROW_HEIGHT;
  }
  input.lines.forEach((line, index) => {
    const row = rowLayout(doc, line);
    if (y + row.height > CONTENT_BOTTOM) {
      newPage();
      y = drawTableHeader(doc, y);
    }
    drawRow(doc, row, y, index % 2 === 1);
    y += row.height;
  });
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.5);
  doc.line(MARGIN, y, RIGHT, y);

  // The totals, kept together at the right.
  const totals: { label: string; cents: number; strong?: boolean }[] = [
    { label: 'Subtotal', cents: input.subtotalCents },
    { label: 'Service tax', cents: input.serviceTaxCents },
    { label: 'Total', cents: input.totalCents, strong: true },
  ];
  if (input.paidCents !== undefined) totals.push({ label: 'Paid', cents: input.paidCents });
  if (input.balanceCents !== undefined)
    totals.push({ label: 'Balance due', cents: input.balanceCents, strong: true });
  const totalRow = 18;
  y += 10;
  if (y + totals.length * totalRow + 8 > CONTENT_BOTTOM) newPage();
  const labelX = RIGHT - 230;
  for (const total of totals) {
    if (total.strong) {
      doc.setFillColor(...HEADER_FILL);
      doc.rect(labelX, y, RIGHT - labelX, totalRow, 'F');
    }
    const middle = y + totalRow / 2;
    setFont(doc, total.strong ? 11 : 10, total.strong ? 'bold' : 'normal');
    doc.text(total.label, labelX + 8, middle, { baseline: 'middle' });
    figure(
      doc,
      money(total.cents),
      labelX + 110,
      middle,
      RIGHT - CELL_PADDING - labelX - 110,
      total.strong ? 11 : 10,
    );
    y += totalRow;
  }

  // The payment terms, wrapped across the page.
  const terms = input.terms.split(/\r?\n/).map(clean).filter(Boolean);
  if (terms.length) {
    y += 20;
    if (y + 30 > CONTENT_BOTTOM) newPage();
    setFont(doc, LINE_SIZE, 'bold', MUTED);
    doc.text('PAYMENT TERMS', MARGIN, y, { baseline: 'middle' });
    y += 15;
    setFont(doc, 10);
    for (const paragraph of terms) {
      for (const text of doc.splitTextToSize(paragraph, CONTENT_WIDTH) as string[]) {
        if (y + 13 > CONTENT_BOTTOM) {
          newPage();
          setFont(doc, 10);
        }
        doc.text(text, MARGIN, y, { baseline: 'middle' });
        y += 13;
      }
    }
  }

  drawFooters(doc, input);
  return new Uint8Array(doc.output('arraybuffer'));
}
