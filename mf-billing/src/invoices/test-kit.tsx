// The invoices page rendered against a stand-in billing API, for this feature's tests (never imported by
// product code).
import type { Invoice, Payment } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage, type ApiCall, type RenderedPage } from '@carelane/shared-ui/testing';
import { credit, invoice, invoiceDetail, organizationsAnswer, overdueInvoice } from '../test-fixtures';
import InvoicesPage from './InvoicesPage';

export type Answers = {
  list?: (call: ApiCall) => Response;
  detail?: (id: number) => Response;
  credits?: () => Response;
  email?: (call: ApiCall) => Response;
  record?: (call: ApiCall) => Response;
  apply?: (call: ApiCall, paymentId: number) => Response;
  collection?: (id: number) => Response;
};

const INVOICES: Record<number, Invoice> = { [invoice.id]: invoice, [overdueInvoice.id]: overdueInvoice };

/** A list answer echoing the dates asked (the server's clamp is the page's own, tested apart). */
export function listAnswer(rows: Invoice[], total = rows.length, call?: ApiCall, pageSize = 10) {
  const params = call?.url.searchParams;
  return jsonResponse({
    rows,
    paging: paging(total, Number(params?.get('pageNumber') ?? 1), pageSize),
    startDate: params?.get('startDate') ?? '2030-01-01',
    endDate: params?.get('endDate') ?? '2030-06-30',
  });
}

export const recordedPayment = (body: {
  amountCents: number;
  method: string;
  reference: string;
}): Payment => ({
  id: 90,
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  method: body.method as Payment['method'],
  reference: body.reference,
  amountCents: body.amountCents,
  appliedCents: 0,
  unappliedCents: body.amountCents,
  receivedOn: '2030-07-20',
});

/** /invoices as a billing user (role 2, back office) or an organization user (role 9 of organization 3). */
export function openInvoices(url: string, answers: Answers = {}, roleId = 2): RenderedPage {
  return renderPage(<InvoicesPage />, {
    url,
    roleId,
    ...(roleId === 9 ? { referralSourceId: 3 } : {}),
    route: (call) => {
      const path = call.url.pathname;
      if (path === '/api/operation/invoices')
        return answers.list?.(call) ?? listAnswer([invoice, overdueInvoice], 2, call);
      const detail = /^\/api\/operation\/invoices\/(\d+)$/.exec(path);
      if (detail && call.method === 'GET') {
        const id = Number(detail[1]);
        return answers.detail?.(id) ?? jsonResponse(invoiceDetail(INVOICES[id] ?? invoice));
      }
      const collection = /^\/api\/operation\/invoices\/(\d+)\/collection$/.exec(path);
      if (collection && call.method === 'POST') {
        const id = Number(collection[1]);
        return (
          answers.collection?.(id) ??
          jsonResponse({
            message: 'Assignment sent to collection successfully.',
            invoice: { ...(INVOICES[id] ?? invoice), status: 'Collection' },
          })
        );
      }
      if (path === '/api/admin/referralSources') return organizationsAnswer();
      if (path === '/api/operation/payments' && call.method === 'GET')
        return answers.credits?.() ?? jsonResponse({ rows: [credit], paging: paging(1) });
      if (path === '/api/operation/payments' && call.method === 'POST')
        return (
          answers.record?.(call) ??
          jsonResponse({
            message: 'Payment added successfully.',
            payment: recordedPayment(call.body as Parameters<typeof recordedPayment>[0]),
          })
        );
      const apply = /^\/api\/operation\/payments\/(\d+)\/apply$/.exec(path);
      if (apply && call.method === 'POST')
        return (
          answers.apply?.(call, Number(apply[1])) ??
          jsonResponse({ message: 'Payment applied.', payment: credit })
        );
      if (path === '/api/admin/emailInvoices' && call.method === 'POST')
        return (
          answers.email?.(call) ?? jsonResponse({ message: '2 invoices sent by email.', invoices: [invoice] })
        );
      if (/^\/api\/fileserver\/invoices\/\d+$/.test(path))
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="INV-000041.pdf"',
          },
        });
      return undefined;
    },
  });
}

export const callsTo = (page: RenderedPage, path: string, method = 'GET') =>
  page.calls.filter((call) => call.url.pathname === path && call.method === method);
export const search = () => new URLSearchParams(location.search);

/** No serious or critical axe violations in the element (colour contrast is checked in the browser suite). */
export async function expectAccessible(element: Element) {
  const { default: axe } = await import('axe-core');
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** The text of a Blob, read as the browser does (jsdom's Blob has no text()). */
export const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
