// /invoices (issue 13): billing staff see every organization's invoices, an organization user their own (the
// server scopes them). Filters in the URL: status (All), payment status (Unpaid), organization and issue dates
// (−180 days to today; at most 365 days unless opened from a report, `fromReport=true`; SPEC §5, §9). Money is
// the server's (total, paid, balance), shown with formatCents. Billing staff choose invoices to email. An
// invoice opens in a drawer on the same route (`invoiceId`), so the route table does not change.
import {
  defaultDateRange,
  INVOICE_PAYMENT_STATUSES,
  INVOICE_STATUSES,
  INVOICES_MAX_DAYS,
  booleanTextSchema,
  isoDateSchema,
  type Invoice,
} from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  DataTable,
  DateRangeFilter,
  isoDay,
  listFilterFields,
  ListFilters,
  ListResults,
  OrganizationFilter,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { showDay, today } from '../common/billing-dates';
import { ExportInvoicesButton } from './ExportInvoicesButton';
import { emailInvoices } from './invoice-actions';
import { invoiceColumns } from './invoice-columns';
import { INVOICE_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './invoice-labels';
import { invoiceQueries, type InvoiceFilters } from './invoice-queries';
import { InvoiceDrawer } from './InvoiceDrawer';

const id = z.coerce.number().int().positive().optional();
const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum(['ALL', ...INVOICE_STATUSES]).catch('ALL'),
  paymentStatus: z.enum(['ALL', ...INVOICE_PAYMENT_STATUSES]).catch('Unpaid'),
  referralSourceId: id,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  fromReport: booleanTextSchema.optional(),
  /** The invoice shown in the drawer. */
  invoiceId: id,
});

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
];
const PAYMENT_STATUS_OPTIONS = [
  { value: 'ALL', label: 'All payment statuses' },
  ...INVOICE_PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] })),
];

/** The issue dates asked for: the URL's, else −180 days to today; at most 365 days unless from a report. */
export function invoiceDates(
  from: string | undefined,
  to: string | undefined,
  fromReport: boolean | undefined,
  now: Date = new Date(),
) {
  return askedRange(
    from,
    to,
    defaultDateRange('invoices', now),
    fromReport ? Number.MAX_SAFE_INTEGER : INVOICES_MAX_DAYS,
  );
}

export default function InvoicesPage() {
  const session = useSession();
  const { modal } = App.useApp();
  const billingStaff = canOpen(session, 'invoices');
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = invoiceDates(filters.from, filters.to, filters.fromReport);
  const { pageNumber, pageSize, ...listFilters } = {
    status: filters.status,
    paymentStatus: filters.paymentStatus,
    // An organization user's invoices are their organization's: the server scopes them.
    referralSourceId: billingStaff ? filters.referralSourceId : undefined,
    ...dates,
    ...(filters.fromReport ? { fromReport: true as const } : {}),
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  } satisfies InvoiceFilters;
  const invoices = useQuery(invoiceQueries.list({ ...listFilters, pageNumber, pageSize }));
  const [selected, setSelected] = useState<ReadonlyMap<number, Invoice>>(new Map());
  const [emailing, setEmailing] = useState(false);
  const rows = invoices.data?.rows ?? [];
  const asOf = today();
  const answered = invoices.data && !invoices.isPlaceholderData ? invoices.data : null;
  const rangeMoved =
    answered && (answered.startDate !== dates.startDate || answered.endDate !== dates.endDate);

  const toggle = (invoice: Invoice, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(invoice.id, invoice);
      else next.delete(invoice.id);
      return next;
    });
  const columns = invoiceColumns({
    asOf,
    open: (invoiceId) => setFilters({ invoiceId }),
    selection: billingStaff ? { rows, isSelected: (row) => selected.has(row.id), toggle } : undefined,
  });

  const chosen = [...selected.values()];
  const confirmEmail = () =>
    modal.confirm({
      title: `Email ${chosen.length} ${chosen.length === 1 ? 'invoice' : 'invoices'}?`,
      content: `Each invoice's PDF goes to its organization's email address, and the invoice is marked Sent: ${chosen
        .map((invoice) => invoice.number)
        .join(', ')}.`,
      okText: 'Email',
      onOk: async () => {
        setEmailing(true);
        if (await emailInvoices(chosen)) setSelected(new Map());
        setEmailing(false);
      },
    });

  return (
    <PageFrame
      title="Invoices"
      subtitle={billingStaff ? undefined : "Your organization's invoices"}
      actions={
        <>
          {billingStaff ? (
            <Button disabled={!chosen.length} loading={emailing} onClick={confirmEmail}>
              {chosen.length
                ? `Email ${chosen.length} ${chosen.length === 1 ? 'invoice' : 'invoices'}`
                : 'Email invoices'}
            </Button>
          ) : null}
          <ExportInvoicesButton filters={listFilters} />
        </>
      }
    >
      <ListFilters label="Invoice filters">
        <Select
          aria-label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status: string) =>
            setFilters({ status: status === 'ALL' ? null : status, pageNumber: null })
          }
          style={{ width: 160 }}
        />
        <Select
          aria-label="Payment status"
          value={filters.paymentStatus}
          options={PAYMENT_STATUS_OPTIONS}
          onChange={(paymentStatus: string) =>
            setFilters({ paymentStatus: paymentStatus === 'Unpaid' ? null : paymentStatus, pageNumber: null })
          }
          style={{ width: 200 }}
        />
        <DateRangeFilter
          label="Issue date"
          value={rangeOf(dates)}
          maxDays={filters.fromReport ? undefined : INVOICES_MAX_DAYS}
          onChange={(next) =>
            setFilters({ from: isoDay(next.start), to: isoDay(next.end), pageNumber: null })
          }
        />
        {billingStaff ? (
          <OrganizationFilter
            organizationStatus="ALL"
            value={filters.referralSourceId}
            onChange={(referralSourceId) => setFilters({ referralSourceId, pageNumber: null })}
          />
        ) : null}
      </ListFilters>
      {rangeMoved ? (
        <Typography.Paragraph type="secondary" role="status">
          {`Showing the invoices issued ${showDay(answered.startDate)} to ${showDay(answered.endDate)}: the range the server used.`}
        </Typography.Paragraph>
      ) : null}
      <ListResults query={invoices} thing="the invoices">
        <DataTable<Invoice>
          ariaLabel="Invoices"
          rows={rows}
          totalCount={invoices.data?.paging.totalCount ?? 0}
          pageNumber={pageNumber}
          pageSize={pageSize}
          loading={invoices.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No invoices match these filters."
          onPageChange={(nextPage, nextSize) => setFilters({ pageNumber: nextPage, pageSize: nextSize })}
        />
      </ListResults>
      <InvoiceDrawer
        invoiceId={filters.invoiceId}
        billingStaff={billingStaff}
        onClose={() => setFilters({ invoiceId: null })}
      />
    </PageFrame>
  );
}
