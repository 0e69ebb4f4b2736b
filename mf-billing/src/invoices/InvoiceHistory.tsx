// What happened to an invoice, oldest first: created, emailed, payments applied, sent to collection.
import { formatDateTime, type InvoiceDetail, type InvoiceEvent } from '@carelane/shared-domain';
import { Timeline, Typography } from 'antd';

const KIND_LABELS: Record<InvoiceEvent['kind'], string> = {
  created: 'Created',
  emailed: 'Emailed',
  payment: 'Payment',
  collection: 'Sent to collection',
  adjustment: 'Adjustment',
};
const KIND_COLORS: Record<InvoiceEvent['kind'], string> = {
  created: 'gray',
  emailed: 'blue',
  payment: 'green',
  collection: 'red',
  adjustment: 'purple',
};

export function InvoiceHistory({ invoice }: { invoice: InvoiceDetail }) {
  if (!invoice.history.length)
    return <Typography.Text type="secondary">Nothing recorded yet.</Typography.Text>;
  return (
    <Timeline
      aria-label={`History of ${invoice.number}`}
      items={invoice.history.map((event, index) => ({
        key: index,
        color: KIND_COLORS[event.kind],
        title: formatDateTime(event.at),
        content: (
          <>
            <Typography.Text strong>{KIND_LABELS[event.kind]}</Typography.Text>
            {`: ${event.detail}`}
            <br />
            <Typography.Text type="secondary">
              {event.by ? `by ${event.by}` : 'by the system'}
            </Typography.Text>
          </>
        ),
      }))}
    />
  );
}
