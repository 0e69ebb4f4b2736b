// What billing staff do to invoices from the list and the detail (email, collection) and what everyone who reads
// an invoice can do (its PDF). Each says how it went in a toast: the server's message, or the catalogue text.
import type { Invoice } from '@carelane/shared-domain';
import {
  errorMessage,
  isApiCallError,
  publishErrorToast,
  publishToast,
  saveFile,
} from '@carelane/shared-session';
import { failureText, type FieldLabels } from '@carelane/shared-ui';
import { invoiceCalls, refreshBilling } from './invoice-queries';

/**
 * The failure of emailing these invoices: each field error (`invoiceIds.N`) named by the invoice's number,
 * unless its message starts with the number already ('INV-000041: Sunrise has no email address; …').
 */
export function emailFailureText(error: unknown, invoices: readonly Pick<Invoice, 'number'>[]): string {
  const labels: Record<string, string> = {};
  invoices.forEach((invoice, index) => (labels[`invoiceIds.${index}`] = invoice.number));
  if (isApiCallError(error))
    for (const item of error.fieldErrors)
      if (labels[item.field] && item.message.startsWith(labels[item.field]!)) labels[item.field] = '';
  return failureText(error, 'the invoices', 'emailed', labels as FieldLabels);
}

/** Emails the invoices' PDFs to their organizations; true when sent. */
export async function emailInvoices(invoices: readonly Invoice[]): Promise<boolean> {
  try {
    const result = await invoiceCalls.email(invoices.map((invoice) => invoice.id));
    publishToast(result.message);
    return true;
  } catch (error) {
    publishErrorToast(emailFailureText(error, invoices));
    return false;
  } finally {
    refreshBilling();
  }
}

export async function sendToCollection(invoice: Invoice): Promise<boolean> {
  try {
    const result = await invoiceCalls.sendToCollection(invoice.id);
    publishToast(result.message);
    return true;
  } catch (error) {
    publishErrorToast(failureText(error, invoice.number, 'sent to collection', { id: '' }));
    return false;
  } finally {
    refreshBilling();
  }
}

async function fetchPdf(invoice: Invoice) {
  try {
    return await invoiceCalls.pdf(invoice.id);
  } catch (error) {
    publishErrorToast(errorMessage(error, `the PDF of ${invoice.number}`, 'loaded'));
    return null;
  }
}

/** The PDF as issued, in the browser's own viewer in a new tab (fetched with the session's token). */
export async function openInvoicePdf(invoice: Invoice): Promise<void> {
  const file = await fetchPdf(invoice);
  if (!file) return;
  const url = URL.createObjectURL(new Blob([file.blob], { type: 'application/pdf' }));
  globalThis.open(url, '_blank', 'noopener');
  // Revoked later: the new tab reads the object URL after open() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The PDF as issued, saved as a file (where a new tab is blocked, or to keep it). */
export async function downloadInvoicePdf(invoice: Invoice): Promise<void> {
  const file = await fetchPdf(invoice);
  if (file) saveFile(file, `${invoice.number}.pdf`);
}
