// "Record payment" on an invoice (billing staff): a payment received from its organization (method, reference,
// amount typed in dollars and read as exact cents, received date), POST /api/operation/payments, then the part
// applied to this invoice (by default as much as both allow), POST /api/operation/payments/:id/apply. Each step's
// success is the server's toast ('Payment added successfully.', 'Payment applied.'). If applying fails once the
// payment is recorded, the payment is not recorded again: the modal only applies it on the next try. Each payment
// typed carries its own Idempotency-Key, so a retry after a lost answer is not recorded twice; one the server
// finds recorded already (same reference, amount and day) is shown with a warning, and recorded again only when
// the user confirms it (allowDuplicate).
import {
  PAYMENT_METHODS,
  formatCents,
  paymentReceivedOnProblem,
  type Invoice,
  type Payment,
} from '@carelane/shared-domain';
import { isApiCallError, publishToast } from '@carelane/shared-session';
import { DateInput, FormFailure, isoDay, useFormCall } from '@carelane/shared-ui';
import { Alert, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { today } from '../common/billing-dates';
import { amountRule, centsOf, parseDollars } from '../common/money-input';
import { APPLY_FAILURE, applyRule, defaultApplicationText } from './apply-amount';
import { applyToInvoice, invoiceCalls, refreshBilling } from './invoice-queries';

type FormValues = {
  method: (typeof PAYMENT_METHODS)[number];
  reference: string;
  amount: string;
  receivedOn: Date | null;
  apply: string;
};

const RECORD_FAILURE = {
  thing: 'the payment',
  action: 'added',
  places: { method: 'method', reference: 'reference', amountCents: 'amount', receivedOn: 'receivedOn' },
  labels: { method: 'Method', reference: 'Reference', amountCents: 'Amount', receivedOn: 'Received on' },
};

/** A new key per payment typed: what the server recognizes a retry of the same request by. */
const newIdempotencyKey = (): string =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The fields that make the payment itself: changing one makes it another payment (a new key, no warning). */
const PAYMENT_FIELDS = ['method', 'reference', 'amount', 'receivedOn'] as const;

/** The received day the server accepts (a day past today at most, years back at most), checked before sending. */
const receivedOnRule = {
  validator: async (_rule: unknown, value: Date | null | undefined) => {
    const problem = value ? paymentReceivedOnProblem(isoDay(value), today()) : null;
    if (problem) throw new Error(`Received on ${problem}.`);
  },
};

export type PaymentModalProps = {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
};

export function PaymentModal({ invoice, open, onClose }: PaymentModalProps) {
  const [form] = Form.useForm<FormValues>();
  const { busy, failure, call } = useFormCall(form);
  // The payment this modal recorded, when applying it has not succeeded yet.
  const [recorded, setRecorded] = useState<Payment | null>(null);
  // Once the user changes the amount to apply, a new payment amount no longer rewrites it.
  const [applyEdited, setApplyEdited] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // The server's sentence naming the payment this one repeats; the next submit records it anyway.
  const [duplicate, setDuplicate] = useState<string | null>(null);

  const typedCents = () => {
    const parsed = parseDollars(String(form.getFieldValue('amount') ?? ''));
    return parsed.ok ? parsed.cents : null;
  };

  const submit = async (values: FormValues) => {
    let payment = recorded;
    if (!payment) {
      const done = await call(RECORD_FAILURE, async () => {
        let result;
        try {
          result = await invoiceCalls.recordPayment(
            {
              referralSourceId: invoice.referralSourceId,
              method: values.method,
              reference: values.reference.trim(),
              amountCents: centsOf(values.amount),
              receivedOn: isoDay(values.receivedOn!),
              ...(duplicate ? { allowDuplicate: true } : {}),
            },
            idempotencyKey,
          );
        } catch (error) {
          if (!isApiCallError(error) || error.code !== 'DUPLICATE_PAYMENT') throw error;
          setDuplicate(error.text);
          return;
        }
        publishToast(result.message);
        payment = result.payment;
        setRecorded(result.payment);
        refreshBilling();
      });
      if (!done || !payment) return;
    }
    const toApply = payment;
    await call(APPLY_FAILURE, async () => {
      if (values.apply?.trim()) await applyToInvoice(toApply.id, invoice.id, values.apply);
      onClose();
    });
  };

  return (
    <Modal
      open={open}
      title={`Record a payment for ${invoice.number}`}
      okText={recorded ? 'Apply payment' : duplicate ? 'Record it again' : 'Record payment'}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        aria-label={`Record a payment for ${invoice.number}`}
        initialValues={{ method: 'Check', reference: '', amount: '', receivedOn: new Date(), apply: '' }}
        onValuesChange={(changed: Partial<FormValues>) => {
          if (PAYMENT_FIELDS.some((field) => field in changed)) {
            setIdempotencyKey(newIdempotencyKey());
            setDuplicate(null);
          }
          if ('apply' in changed) setApplyEdited(true);
          if ('amount' in changed && !applyEdited) {
            const cents = typedCents();
            form.setFieldValue('apply', cents ? defaultApplicationText(cents, invoice) : '');
          }
        }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        {duplicate && !recorded ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title="This payment may be recorded already"
            description={`${duplicate} Choose Record it again to record a second payment, or change the reference, amount or day.`}
          />
        ) : null}
        {recorded ? (
          <Alert
            type="info"
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            title={`${recorded.method} ${recorded.reference} of ${formatCents(recorded.amountCents)} is recorded. Until it is applied it stays on ${invoice.organizationName}'s credit.`}
          />
        ) : null}
        <Flex gap={16} wrap>
          <Form.Item label="Method" name="method" required style={{ width: 140 }}>
            <Select
              disabled={!!recorded}
              options={PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </Form.Item>
          <Form.Item
            label="Reference"
            name="reference"
            required
            rules={[
              { required: true, whitespace: true, message: 'Enter the check number or transfer reference.' },
            ]}
            style={{ flex: 1, minWidth: 200 }}
          >
            <Input maxLength={60} disabled={!!recorded} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item label="Amount" name="amount" required rules={[amountRule()]} style={{ width: 200 }}>
            <Input inputMode="decimal" prefix="$" disabled={!!recorded} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Received on"
            name="receivedOn"
            required
            rules={[{ required: true, message: 'Enter the day the payment was received.' }, receivedOnRule]}
            style={{ width: 180 }}
          >
            <DateInput required disabled={!!recorded} />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Amount to apply"
          name="apply"
          dependencies={['amount']}
          rules={[applyRule(invoice, () => recorded?.unappliedCents ?? typedCents(), true)]}
          extra={`Applied to ${invoice.number}, which owes ${formatCents(invoice.balanceCents)}. Leave blank to keep the whole payment as the organization's credit.`}
          style={{ width: 320 }}
        >
          <Input inputMode="decimal" prefix="$" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
