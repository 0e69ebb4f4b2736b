// An invoice's lines (one per visit billed, each amount explained by the rate engine) and its totals: subtotal,
// service tax, total, paid, credits (applied adjustments, when there are) and balance, all as the server answered.
import { formatCents, type InvoiceDetail, type InvoiceLine } from '@carelane/shared-domain';
import { NONE } from '@carelane/shared-ui';
import { Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { showDay, visitSubject } from '../common/billing-dates';
import { PriceBreakdown } from '../common/PriceBreakdown';

const right = { align: 'right' as const };

const COLUMNS: TableColumnsType<InvoiceLine> = [
  {
    title: 'Date of service',
    key: 'dateOfService',
    render: (_v, line) => <span style={{ whiteSpace: 'nowrap' }}>{showDay(line.dateOfService)}</span>,
  },
  { title: 'Patient', key: 'patient', render: (_v, line) => line.patientName || NONE },
  { title: 'Clinician', key: 'clinician', render: (_v, line) => line.clinicianName || NONE },
  {
    title: 'Visit type',
    key: 'visitType',
    render: (_v, line) => (
      <>
        {line.visitType} {line.lateCancellation ? <Tag color="red">Late cancellation</Tag> : null}
      </>
    ),
  },
  { title: 'Units', key: 'units', render: (_v, line) => line.unitsText || NONE },
  {
    title: 'Rate',
    key: 'rate',
    ...right,
    render: (_v, line) => (line.rateCents === null ? NONE : formatCents(line.rateCents)),
  },
  { title: 'Amount', key: 'amount', ...right, render: (_v, line) => formatCents(line.amountCents) },
  {
    title: 'Service tax',
    key: 'serviceTax',
    ...right,
    render: (_v, line) => formatCents(line.serviceTaxCents),
  },
  {
    title: 'Pricing',
    key: 'pricing',
    render: (_v, line) => (
      <PriceBreakdown lines={line.breakdown} subject={visitSubject(line.patientName, line.dateOfService)} />
    ),
  },
];

export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <Table<InvoiceLine>
      aria-label={`Lines of ${invoice.number}`}
      size="small"
      rowKey="id"
      pagination={false}
      columns={COLUMNS}
      dataSource={invoice.lines}
      scroll={{ x: true }}
      locale={{ emptyText: 'This invoice has no lines.' }}
    />
  );
}

export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  const money = (cents: number) => (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatCents(cents)}</span>
  );
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ maxWidth: 360, marginLeft: 'auto' }}
      items={[
        { key: 'subtotal', label: 'Subtotal', children: money(invoice.subtotalCents) },
        { key: 'serviceTax', label: 'Service tax', children: money(invoice.serviceTaxCents) },
        { key: 'total', label: 'Total', children: <strong>{money(invoice.totalCents)}</strong> },
        { key: 'paid', label: 'Paid', children: money(invoice.paidCents) },
        ...(invoice.creditedCents
          ? [{ key: 'credited', label: 'Credits', children: money(invoice.creditedCents) }]
          : []),
        { key: 'balance', label: 'Balance', children: <strong>{money(invoice.balanceCents)}</strong> },
      ]}
    />
  );
}
