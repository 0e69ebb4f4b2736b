// The agreement's PDF, made in the browser with jspdf (ARCHITECTURE §9 "Documents"). The page loads this
// module with import() only when a PDF is made, so jspdf is a chunk of its own. The PDF is built from the
// template and the SPEC §3 agreement data: the text, the filled fields, the signature placed at the
// signature position (page, x, y in points from the top left of a US Letter page) and, with includeDate, the
// date of signing under it. A typed signature (the keyboard alternative to drawing) is rendered as an image
// of the typed name where a canvas exists, and as the name in a script-like face otherwise.
import {
  AGREEMENT_PAGE,
  formatDate,
  type AgreementFormField,
  type AgreementPdfData,
  type AgreementTemplate,
} from '@carelane/shared-domain';
import { jsPDF } from 'jspdf';

/** The drawn signature as a PNG data URL, or the name typed as the signature. */
export type SignatureInput = { kind: 'drawn'; dataUrl: string } | { kind: 'typed'; name: string };

export type AgreementPdfInput = {
  template: Pick<AgreementTemplate, 'name' | 'version' | 'body' | 'formFields'>;
  clinicianName: string;
  signature: SignatureInput;
  /** SPEC §3 agreement data; providerSignature is filled here from `signature`. */
  data: Omit<AgreementPdfData, 'providerSignature'>;
};

/** The signature's box on the page, in points. */
export const SIGNATURE_BOX = { width: 180, height: 48 } as const;
const MARGIN = 72;
const LINE = 15;
const TEXT_WIDTH = AGREEMENT_PAGE.width - 2 * MARGIN;
/** The band kept clear around the signature on its page (the label above, the date below). */
const BAND = { above: 18, below: SIGNATURE_BOX.height + 30 };

function fieldText(field: AgreementFormField, value: string | boolean | undefined): string {
  if (field.type === 'checkbox') return `${field.label}: ${value === true ? 'Yes' : 'No'}`;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return `${field.label}: —`;
  return `${field.label}: ${field.type === 'date' ? formatDate(text.slice(0, 10)) || text : text}`;
}

/** The typed name as a PNG image (a canvas in the browser); null where there is no canvas. */
export function typedSignatureImage(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = SIGNATURE_BOX.width * 3;
  canvas.height = SIGNATURE_BOX.height * 3;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#0b1f44';
  context.textBaseline = 'middle';
  let size = 84;
  context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive, serif`;
  while (size > 24 && context.measureText(name).width > canvas.width - 24) {
    size -= 6;
    context.font = `italic ${size}px "Brush Script MT", "Segoe Script", cursive, serif`;
  }
  context.fillText(name, 12, canvas.height / 2);
  return canvas.toDataURL('image/png');
}

/** The signed agreement as PDF bytes, with the SPEC §3 data it was made from. */
export function buildAgreementPdf(input: AgreementPdfInput): { bytes: Uint8Array; data: AgreementPdfData } {
  const { template, data, signature } = input;
  const pos = data.signaturePosition;
  const doc = new jsPDF({ unit: 'pt', format: 'letter', compress: false });
  doc.setProperties({ title: `${template.name} (version ${template.version})`, author: input.clinicianName });
  let page = 1;
  let y = MARGIN;

  /** The y of the next line of `height`, keeping clear of the signature band and the bottom margin. */
  const place = (height: number) => {
    for (;;) {
      if (y + height > AGREEMENT_PAGE.height - MARGIN) {
        doc.addPage('letter');
        page += 1;
        y = MARGIN;
        continue;
      }
      if (page === pos.page && y + height > pos.y - BAND.above && y < pos.y + BAND.below) {
        y = pos.y + BAND.below;
        continue;
      }
      const at = y;
      y += height;
      return at;
    }
  };
  const write = (text: string, size: number, style: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(text, TEXT_WIDTH) as string[])
      doc.text(line, MARGIN, place(size + 4), { baseline: 'top' });
  };

  write(template.name, 16, 'bold');
  write(`Version ${template.version}`, 10);
  y += LINE / 2;
  for (const paragraph of template.body.split(/\n\s*\n/)) {
    write(paragraph.replace(/\s*\n\s*/g, ' '), 11);
    y += LINE / 2;
  }
  if (template.formFields.length) {
    y += LINE / 2;
    write('Details', 12, 'bold');
    for (const field of template.formFields) write(fieldText(field, data.credentialFormData[field.key]), 11);
  }
  if (data.patientName) write(`Patient: ${data.patientName}`, 11);

  while (doc.getNumberOfPages() < pos.page) doc.addPage('letter');
  doc.setPage(pos.page);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.text(pos.type === 'patient' ? 'Patient signature' : 'Provider signature', pos.x, pos.y - 4);
  const image = signature.kind === 'drawn' ? signature.dataUrl : typedSignatureImage(signature.name);
  if (image) doc.addImage(image, 'PNG', pos.x, pos.y, SIGNATURE_BOX.width, SIGNATURE_BOX.height);
  else {
    doc.setFont('times', 'italic');
    doc.setFontSize(26);
    // On the baseline 32 pt below the box's top: the name sits in the box, above the line.
    doc.text(signature.kind === 'typed' ? signature.name : '', pos.x, pos.y + 32);
  }
  doc.setLineWidth(0.5);
  doc.line(pos.x, pos.y + SIGNATURE_BOX.height, pos.x + SIGNATURE_BOX.width, pos.y + SIGNATURE_BOX.height);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  const under = `${input.clinicianName}${signature.kind === 'typed' ? ' (typed signature)' : ''}`;
  doc.text(under, pos.x, pos.y + SIGNATURE_BOX.height + 12);
  if (data.includeDate)
    doc.text(`Date: ${formatDate(data.signedOn)}`, pos.x, pos.y + SIGNATURE_BOX.height + 24);

  const bytes = new Uint8Array(doc.output('arraybuffer'));
  return { bytes, data: { ...data, providerSignature: image ?? `typed:${input.clinicianName}` } };
}
