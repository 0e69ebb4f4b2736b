// One invoice, in a drawer over the list (`/invoices?invoiceId=N`): who it bills, when it is due, its lines and
// totals, the payments applied to it and its history. Everyone who reads it can open its PDF; billing staff also
// email it, record a payment (and apply it), apply an earlier payment's credit, and send it to collection once it
// is overdue with a balance (after confirming).
import { formatCents, formatDateTime, type InvoiceDetail } from '@carelane/shared-domain';
import { loadState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { showDay, today } from '../common/billing-dates';
import { downloadInvoicePdf, emailInvoices, openInvoicePdf, sendToCollection } from './invoice-actions';
import { InvoiceStatusTag, OverdueTag, PaymentStatusTag } from './invoice-columns';
import { isOverdue, maySendToCollection } from './invoice-labels';
import { invoiceQueries } from './invoice-queries';
import { InvoiceHistory } from './InvoiceHistory';
import { InvoiceLines, InvoiceTotals } from './InvoiceLines';
import { AppliedPayments, OrganizationCredit } from './InvoicePayments';
import { PaymentModal } from './PaymentModal';

export type InvoiceDrawerProps = {
  /** The invoice to show; undefined: the drawer is closed. */
  invoiceId: number | undefined;
  billingStaff: boolean;
  onClose: () => void;
};

export function InvoiceDrawer({ invoiceId, billingStaff, onClose }: InvoiceDrawerProps) {
  const query = useQuery({ ...invoiceQueries.detail(invoiceId ?? 0), enabled: invoiceId !== undefined });
  const state = loadState(query, 'the invoice', { keepStale: true });
  return (
    <Drawer
      open={invoiceId !== undefined}
      onClose={onClose}
      title={state.data ? `Invoice ${state.data.number}` : 'Invoice'}
      size="min(960px, 100vw)"
      destroyOnHidden
    >
      {state.data ? <InvoiceView invoice={state.data} billingStaff={billingStaff} /> : state.fallback}
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginTop: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function InvoiceView({ invoice, billingStaff }: { invoice: InvoiceDetail; billingStaff: boolean }) {
  const asOf = today();
  const owes = invoice.balanceCents > 0;
  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <InvoiceStatusTag invoice={invoice} />
        <PaymentStatusTag invoice={invoice} />
        {isOverdue(invoice, asOf) ? <OverdueTag /> : null}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'billTo',
            label: 'Bill to',
            children: (
              <Flex vertical>
                <strong>{invoice.organizationName}</strong>
                {invoice.organizationAddressLines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </Flex>
            ),
          },
          {
            key: 'period',
            label: 'Period',
            children: `${showDay(invoice.periodStart)} – ${showDay(invoice.periodEnd)}`,
          },
          { key: 'issued', label: 'Issued', children: showDay(invoice.issuedOn) },
          { key: 'due', label: 'Due', children: showDay(invoice.dueOn) },
          ...(invoice.sentAt
            ? [{ key: 'sent', label: 'Emailed', children: formatDateTime(invoice.sentAt) }]
            : []),
          ...(invoice.collectionAt
            ? [
                {
                  key: 'collection',
                  label: 'In collection since',
                  children: formatDateTime(invoice.collectionAt),
                },
              ]
            : []),
        ]}
      />
      <InvoiceActions invoice={invoice} billingStaff={billingStaff} asOf={asOf} />
      <Section title="Lines">
        <InvoiceLines invoice={invoice} />
      </Section>
      <Section title="Totals">
        <InvoiceTotals invoice={invoice} />
      </Section>
      <Section title="Payments applied">
        <AppliedPayments invoice={invoice} />
      </Section>
      {billingStaff && owes ? (
        <Section title="Credit to apply">
          <OrganizationCredit invoice={invoice} />
        </Section>
      ) : null}
      <Section title="History">
        <InvoiceHistory invoice={invoice} />
      </Section>
    </>
  );
}

function InvoiceActions({
  invoice,
  billingStaff,
  asOf,
}: {
  invoice: InvoiceDetail;
  billingStaff: boolean;
  asOf: string;
}) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<'pdf' | 'download' | 'email' | null>(null);
  const [paying, setPaying] = useState(false);
  // A new payment form each time the modal opens.
  const [openings, setOpenings] = useState(0);
  const run = (what: 'pdf' | 'download' | 'email', action: () => Promise<unknown>) => async () => {
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const confirmCollection = () =>
    modal.confirm({
      title: `Send ${invoice.number} to collection?`,
      content: `${invoice.organizationName} owes ${formatCents(invoice.balanceCents)}, due ${showDay(invoice.dueOn)}. An invoice sent to collection stays there.`,
      okText: 'Send to collection',
      okButtonProps: { danger: true },
      onOk: () => sendToCollection(invoice),
    });

  return (
    <Flex gap={8} wrap role="group" aria-label={`Actions on ${invoice.number}`} style={{ marginTop: 16 }}>
      <Button loading={busy === 'pdf'} onClick={run('pdf', () => openInvoicePdf(invoice))}>
        Open PDF
      </Button>
      <Button loading={busy === 'download'} onClick={run('download', () => downloadInvoicePdf(invoice))}>
        Download PDF
      </Button>
      {billingStaff ? (
        <>
          <Button loading={busy === 'email'} onClick={run('email', () => emailInvoices([invoice]))}>
            Email
          </Button>
          {invoice.balanceCents > 0 ? (
            <Button
              type="primary"
              onClick={() => {
                setOpenings((count) => count + 1);
                setPaying(true);
              }}
            >
              Record payment
            </Button>
          ) : null}
          {maySendToCollection(invoice, asOf) ? (
            <Button danger onClick={confirmCollection}>
              Send to collection
            </Button>
          ) : null}
          <PaymentModal key={openings} invoice={invoice} open={paying} onClose={() => setPaying(false)} />
        </>
      ) : null}
    </Flex>
  );
}
