// The invoice list's columns: number (opens the invoice), organization, issued, due (overdue marked), period,
// total, paid, balance, status and payment status; with a checkbox first for billing staff, who email invoices.
import { formatCents, type Invoice } from '@carelane/shared-domain';
import { type DataTableColumns, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { Checkbox, Flex, Tag } from 'antd';
import type { MouseEvent } from 'react';
import { showDay } from '../common/billing-dates';
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  isOverdue,
  PAYMENT_STATUS_COLORS,
  PAYMENT_STATUS_LABELS,
} from './invoice-labels';

/** This page's address with the invoice to show (`invoiceId`), its filters kept. */
export function detailHref(invoiceId: number): string {
  const params = new URLSearchParams(globalThis.location.search);
  params.set('invoiceId', String(invoiceId));
  return `${globalThis.location.pathname}?${params.toString()}`;
}

export const InvoiceStatusTag = ({ invoice }: { invoice: Pick<Invoice, 'status'> }) => (
  <Tag color={INVOICE_STATUS_COLORS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Tag>
);
export const PaymentStatusTag = ({ invoice }: { invoice: Pick<Invoice, 'paymentStatus'> }) => (
  <Tag color={PAYMENT_STATUS_COLORS[invoice.paymentStatus]}>
    {PAYMENT_STATUS_LABELS[invoice.paymentStatus]}
  </Tag>
);
export const OverdueTag = () => <Tag color="red">Overdue</Tag>;

const right = { align: 'right' as const };
const nowrap = { whiteSpace: 'nowrap' as const };

export type InvoiceColumnsOptions = {
  /** Today as 'YYYY-MM-DD' (what is overdue). */
  asOf: string;
  open: (invoiceId: number) => void;
  /** Billing staff: the checkboxes of the rows chosen to email. */
  selection?: {
    rows: readonly Invoice[];
    isSelected: (invoice: Invoice) => boolean;
    toggle: (invoice: Invoice, on: boolean) => void;
  };
};

export function invoiceColumns({ asOf, open, selection }: InvoiceColumnsOptions): DataTableColumns<Invoice> {
  const columns: DataTableColumns<Invoice> = [
    {
      title: 'Number',
      key: 'number',
      primary: true,
      render: (_v, row) => (
        <a
          href={detailHref(row.id)}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            open(row.id);
          }}
          style={nowrap}
        >
          {row.number}
          <span style={VISUALLY_HIDDEN}>{` — open the invoice of ${row.organizationName}`}</span>
        </a>
      ),
    },
    { title: 'Organization', key: 'organization', render: (_v, row) => row.organizationName },
    {
      title: 'Issued',
      key: 'issued',
      render: (_v, row) => <span style={nowrap}>{showDay(row.issuedOn)}</span>,
    },
    {
      title: 'Due',
      key: 'due',
      render: (_v, row) => (
        <Flex gap={4} align="center" wrap>
          <span style={nowrap}>{showDay(row.dueOn)}</span>
          {isOverdue(row, asOf) ? <OverdueTag /> : null}
        </Flex>
      ),
    },
    {
      title: 'Period',
      key: 'period',
      render: (_v, row) => (
        <span style={nowrap}>{`${showDay(row.periodStart)} – ${showDay(row.periodEnd)}`}</span>
      ),
    },
    { title: 'Total', key: 'total', ...right, render: (_v, row) => formatCents(row.totalCents) },
    { title: 'Paid', key: 'paid', ...right, render: (_v, row) => formatCents(row.paidCents) },
    { title: 'Balance', key: 'balance', ...right, render: (_v, row) => formatCents(row.balanceCents) },
    { title: 'Status', key: 'status', render: (_v, row) => <InvoiceStatusTag invoice={row} /> },
    {
      title: 'Payment status',
      key: 'paymentStatus',
      render: (_v, row) => <PaymentStatusTag invoice={row} />,
    },
  ];
  if (!selection) return columns;
  const { rows, isSelected, toggle } = selection;
  const allOnPage = rows.length > 0 && rows.every(isSelected);
  return [
    {
      key: 'select',
      width: 40,
      cardLabel: 'Email',
      title: (
        <Checkbox
          aria-label="Select every invoice of this page"
          checked={allOnPage}
          indeterminate={!allOnPage && rows.some(isSelected)}
          onChange={(event) => rows.forEach((row) => toggle(row, event.target.checked))}
        />
      ),
      render: (_v, row) => (
        <Checkbox
          aria-label={`Select ${row.number}`}
          checked={isSelected(row)}
          onChange={(event) => toggle(row, event.target.checked)}
        />
      ),
    },
    ...columns,
  ];
}
