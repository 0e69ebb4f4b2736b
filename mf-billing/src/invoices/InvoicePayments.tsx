// The payments applied to an invoice, and (billing staff, while it owes money) the organization's earlier
// payments with money left to apply, each of which can be applied to it.
import { formatCents, formatDateTime, type InvoiceDetail, type Payment } from '@carelane/shared-domain';
import { errorMessage } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { showDay } from '../common/billing-dates';
import { ApplyPaymentModal } from './ApplyPaymentModal';
import { paymentQueries } from './invoice-queries';

type Application = InvoiceDetail['applications'][number];

const APPLIED: TableColumnsType<Application> = [
  { title: 'Applied', key: 'appliedAt', render: (_v, row) => formatDateTime(row.appliedAt) },
  { title: 'Method', key: 'method', render: (_v, row) => row.method },
  { title: 'Reference', key: 'reference', render: (_v, row) => row.reference },
  { title: 'Amount', key: 'amount', align: 'right', render: (_v, row) => formatCents(row.amountCents) },
];

export function AppliedPayments({ invoice }: { invoice: InvoiceDetail }) {
  if (!invoice.applications.length)
    return <Typography.Text type="secondary">No payment is applied to this invoice yet.</Typography.Text>;
  return (
    <Table<Application>
      aria-label={`Payments applied to ${invoice.number}`}
      size="small"
      rowKey={(row) => `${row.paymentId}-${row.appliedAt}`}
      pagination={false}
      columns={APPLIED}
      dataSource={invoice.applications}
    />
  );
}

/** The organization's payments with money left to apply, each with "Apply" to this invoice. */
export function OrganizationCredit({ invoice }: { invoice: InvoiceDetail }) {
  const credits = useQuery(paymentQueries.credits(invoice.referralSourceId));
  // The payment last chosen (kept while the modal closes) and whether the modal is open.
  const [applying, setApplying] = useState<Payment | null>(null);
  const [open, setOpen] = useState(false);
  // A new form each time the modal opens (kept on close, so it closes as it opened).
  const [openings, setOpenings] = useState(0);

  if (credits.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(credits.error, "the organization's payments", 'loaded')}
      />
    );
  if (!credits.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const rows = credits.data.rows.filter((payment) => payment.unappliedCents > 0);
  if (!rows.length)
    return (
      <Typography.Text type="secondary">
        {`${invoice.organizationName} has no payment with money left to apply.`}
      </Typography.Text>
    );

  const columns: TableColumnsType<Payment> = [
    { title: 'Received', key: 'receivedOn', render: (_v, row) => showDay(row.receivedOn) },
    { title: 'Method', key: 'method', render: (_v, row) => row.method },
    { title: 'Reference', key: 'reference', render: (_v, row) => row.reference },
    { title: 'Amount', key: 'amount', align: 'right', render: (_v, row) => formatCents(row.amountCents) },
    {
      title: 'Left to apply',
      key: 'left',
      align: 'right',
      render: (_v, row) => formatCents(row.unappliedCents),
    },
    {
      title: 'Action',
      key: 'action',
      render: (_v, row) => (
        <Button
          size="small"
          aria-label={`Apply ${row.method} ${row.reference} to ${invoice.number}`}
          onClick={() => {
            setOpenings((count) => count + 1);
            setApplying(row);
            setOpen(true);
          }}
        >
          Apply
        </Button>
      ),
    },
  ];
  return (
    <>
      <Table<Payment>
        aria-label={`Payments of ${invoice.organizationName} with money left to apply`}
        size="small"
        rowKey="id"
        pagination={false}
        columns={columns}
        dataSource={rows}
      />
      {applying ? (
        <ApplyPaymentModal
          key={openings}
          open={open}
          invoice={invoice}
          payment={applying}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
