// The invoice PDF as its reader sees it: the texts drawn on its pages (jspdf leaves the page streams
// uncompressed by default, so they are read from the bytes), its pages and their footers.
import { invoicePdf, type InvoicePdfInput, type InvoicePdfLine } from './invoice-pdf';

/** The PDF's bytes as latin-1 text (the standard fonts' strings are WinAnsi bytes). */
const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** The strings drawn ("(text) Tj"), unescaped. */
const drawn = (pdf: string) =>
  [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]!.replace(/\\([()\\])/g, '$1'));
const pageCount = (pdf: string) => pdf.match(/\/Type \/Page(?!s)/g)?.length ?? 0;
/** '…' and '—' as the WinAnsi bytes the PDF holds them in. */
const ELLIPSIS = '\x85';
const DASH = '\x97';

const line = (index: number, overrides: Partial<InvoicePdfLine> = {}): InvoicePdfLine => ({
  dateOfService: `2030-06-${String((index % 28) + 1).padStart(2, '0')}`,
  patientName: `Patient ${index}`,
  clinicianName: `Nurse ${index}`,
  visitType: 'Skilled nursing',
  units: '1 visit',
  rateCents: 12_000,
  amountCents: 12_000,
  serviceTaxCents: 0,
  ...overrides,
});

const invoice = (overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput => ({
  invoiceNumber: 'INV-000123',
  issuedOn: '2030-07-01',
  dueOn: '2030-07-31',
  periodStart: '2030-06-01',
  periodEnd: '2030-06-30',
  billTo: { name: 'Sunrise Home Health', addressLines: ['100 Main St, Suite 4', 'Austin, TX 78701'] },
  remitTo: { name: 'Carelane Staffing LLC', addressLines: ['PO Box 2200', 'Dallas, TX 75201'] },
  terms: 'Net 30. Please include the invoice number with your payment.',
  lines: [
    line(1, { patientName: 'Doe, Jane', units: '7.5 h', rateCents: 4_500, amountCents: 33_750 }),
    line(2, { patientName: 'Roe, Richard', rateCents: null, amountCents: 85_000, serviceTaxCents: 4_700 }),
    line(3, { patientName: 'Poe, Edgar', amountCents: 0 }),
  ],
  subtotalCents: 118_750,
  serviceTaxCents: 4_700,
  totalCents: 123_450,
  paidCents: 20_000,
  balanceCents: 103_450,
  ...overrides,
});

describe('invoicePdf', () => {
  it('is a PDF showing the invoice, both parties, each line and the totals', () => {
    const bytes = invoicePdf(invoice());
    expect(bytes).toBeInstanceOf(Uint8Array);
    const pdf = pdfText(bytes);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pageCount(pdf)).toBe(1);

    const text = drawn(pdf);
    for (const expected of [
      'Carelane',
      'INVOICE',
      'INV-000123',
      '7/1/2030',
      '7/31/2030',
      `6/1/2030 \x96 6/30/2030`,
      'BILL TO',
      'Sunrise Home Health',
      '100 Main St, Suite 4',
      'Austin, TX 78701',
      'REMIT TO',
      'Carelane Staffing LLC',
      'PO Box 2200',
      'PAYMENT TERMS',
      'Net 30. Please include the invoice number with your payment.',
      'Visit type',
      'Doe, Jane',
      'Roe, Richard',
      'Poe, Edgar',
      '7.5 h',
      '$45.00',
      '$337.50',
      '$850.00',
      '$47.00',
      DASH,
      'Subtotal',
      '$1,187.50',
      'Total',
      '$1,234.50',
      'Paid',
      '$200.00',
      'Balance due',
      '$1,034.50',
      'Page 1 of 1',
    ])
      expect(text).toContain(expected);
    expect(text.filter((t) => t === 'Service tax')).toHaveLength(1);
    expect(text.filter((t) => t === 'Service')).toHaveLength(1); // the column's title, on two lines
  });

  it('leaves Paid and Balance due out when they are not given, and says when there are no lines', () => {
    const text = drawn(
      pdfText(invoicePdf(invoice({ lines: [], paidCents: undefined, balanceCents: undefined }))),
    );
    expect(text).toContain('Total');
    expect(text).toContain('$1,234.50');
    expect(text).not.toContain('Paid');
    expect(text).not.toContain('Balance due');
    expect(text).toContain('No lines in this billing period.');
  });

  it('runs 120 lines onto more pages, each with the header row and "Page n of m"', () => {
    const lines = Array.from({ length: 120 }, (_, index) => line(index + 1));
    const pdf = pdfText(invoicePdf(invoice({ lines })));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = drawn(pdf);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text.filter((t) => t === 'Visit type')).toHaveLength(pages);
    expect(text.filter((t) => t.includes('INV-000123'))).toHaveLength(1 + (pages - 1) + pages); // box, headers, footers
    expect(text).toContain('Invoice INV-000123 (continued)');
    for (const { patientName } of lines) expect(text).toContain(patientName);
    expect(text).toContain('Balance due');
  });

  it('cuts a long name to its column with an ellipsis, but never a figure', () => {
    const long = 'Bartholomew-Alexander Montgomery-Fitzgerald Wellington-Smythe III of Westminster';
    expect(long).toHaveLength(80);
    const text = drawn(
      pdfText(
        invoicePdf(
          invoice({
            lines: [line(1, { patientName: long, clinicianName: long, amountCents: 123_456_789 })],
          }),
        ),
      ),
    );
    expect(text).not.toContain(long);
    // Each name takes two lines (a word longer than the column is broken), the second cut with an ellipsis.
    const cut = text.filter((t) => t.endsWith(ELLIPSIS));
    expect(cut).toHaveLength(2);
    for (const t of cut) {
      const first = text[text.indexOf(t) - 1]!;
      const squeezed = (x: string) => x.replace(/ /g, '');
      expect(squeezed(long).startsWith(squeezed(first + t.slice(0, -1)))).toBe(true);
      expect(first.length).toBeGreaterThan(10);
    }
    expect(text).toContain('$1,234,567.89');
  });

  it("prints a late cancellation's units whole, on two lines of its row, and the row after it below", () => {
    const text = drawn(
      pdfText(
        invoicePdf(
          invoice({
            lines: [
              line(1, { patientName: 'Doe, Jane', units: 'Late cancellation', rateCents: null }),
              line(2, { patientName: 'Roe, Richard' }),
            ],
          }),
        ),
      ),
    );
    expect(text.some((t) => t.includes(ELLIPSIS))).toBe(false);
    const at = text.indexOf('Late');
    expect(text.slice(at, at + 2)).toEqual(['Late', 'cancellation']);
    expect(text.indexOf('Roe, Richard')).toBeGreaterThan(at);
  });

  it("wraps the organization's long name onto a second line", () => {
    const name = 'An Organization With An Extraordinarily Long Legal Name That Goes On And On, Inc.';
    const text = drawn(pdfText(invoicePdf(invoice({ billTo: { name, addressLines: ['Austin, TX'] } }))));
    expect(text).not.toContain(name);
    expect(text.join(' ')).toContain(`${name} Austin, TX`);
  });

  it('prints names in letters the standard fonts have', () => {
    const text = drawn(
      pdfText(
        invoicePdf(invoice({ lines: [line(1, { patientName: 'Nguyễn Thị Ánh', clinicianName: 'Zoë 王' })] })),
      ),
    );
    // Latin-1 'Á' and 'ë' stay; 'ễ' and 'ị' lose their accents; a letter the fonts lack becomes '?'.
    expect(text).toContain('Nguyen Thi Ánh');
    expect(text).toContain('Zoë ?');
  });

  // The bound catches a build gone quadratic, not a slow machine (a 500-line invoice takes ~0.2 s here).
  it('makes an invoice of 500 lines over pages without going quadratic', () => {
    const lines = Array.from({ length: 500 }, (_, index) =>
      line(index + 1, { patientName: `Patient ${index + 1} with a rather long family name` }),
    );
    const started = performance.now();
    const pdf = pdfText(invoicePdf(invoice({ lines })));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(pageCount(pdf)).toBeGreaterThan(9);
  });
});
