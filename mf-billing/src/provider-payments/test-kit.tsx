// The provider payments page rendered against a stand-in billing API, for this feature's tests (never imported
// by product code).
import type { Fine, ProviderPay } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage, type ApiCall, type RenderedPage } from '@carelane/shared-ui/testing';
import ProviderPaymentsPage from './ProviderPaymentsPage';

export const readyPay: ProviderPay = {
  visitId: 501,
  dateOfService: '2030-06-04',
  providerId: 21,
  clinicianName: 'Rivera, Casey',
  patientName: 'Doe, Jane',
  organizationName: 'Sunrise Home Health',
  visitType: 'Skilled nursing visit',
  status: 'ReadyForExport',
  amountCents: 12345,
  breakdown: ['Clinician 1 visit × $123.45 = $123.45'],
  problem: null,
  hasBankAccount: true,
  nachaFileId: null,
  exportedAt: null,
};

export const unpricedPay: ProviderPay = {
  ...readyPay,
  visitId: 502,
  providerId: 22,
  clinicianName: 'Chen, Alex',
  patientName: 'Roe, Sam',
  amountCents: 0,
  breakdown: [],
  problem: 'no rate for Skilled nursing visit',
  hasBankAccount: false,
};

export const activeFine: Fine = {
  id: 7,
  providerId: 21,
  clinicianName: 'Rivera, Casey',
  visitId: 501,
  kind: 'LateNotes',
  amountCents: 2500,
  reason: 'Notes 3 days late',
  status: 'Active',
  contestNote: null,
  removedNote: null,
  nachaFileId: null,
  createdAt: '2030-06-10T15:00:00.000Z',
};
export const contestedFine: Fine = {
  ...activeFine,
  id: 8,
  kind: 'MissedVisit',
  amountCents: 5000,
  reason: 'Missed the visit',
  status: 'Contested',
  contestNote: 'The patient cancelled',
};
export const deductedFine: Fine = {
  ...activeFine,
  id: 9,
  kind: 'Other',
  reason: 'Paperwork',
  nachaFileId: 3,
};

/** Provider 21's visits a fine may be for (GET /api/operation/fines/visits). */
export const fineVisits = [
  { visitId: 502, dateOfService: '2030-06-12', patientName: '', status: 'ApprovalDue' },
  { visitId: 501, dateOfService: '2030-06-04', patientName: 'Doe, Jane', status: 'Missed' },
];

export type PayAnswers = {
  pay?: (call: ApiCall) => Response;
  fines?: (call: ApiCall) => Response;
  bankAccount?: (call: ApiCall, providerId: number) => Response;
  saveBankAccount?: (call: ApiCall, providerId: number) => Response;
  fineAction?: (call: ApiCall, id: number, action: string) => Response;
  addFine?: (call: ApiCall) => Response;
  own?: () => Response;
};

/** A pay list answer echoing the dates asked (the server's clamp is the page's own, tested apart). */
export function payAnswer(rows: ProviderPay[], total = rows.length, call?: ApiCall) {
  const params = call?.url.searchParams;
  return jsonResponse({
    rows,
    paging: paging(total, Number(params?.get('pageNumber') ?? 1), Number(params?.get('pageSize') ?? 10)),
    startDate: params?.get('startDate') ?? '2030-01-01',
    endDate: params?.get('endDate') ?? '2030-06-29',
  });
}

export const bankAccountOf = (providerId: number) => ({
  providerId,
  routingNumber: '011000015',
  accountType: 'checking' as const,
  accountMasked: '****6789',
  updatedAt: '2030-06-01T15:00:00.000Z',
});

const onboardingOf = (providerId: number) => ({
  providerId,
  providerName: 'Casey Rivera',
  providerTypeId: 1,
  providerStatusId: 3,
  onboardStep: 'Done',
  steps: [],
  missing: [],
  toast: null,
});

/** /providerpayments as billing staff (role 2, back office) or a clinician (role 4, provider 21). */
export function openProviderPayments(url: string, answers: PayAnswers = {}, roleId = 2): RenderedPage {
  return renderPage(<ProviderPaymentsPage />, {
    url,
    roleId,
    route: (call) => {
      const path = call.url.pathname;
      if (path === '/api/operation/providerPayments')
        return answers.pay?.(call) ?? payAnswer([readyPay, unpricedPay], 2, call);
      if (path === '/api/operation/fines' && call.method === 'GET')
        return (
          answers.fines?.(call) ??
          jsonResponse({ rows: [activeFine, contestedFine, deductedFine], paging: paging(3) })
        );
      if (path === '/api/operation/fines/visits')
        return jsonResponse({ rows: call.url.searchParams.get('providerId') === '21' ? fineVisits : [] });
      if (path === '/api/operation/fines' && call.method === 'POST') {
        const body = call.body as Partial<Fine>;
        return (
          answers.addFine?.(call) ??
          jsonResponse({ message: 'Fine added.', fine: { ...activeFine, ...body, id: 10 } })
        );
      }
      const action = /^\/api\/operation\/fines\/(\d+)\/(contest|remove|uphold)$/.exec(path);
      if (action && call.method === 'POST') {
        const id = Number(action[1]);
        const messages: Record<string, string> = {
          contest: 'Fine contested.',
          remove: 'Fine removed.',
          uphold: 'Fine upheld.',
        };
        return (
          answers.fineAction?.(call, id, action[2]!) ??
          jsonResponse({ message: messages[action[2]!], fine: { ...activeFine, id } })
        );
      }
      const bank = /^\/api\/operation\/providers\/(\d+)\/bankAccount$/.exec(path);
      if (bank && call.method === 'GET')
        return (
          answers.bankAccount?.(call, Number(bank[1])) ??
          jsonResponse({ bankAccount: bankAccountOf(Number(bank[1])) })
        );
      if (bank && call.method === 'PUT')
        return (
          answers.saveBankAccount?.(call, Number(bank[1])) ??
          jsonResponse({
            message: 'Bank account saved.',
            bankAccount: { ...bankAccountOf(Number(bank[1])), accountMasked: '****4321' },
          })
        );
      if (path === '/api/admin/myOnboarding') return answers.own?.() ?? jsonResponse(onboardingOf(21));
      if (path === '/api/admin/providers')
        return jsonResponse({
          providers: [],
          pageCount: 0,
          pageTotalCount: 0,
          paging: paging(0),
        });
      return undefined;
    },
  });
}

export const callsTo = (page: RenderedPage, path: string, method = 'GET') =>
  page.calls.filter((call) => call.url.pathname === path && call.method === method);
export const search = () => new URLSearchParams(location.search);

/** The modal showing this title (antd writes a modal's title once). */
export async function modalTitled(title: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react');
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
