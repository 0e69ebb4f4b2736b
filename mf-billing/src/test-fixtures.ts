// Answers of the billing API for the area's tests (never imported by product code).
import type { Invoice, InvoiceDetail, Payment, UnbilledVisit } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { organizationFixture, paging } from '@carelane/shared-ui/testing';

/** An organization as the API answers it (shared-ui's fixture). */
export const organization = organizationFixture;

/** GET /api/admin/referralSources: two organizations. */
export const organizationsAnswer = () =>
  jsonResponse({
    rows: [organization(3, 'Sunrise Home Health'), organization(4, 'Lakeside Care')],
    paging: paging(2),
  });

export const pricedVisit: UnbilledVisit = {
  visitId: 5,
  dateOfService: '2030-06-04',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  patientName: 'Doe, Jane',
  clinicianName: 'Rivera, Casey',
  visitType: 'Skilled nursing visit',
  providerType: 'RN',
  status: 'NotesApproved',
  lateCancellation: false,
  problem: null,
  unitsText: '9.5 h',
  amountCents: 50500,
  serviceTaxCents: 2850,
  breakdown: ['Organization 8 h × $50.00 = $400.00', 'After the limit 1.5 h × $70.00 = $105.00'],
};

export const invoice: Invoice = {
  id: 41,
  number: 'INV-000041',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  periodStart: '2030-06-01',
  periodEnd: '2030-06-30',
  issuedOn: '2030-07-01',
  dueOn: '2030-07-31',
  lineCount: 2,
  subtotalCents: 58000,
  serviceTaxCents: 2850,
  totalCents: 60850,
  paidCents: 10000,
  creditedCents: 0,
  balanceCents: 50850,
  status: 'Sent',
  paymentStatus: 'PartiallyPaid',
  sentAt: '2030-07-01T15:00:00.000Z',
  collectionAt: null,
};

/** An invoice past its due date (issued 2020) with money owed, not in collection. */
export const overdueInvoice: Invoice = {
  ...invoice,
  id: 42,
  number: 'INV-000042',
  organizationName: 'Lakeside Care',
  referralSourceId: 4,
  issuedOn: '2020-01-02',
  dueOn: '2020-02-01',
  paidCents: 0,
  balanceCents: 60850,
  status: 'Created',
  paymentStatus: 'Unpaid',
  sentAt: null,
};

export function invoiceDetail(base: Invoice = invoice): InvoiceDetail {
  return {
    ...base,
    organizationAddressLines: ['ZIP 78701', '5125550100', 'billing@example.com'],
    lines: [
      {
        id: 1,
        visitId: 5,
        dateOfService: '2030-06-04',
        patientName: 'Doe, Jane',
        clinicianName: 'Rivera, Casey',
        visitType: 'Skilled nursing visit',
        unitsText: '9.5 h',
        lateCancellation: false,
        rateCents: 5000,
        amountCents: 50500,
        serviceTaxCents: 2850,
        breakdown: ['Organization 8 h × $50.00 = $400.00', 'After the limit 1.5 h × $70.00 = $105.00'],
      },
      {
        id: 2,
        visitId: 7,
        dateOfService: '2030-06-09',
        patientName: 'Poe, Edgar',
        clinicianName: 'Rivera, Casey',
        visitType: 'Skilled nursing visit',
        unitsText: 'Late cancellation',
        lateCancellation: true,
        rateCents: null,
        amountCents: 7500,
        serviceTaxCents: 0,
        breakdown: ['Late cancellation $75.00'],
      },
    ],
    applications:
      base.paidCents > 0
        ? [
            {
              paymentId: 70,
              method: 'Check',
              reference: '1001',
              amountCents: base.paidCents,
              appliedAt: '2030-07-05T16:00:00.000Z',
            },
          ]
        : [],
    history: [
      { at: '2030-07-01T14:00:00.000Z', kind: 'created', detail: '2 lines, total $608.50', by: 'Billy Back' },
      {
        at: '2030-07-01T15:00:00.000Z',
        kind: 'emailed',
        detail: 'Emailed to billing@example.com',
        by: 'Billy Back',
      },
    ],
  };
}

export const credit: Payment = {
  id: 80,
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  method: 'ACH',
  reference: 'ACH-5521',
  amountCents: 100000,
  appliedCents: 20000,
  unappliedCents: 80000,
  receivedOn: '2030-07-10',
};
