// "Create invoices": the billing period (by default the list's dates) and the organizations (all with billable
// visits, or the one the list is filtered to), then POST /api/admin/createInvoice. The server's message is the
// toast; the invoices it made are listed with a link to each. A 400 answer's field errors show on their fields.
import { formatCents, type CreateInvoicesResult } from '@carelane/shared-domain';
import { publishToast } from '@carelane/shared-session';
import { AreaLink, DateInput, dayOf, FormFailure, isoDay, refresh, useFormCall } from '@carelane/shared-ui';
import { Alert, Button, Flex, Form, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { showDay, today } from '../common/billing-dates';
import { unbilledCalls } from './unbilled-queries';

type FormValues = { periodStart: Date | null; periodEnd: Date | null; scope: 'all' | 'one' };

const FAILURE = {
  thing: 'the invoices',
  action: 'created',
  places: {
    periodStart: 'periodStart',
    periodEnd: 'periodEnd',
    referralSourceIds: 'scope',
    'referralSourceIds.': 'scope',
  },
  // The server's messages on periodEnd are sentences of their own ('No approved, unbilled visits match: …').
  labels: { periodStart: 'Period start', periodEnd: '', referralSourceIds: 'Organizations' },
};

export type CreateInvoicesModalProps = {
  open: boolean;
  onClose: () => void;
  /** The list's dates: the period offered. */
  period: { startDate: string; endDate: string };
  /** The organization the list is filtered to, if any. */
  organization?: { id: number; name?: string };
};

export function CreateInvoicesModal({ open, onClose, period, organization }: CreateInvoicesModalProps) {
  const [form] = Form.useForm<FormValues>();
  const { busy, failure, call } = useFormCall(form);
  const [result, setResult] = useState<CreateInvoicesResult | null>(null);

  const create = (values: FormValues) =>
    call(FAILURE, async () => {
      const created = await unbilledCalls.createInvoices({
        periodStart: isoDay(values.periodStart!),
        periodEnd: isoDay(values.periodEnd!),
        ...(values.scope === 'one' && organization ? { referralSourceIds: [organization.id] } : {}),
      });
      publishToast(created.message);
      setResult(created);
      refresh('visit', 'invoice');
    });

  const organizationName = organization?.name ?? `organization #${organization?.id}`;
  return (
    <Modal
      open={open}
      title="Create invoices"
      onCancel={onClose}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()}>
              Create invoices
            </Button>
          </Flex>
        )
      }
    >
      {result ? (
        <CreatedInvoices result={result} />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          aria-label="Create invoices"
          initialValues={{
            periodStart: dayOf(period.startDate),
            periodEnd: dayOf(period.endDate),
            scope: organization ? 'one' : 'all',
          }}
          onFinish={(values) => void create(values)}
        >
          <FormFailure text={failure} />
          <Typography.Paragraph type="secondary">
            One invoice per organization, of its approved visits not yet billed whose date of service is in
            the period. Visits that cannot be priced stay unbilled.
          </Typography.Paragraph>
          <Flex gap={16} wrap>
            <Form.Item
              label="Period start"
              name="periodStart"
              rules={[{ required: true, message: 'Enter the first day of the period.' }]}
              style={{ width: 180 }}
            >
              <DateInput required />
            </Form.Item>
            <Form.Item
              label="Period end"
              name="periodEnd"
              dependencies={['periodStart']}
              rules={[
                { required: true, message: 'Enter the last day of the period.' },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: Date | null | undefined) => {
                    const start = getFieldValue('periodStart') as Date | null | undefined;
                    if (value && start && isoDay(value) < isoDay(start))
                      throw new Error('The period must not end before it starts.');
                  },
                }),
              ]}
              style={{ flex: 1, minWidth: 180 }}
            >
              <DateInput required />
            </Form.Item>
          </Flex>
          <Form.Item label="Organizations" name="scope">
            <Radio.Group
              options={[
                { value: 'all', label: 'Every organization with visits to bill' },
                ...(organization ? [{ value: 'one', label: `${organizationName} only` }] : []),
              ]}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** What the run made: the server's message and each invoice, linked to its detail. */
function CreatedInvoices({ result }: { result: CreateInvoicesResult }) {
  const issuedToday = `/invoices?from=${today()}&to=${today()}&status=Created`;
  return (
    <Flex vertical gap={12}>
      <Alert type="success" showIcon role="status" title={result.message} />
      {result.invoices.length ? (
        <ul aria-label="Invoices created" style={{ margin: 0, paddingLeft: 20 }}>
          {result.invoices.map((invoice) => (
            <li key={invoice.id}>
              <AreaLink to={`/invoices?invoiceId=${invoice.id}`}>{invoice.number}</AreaLink>
              {` — ${invoice.organizationName}, ${invoice.lineCount} ${
                invoice.lineCount === 1 ? 'line' : 'lines'
              }, total ${formatCents(invoice.totalCents)}, due ${showDay(invoice.dueOn)}`}
            </li>
          ))}
        </ul>
      ) : null}
      <AreaLink to={issuedToday}>Open the invoices issued today</AreaLink>
    </Flex>
  );
}
