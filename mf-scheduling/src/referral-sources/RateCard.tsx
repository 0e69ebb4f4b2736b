import {
  PAYMENT_TYPES,
  PROVIDER_TYPES,
  RATE_UNITS,
  VISIT_TYPES,
  formatRateAmount,
  isOrganizationRole,
  MESSAGES,
  providerTypeName,
  rateCardExample,
  referralSourceRateSchema,
  type OrganizationRateCard,
  type ReferralSourceRate,
  type ReferralSourceRateInput,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
} from '@carelane/shared-session';
import { EmptyState, ListResults, FormFailure, refresh, useSaveCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { referralSourceQueries } from './referral-source-queries';

const messageAnswer = z.object({ message: z.string() });
/** SPEC §8 has no rate toast of its own: the card is part of the organization. */
const MESSAGES_RATE_SAVED = MESSAGES.organizationSaved;

const visitTypeName = (id: number) => VISIT_TYPES.find((type) => type.id === id)?.type ?? `#${id}`;
const money = (value: number | null) => (value === null ? '—' : formatRateAmount(value));

/** The example clinician rate of the preview: what is paid per hour or visit. */
const DEFAULT_EXAMPLE_CLINICIAN_RATE = 50;

/** What one hour or one visit of this card bills the organization and pays the clinician (the rate engine). */
export function RatePreview({ card }: { card: Partial<OrganizationRateCard> }) {
  const [clinicianRate, setClinicianRate] = useState<number>(DEFAULT_EXAMPLE_CLINICIAN_RATE);
  if (!card.paymentType) return null;
  const example = rateCardExample(card as OrganizationRateCard, clinicianRate);
  return (
    <div aria-label="Worked example" role="region">
      <Typography.Title level={5}>Worked example: {example.basis}</Typography.Title>
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <label htmlFor="example-clinician-rate">Clinician rate</label>
        <InputNumber
          id="example-clinician-rate"
          min={0}
          step={1}
          value={clinicianRate}
          onChange={(value) => setClinicianRate(typeof value === 'number' ? value : 0)}
          prefix="$"
        />
      </Flex>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="Organization billed">
          {formatRateAmount(example.result.organizationAmount)}
        </Descriptions.Item>
        <Descriptions.Item label="Clinician paid">
          {formatRateAmount(example.result.clinicianAmount)}
        </Descriptions.Item>
        <Descriptions.Item label="Net profit">{formatRateAmount(example.result.netProfit)}</Descriptions.Item>
        <Descriptions.Item label="Required margin">
          {formatRateAmount(example.result.requiredMargin)}
        </Descriptions.Item>
      </Descriptions>
      {example.messages.length ? (
        <Alert type="warning" showIcon style={{ marginTop: 8 }} title={example.messages.join(' ')} />
      ) : null}
    </div>
  );
}

type RateForm = ReferralSourceRateInput;

function moneyItem(name: keyof RateForm, label: string) {
  return (
    <Form.Item label={label} name={name} style={{ width: 170 }}>
      <InputNumber min={0} step={0.5} prefix="$" style={{ width: '100%' }} />
    </Form.Item>
  );
}

function RateFormModal({
  referralSourceId,
  rate,
  onClose,
}: {
  referralSourceId: number;
  rate: ReferralSourceRate | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RateForm>();
  const { busy, failure, save } = useSaveCall(form, 'rate');
  const values = Form.useWatch([], form) as Partial<RateForm> | undefined;
  const providerTypeId = values?.providerTypeId;
  const paymentType = values?.paymentType;
  const hourly = values?.unit === '$/Hour';

  const submit = (input: RateForm) =>
    save(async () => {
      if (rate) {
        await apiClient.put(
          `/api/admin/referralSources/${referralSourceId}/rates/${rate.id}`,
          { ...input, version: rate.version },
          referralSourceRateSchema,
        );
      } else {
        await apiClient.post(
          `/api/admin/referralSources/${referralSourceId}/rates`,
          input,
          referralSourceRateSchema,
        );
      }
      publishToast(MESSAGES_RATE_SAVED);
      refresh('referralSourceRate');
      onClose();
    });

  return (
    <Modal
      open
      title={rate ? 'Edit rate' : 'New rate'}
      width={820}
      okText="Save rate"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RateForm>
        form={form}
        layout="vertical"
        initialValues={
          rate ?? { paymentType: 'FlatRate', unit: '$/Visit', hourlyRateAfterLimit: 60, profitMargin: 0 }
        }
        onFinish={(input) => void submit(input)}
      >
        <Flex gap={16} wrap>
          <Form.Item
            label="Provider type"
            name="providerTypeId"
            rules={[{ required: true, message: 'Choose a provider type.' }]}
            style={{ width: 200 }}
          >
            <Select
              options={PROVIDER_TYPES.map((type) => ({ value: type.id, label: type.type }))}
              onChange={() => form.setFieldValue('visitTypeId', undefined)}
            />
          </Form.Item>
          <Form.Item
            label="Visit type"
            name="visitTypeId"
            rules={[{ required: true, message: 'Choose a visit type.' }]}
            style={{ width: 260 }}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={VISIT_TYPES.filter(
                (type) =>
                  !providerTypeId ||
                  !type.providerTypeIds.length ||
                  type.providerTypeIds.includes(providerTypeId),
              ).map((type) => ({ value: type.id, label: `${type.type} — ${type.description}` }))}
              onChange={(id: number) => {
                const unit = VISIT_TYPES.find((type) => type.id === id)?.unit;
                if (unit) form.setFieldValue('unit', unit);
              }}
            />
          </Form.Item>
          <Form.Item
            label="Payment type"
            name="paymentType"
            rules={[{ required: true }]}
            style={{ width: 160 }}
          >
            <Select options={PAYMENT_TYPES.map((type) => ({ value: type, label: type }))} />
          </Form.Item>
          <Form.Item label="Unit" name="unit" rules={[{ required: true }]} style={{ width: 120 }}>
            <Select options={RATE_UNITS.map((unit) => ({ value: unit, label: unit }))} />
          </Form.Item>
        </Flex>
        <Typography.Text strong>Regular, special and incremental tiers</Typography.Text>
        <Flex gap={16} wrap>
          {paymentType !== 'ServiceFee' ? moneyItem('amount', 'Amount') : null}
          {paymentType !== 'FlatRate' ? moneyItem('serviceFee', 'Service fee') : null}
          {moneyItem('profitMargin', 'Profit margin')}
        </Flex>
        <Flex gap={16} wrap>
          {paymentType !== 'ServiceFee' ? moneyItem('specialRate', 'Special rate') : null}
          {paymentType !== 'FlatRate' ? moneyItem('specialServiceFee', 'Special service fee') : null}
          {moneyItem('specialProfitMargin', 'Special profit margin')}
        </Flex>
        <Flex gap={16} wrap>
          {paymentType !== 'ServiceFee' ? moneyItem('incrementalRate', 'Incremental rate') : null}
          {paymentType !== 'FlatRate' ? moneyItem('incrementalServiceFee', 'Incremental service fee') : null}
          {moneyItem('incrementalProfitMargin', 'Incremental profit margin')}
        </Flex>
        <Flex gap={16} wrap>
          {hourly ? (
            <>
              <Form.Item label="Break (minutes)" name="shiftBreakTimeInMins" style={{ width: 150 }}>
                <InputNumber min={0} max={720} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item label="Duration limit (hours)" name="durationLimit" style={{ width: 170 }}>
                <InputNumber min={0.25} max={24} step={0.5} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item label="Billing increment (minutes)" name="billingIncrement" style={{ width: 200 }}>
                <InputNumber min={1} max={60} style={{ width: '100%' }} />
              </Form.Item>
              {moneyItem('hourlyRateAfterLimit', 'Hourly rate after limit')}
            </>
          ) : null}
          <Form.Item label="Service tax (%)" name="serviceTaxPercentage" style={{ width: 150 }}>
            <InputNumber min={0} max={100} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <FormFailure text={failure} />
      </Form>
      {values ? <RatePreview card={values as Partial<OrganizationRateCard>} /> : null}
    </Modal>
  );
}

/** The organization's rate card; staff add, edit and remove rows, everyone else reads it. */
export function RateCard({ referralSourceId, editable }: { referralSourceId: number; editable: boolean }) {
  const session = useSession();
  // Our margin is not the organization's to see (the API leaves it out for them too).
  const showMargin = !!session && !isOrganizationRole(session.user.roleId);
  const rates = useQuery(referralSourceQueries.rates(referralSourceId));
  const [editing, setEditing] = useState<ReferralSourceRate | 'new' | null>(null);

  const remove = async (rate: ReferralSourceRate) => {
    try {
      await apiClient.delete(
        `/api/admin/referralSources/${referralSourceId}/rates/${rate.id}?version=${rate.version}`,
        messageAnswer,
      );
      publishToast(MESSAGES_RATE_SAVED);
      refresh('referralSourceRate');
    } catch (error) {
      publishErrorToast(errorMessage(error, 'rate', 'deleted'));
    }
  };

  const columns: TableColumnsType<ReferralSourceRate> = [
    {
      title: 'Provider type',
      key: 'providerType',
      render: (_v, row) => providerTypeName(row.providerTypeId),
    },
    { title: 'Visit type', key: 'visitType', render: (_v, row) => visitTypeName(row.visitTypeId) },
    { title: 'Payment', dataIndex: 'paymentType', key: 'paymentType' },
    { title: 'Amount', key: 'amount', render: (_v, row) => money(row.amount) },
    { title: 'Service fee', key: 'serviceFee', render: (_v, row) => money(row.serviceFee) },
    ...(showMargin
      ? [
          {
            title: 'Margin',
            key: 'profitMargin',
            render: (_v: unknown, row: ReferralSourceRate) => money(row.profitMargin ?? null),
          },
        ]
      : []),
    { title: 'Unit', dataIndex: 'unit', key: 'unit' },
    {
      title: 'Example',
      key: 'example',
      render: (_v, row) => {
        const example = rateCardExample(row, DEFAULT_EXAMPLE_CLINICIAN_RATE);
        return `${example.basis}: bills ${formatRateAmount(example.result.organizationAmount)}, pays ${formatRateAmount(example.result.clinicianAmount)}`;
      },
    },
    ...(editable
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_v: unknown, row: ReferralSourceRate) => (
              <Flex gap={8}>
                <Button size="small" onClick={() => setEditing(row)}>
                  Edit
                </Button>
                <Popconfirm
                  title="Remove this rate?"
                  description="Visits not yet assigned will no longer find a rate for this type."
                  okText="Remove"
                  onConfirm={() => remove(row)}
                >
                  <Button size="small" danger>
                    Remove
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListResults query={rates} thing="the rate card">
      <Flex vertical gap={12}>
        {editable ? (
          <div>
            <Button type="primary" onClick={() => setEditing('new')}>
              Add rate
            </Button>
          </div>
        ) : (
          <Typography.Text type="secondary">
            The rate card is set by Carelane. Examples assume a clinician paid{' '}
            {formatRateAmount(DEFAULT_EXAMPLE_CLINICIAN_RATE)}.
          </Typography.Text>
        )}
        <Table<ReferralSourceRate>
          aria-label="Rate card"
          size="small"
          rowKey="id"
          loading={rates.isPending}
          dataSource={rates.data?.rows ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <EmptyState title="No rates yet." /> }}
        />
        {editing ? (
          <RateFormModal
            referralSourceId={referralSourceId}
            rate={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Flex>
    </ListResults>
  );
}
