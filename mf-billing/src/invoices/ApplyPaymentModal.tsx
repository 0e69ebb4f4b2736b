// Applying the credit of an earlier payment (money it has not applied yet) to this invoice: by default as much
// as both allow; POST /api/operation/payments/:id/apply, then the server's 'Payment applied.' as the toast.
import { formatCents, type Invoice, type Payment } from '@carelane/shared-domain';
import { FormFailure, useFormCall } from '@carelane/shared-ui';
import { Form, Input, Modal, Typography } from 'antd';
import { showDay } from '../common/billing-dates';
import { APPLY_FAILURE, applyRule, defaultApplicationText } from './apply-amount';
import { applyToInvoice } from './invoice-queries';

type FormValues = { apply: string };

export function ApplyPaymentModal({
  open,
  invoice,
  payment,
  onClose,
}: {
  open: boolean;
  invoice: Invoice;
  /** The payment whose credit is applied. */
  payment: Payment;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { busy, failure, call } = useFormCall(form);

  const apply = (values: FormValues) =>
    call(APPLY_FAILURE, async () => {
      await applyToInvoice(payment.id, invoice.id, values.apply);
      onClose();
    });

  return (
    <Modal
      open={open}
      title={`Apply a payment to ${invoice.number}`}
      okText="Apply payment"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        aria-label={`Apply a payment to ${invoice.number}`}
        initialValues={{ apply: defaultApplicationText(payment.unappliedCents, invoice) }}
        onFinish={(values) => void apply(values)}
      >
        <FormFailure text={failure} />
        <Typography.Paragraph>
          {`${payment.method} ${payment.reference}, received ${showDay(payment.receivedOn)}: ${formatCents(
            payment.unappliedCents,
          )} left of ${formatCents(payment.amountCents)}. The invoice owes ${formatCents(invoice.balanceCents)}.`}
        </Typography.Paragraph>
        <Form.Item
          label="Amount to apply"
          name="apply"
          required
          rules={[applyRule(invoice, () => payment.unappliedCents, false)]}
          extra="What is not applied stays on the payment as the organization's credit."
        >
          <Input inputMode="decimal" prefix="$" autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
