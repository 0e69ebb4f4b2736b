// "New adjustment" (billing staff): receivable — a credit on one invoice (positive) — or payable — added to
// (positive) or taken from (negative, a leading minus) a clinician's next export. The amount is typed in dollars
// and read as exact cents by the area's money-input helper; it is saved Pending ('Adjustment saved.') and applied
// from the list.
import {
  ADJUSTMENT_KINDS,
  formatCents,
  invoiceListSchema,
  type AdjustmentInput,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import { FormFailure, useFormCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Radio, Select, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { ClinicianPicker } from '../common/ClinicianPicker';
import { AMOUNT_ERRORS, parseDollars, type ParsedAmount } from '../common/money-input';
import { ADJUSTMENT_KIND_LABELS } from './adjustment-columns';
import { adjustmentCalls, refreshAdjustments } from './adjustment-queries';

type Values = {
  kind: AdjustmentInput['kind'];
  invoiceId?: number;
  providerId?: number;
  amount: string;
  reason: string;
};

/** The invoices offered for a credit: those issued in the last year, every status. */
const INVOICE_LOOKUP_DAYS = 365;

/**
 * The typed amount as cents: a receivable credit is positive; a payable adjustment may start with a minus (it
 * takes from the clinician's pay). Zero is refused either way.
 */
export function adjustmentCents(text: string, kind: AdjustmentInput['kind']): ParsedAmount {
  const trimmed = text.trim();
  const negative = kind === 'payable' && trimmed.startsWith('-');
  const parsed = parseDollars(negative ? trimmed.slice(1) : trimmed);
  if (!parsed.ok) {
    if (parsed.error === AMOUNT_ERRORS.notPositive && kind === 'receivable' && trimmed.startsWith('-'))
      return { ok: false, error: 'A receivable adjustment is a credit: enter an amount more than $0.00.' };
    if (parsed.error === AMOUNT_ERRORS.notPositive && kind === 'payable')
      return { ok: false, error: 'Enter an amount other than $0.00 (a minus takes from the pay).' };
    return parsed;
  }
  return { ok: true, cents: negative ? -parsed.cents : parsed.cents };
}

const amountRule = (kind: () => AdjustmentInput['kind']): FormRule => ({
  validator: async (_rule, value: string | undefined) => {
    const parsed = adjustmentCents(value ?? '', kind());
    if (!parsed.ok) throw new Error(parsed.error);
  },
});

const FAILURE = {
  thing: 'the adjustment',
  action: 'saved',
  places: {
    kind: 'kind',
    invoiceId: 'invoiceId',
    providerId: 'providerId',
    amountCents: 'amount',
    reason: 'reason',
  },
  labels: {
    kind: 'Kind',
    invoiceId: 'Invoice',
    providerId: 'Clinician',
    amountCents: 'Amount',
    reason: 'Reason',
  },
};

function useInvoiceOptions(enabled: boolean) {
  const query = useQuery({
    queryKey: ['invoice', 'lookup', INVOICE_LOOKUP_DAYS],
    queryFn: ({ signal }) =>
      apiClient.get('/api/operation/invoices', invoiceListSchema, {
        searchParams: {
          status: 'ALL',
          paymentStatus: 'ALL',
          startDate: dayjs().subtract(INVOICE_LOOKUP_DAYS, 'day').format('YYYY-MM-DD'),
          endDate: dayjs().format('YYYY-MM-DD'),
          pageSize: 1000,
        },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  });
  return {
    loading: query.isFetching,
    options: (query.data?.rows ?? []).map((invoice) => ({
      value: invoice.id,
      label: `${invoice.number} — ${invoice.organizationName} (balance ${formatCents(invoice.balanceCents)})`,
    })),
  };
}

export function NewAdjustmentModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'receivable';
  const { busy, failure, call } = useFormCall(form);
  const invoices = useInvoiceOptions(kind === 'receivable');

  const submit = async (values: Values) => {
    const cents = adjustmentCents(values.amount, values.kind);
    if (!cents.ok) return;
    await call(FAILURE, async () => {
      const result = await adjustmentCalls.create({
        kind: values.kind,
        ...(values.kind === 'receivable'
          ? { invoiceId: values.invoiceId }
          : { providerId: values.providerId }),
        amountCents: cents.cents,
        reason: values.reason.trim(),
      });
      publishToast(result.message);
      refreshAdjustments();
      onClose();
    });
  };

  return (
    <Modal
      open
      title="New adjustment"
      okText="Save adjustment"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="New adjustment"
        initialValues={{ kind: 'receivable', amount: '', reason: '' }}
        onValuesChange={(changed: Partial<Values>) => {
          if ('kind' in changed && form.getFieldValue('amount')) void form.validateFields(['amount']);
        }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        <Form.Item label="Kind" name="kind" required>
          <Radio.Group
            aria-label="Kind"
            options={ADJUSTMENT_KINDS.map((value) => ({ value, label: ADJUSTMENT_KIND_LABELS[value] }))}
          />
        </Form.Item>
        {kind === 'receivable' ? (
          <Form.Item
            label="Invoice"
            name="invoiceId"
            required
            rules={[{ required: true, message: 'Choose the invoice to credit.' }]}
            extra="Invoices issued in the last year. The credit may be at most the invoice's balance when applied."
          >
            <Select<number>
              aria-label="Invoice"
              placeholder="Search by number or organization"
              showSearch={{ optionFilterProp: 'label' }}
              loading={invoices.loading}
              options={invoices.options}
            />
          </Form.Item>
        ) : (
          <Form.Item
            label="Clinician"
            name="providerId"
            required
            rules={[{ required: true, message: 'Choose the clinician.' }]}
          >
            <ClinicianPicker aria-label="Clinician" placeholder="Search by name" />
          </Form.Item>
        )}
        <Form.Item
          label="Amount"
          name="amount"
          required
          rules={[amountRule(() => form.getFieldValue('kind') as Values['kind'])]}
          extra={
            kind === 'payable'
              ? 'Added to the clinician’s next export; start with a minus (-25.00) to take it from their pay.'
              : 'The credit on the invoice.'
          }
        >
          <Input inputMode="decimal" prefix="$" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          required
          rules={[{ required: true, whitespace: true, message: 'Enter the reason.' }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
