// The agreement PDF made with jspdf itself (jsdom has no canvas: getContext answers null, as a browser without
// one would): the text and fields, the drawn
// signature image placed at the signature position, the typed signature where there is no canvas, the date.
import type { AgreementTemplate } from '@carelane/shared-domain';
import { buildAgreementPdf, SIGNATURE_BOX, type AgreementPdfInput } from './agreement-pdf';

// A 2×1 PNG (one dark, one white pixel).
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGMQkbP5//8/AAf/A2zNFNppAAAAAElFTkSuQmCC';

const template: Pick<AgreementTemplate, 'name' | 'version' | 'body' | 'formFields'> = {
  name: 'Independent Contractor Agreement',
  version: 2,
  body: 'First paragraph of the agreement.\n\nSecond paragraph (with parentheses).',
  formFields: [
    { key: 'legalName', label: 'Legal name', type: 'text', required: true },
    { key: 'startDate', label: 'Start date', type: 'date', required: true },
    { key: 'readAgreement', label: 'I have read the agreement', type: 'checkbox', required: true },
  ],
};
const input = (over: Partial<AgreementPdfInput> = {}): AgreementPdfInput => ({
  template,
  clinicianName: 'Nora Signer',
  signature: { kind: 'drawn', dataUrl: PNG },
  data: {
    fileUrl: null,
    credentialFormData: { legalName: 'Nora Q. Signer', startDate: '2026-12-01', readAgreement: true },
    signaturePosition: { page: 1, x: 72, y: 650, type: 'provider', version: 2 },
    signedOn: '2026-02-04T15:00:00',
    patientSignature: null,
    patientName: null,
    includeDate: true,
  },
  ...over,
});
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** The content stream of each page, in order. */
const pages = (pdf: string) => [...pdf.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => m[1]!);
/** Each image drawn on a page: its box as jspdf writes it ("w 0 0 h x y cm /I0 Do"), y from the bottom. */
const images = (page: string) =>
  [...page.matchAll(/([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*\/I\d+ Do/g)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
    x: Number(m[3]),
    y: Number(m[4]),
  }));
/** Each line of text on a page with where it starts ("x y Td (text) Tj"), y from the bottom. */
const lines = (page: string) =>
  [...page.matchAll(/([\d.]+) ([\d.]+) Td\s*\((.*)\) Tj/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    text: m[3]!,
  }));
const PAGE_HEIGHT = 792;

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

describe('the agreement PDF', () => {
  it('is a PDF with the template text, its version and the filled fields', () => {
    const pdf = text(buildAgreementPdf(input()).bytes);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(Independent Contractor Agreement) Tj');
    expect(pdf).toContain('(Version 2) Tj');
    expect(pdf).toContain('(First paragraph of the agreement.) Tj');
    expect(pdf).toContain('(Legal name: Nora Q. Signer) Tj');
    expect(pdf).toContain('(Start date: 12/1/2026) Tj');
    expect(pdf).toContain('(I have read the agreement: Yes) Tj');
  });

  it('places the drawn signature image at the signature position, the date under it', () => {
    const { bytes, data } = buildAgreementPdf(input());
    const pdf = text(bytes);
    expect(pdf).toContain('/Subtype /Image');
    const [first] = pages(pdf);
    expect(images(first!)).toEqual([
      {
        x: 72,
        y: PAGE_HEIGHT - 650 - SIGNATURE_BOX.height,
        width: SIGNATURE_BOX.width,
        height: SIGNATURE_BOX.height,
      },
    ]);
    const under = lines(first!).filter((l) => l.y < PAGE_HEIGHT - 650 - SIGNATURE_BOX.height);
    expect(under).toEqual([
      { x: 72, y: PAGE_HEIGHT - 650 - 48 - 12, text: 'Nora Signer' },
      { x: 72, y: PAGE_HEIGHT - 650 - 48 - 24, text: 'Date: 2/4/2026' },
    ]);
    expect(data).toMatchObject({ providerSignature: PNG, includeDate: true });
  });

  it('puts the signature on the page the position names, and leaves out the date without includeDate', () => {
    const base = input();
    const pdf = text(
      buildAgreementPdf({
        ...base,
        data: {
          ...base.data,
          includeDate: false,
          signaturePosition: { ...base.data.signaturePosition, page: 2, x: 300, y: 100 },
        },
      }).bytes,
    );
    const [first, second] = pages(pdf);
    expect(images(first!)).toEqual([]);
    expect(images(second!)).toEqual([{ x: 300, y: PAGE_HEIGHT - 100 - 48, width: 180, height: 48 }]);
    expect(pdf).not.toContain('(Date: ');
  });

  it('writes the typed name as the signature at the position where there is no canvas', () => {
    const { bytes, data } = buildAgreementPdf(input({ signature: { kind: 'typed', name: 'Nora Signer' } }));
    const [first] = pages(text(bytes));
    expect(images(first!)).toEqual([]);
    // Times italic 26 pt, at x 72 on a baseline in the box (650 + 32 from the top).
    expect(first).toMatch(/\/F\d+ 26 Tf[^]*?Td\s*\(Nora Signer\) Tj/);
    expect(lines(first!)).toContainEqual({ x: 72, y: PAGE_HEIGHT - 650 - 32, text: 'Nora Signer' });
    expect(lines(first!)).toContainEqual({
      x: 72,
      y: PAGE_HEIGHT - 650 - 48 - 12,
      text: 'Nora Signer \\(typed signature\\)',
    });
    expect(data.providerSignature).toBe('typed:Nora Signer');
  });

  it('keeps the text clear of the signature band', () => {
    const long = {
      ...template,
      body: Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the agreement text.`).join('\n\n'),
    };
    const pdf = text(buildAgreementPdf(input({ template: long })).bytes);
    const [first] = pages(pdf);
    // No line of the body has its baseline in the band from 18 pt above the signature to 78 pt below its top.
    const ys = lines(first!)
      .filter((l) => l.text.startsWith('Paragraph'))
      .map((l) => PAGE_HEIGHT - l.y);
    expect(ys.length).toBeGreaterThan(10);
    expect(ys.filter((y) => y > 650 - 18 && y <= 650 + 78)).toEqual([]);
    expect(pages(pdf).length).toBeGreaterThan(1);
  });
});
