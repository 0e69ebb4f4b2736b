// The clinician detail's smaller cards: status with its reason dialog (inactivating asks for one of the
// inactivation reasons and confirms), transfer to a clinician manager or care coordinator, rates per visit type,
// vacations, rating details (the badge and the ten SPEC §3 counters as recorded) and activity.
import {
  CLINICIAN_SAVED,
  CLINICIAN_THING_NAME,
  formatDate,
  INACTIVE_PROVIDER_STATUS_ID,
  PROVIDER_RATING_DETAIL_FIELDS,
  PROVIDER_STATUSES,
  providerStatusName,
  ratingFromDetails,
  type ProviderDetail,
  type ProviderRateList,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import {
  DateInput,
  EngagementDot,
  FormFailure,
  loadState,
  RatingBadge,
  refresh,
  showSaveFailure,
  type FieldLabels,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { providerDetailCalls, providerDetailQueries } from './provider-detail-queries';

const failed = (error: unknown) => publishErrorToast(errorMessage(error, CLINICIAN_THING_NAME, 'saved'));

export function StatusCard({ provider }: { provider: ProviderDetail }) {
  const [target, setTarget] = useState<number>(provider.providerStatusId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasons = useQuery({ ...providerDetailQueries.statusReasons(), enabled: open });
  const inactivating = target === INACTIVE_PROVIDER_STATUS_ID;
  const name = `${provider.givenName} ${provider.familyName}`;

  const confirm = async () => {
    if (inactivating && !reason) {
      setFailure('Pick the reason.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await providerDetailCalls.changeStatus(provider.id, {
        providerStatusId: target,
        reason,
        version: provider.version,
      });
      publishToast(CLINICIAN_SAVED);
      setOpen(false);
      refresh('provider');
    } catch (error) {
      const text = errorMessage(error, CLINICIAN_THING_NAME, 'saved');
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Status" style={{ maxWidth: 420 }}>
      <Flex gap={8} align="center" wrap>
        <Select
          aria-label="New status"
          value={target}
          style={{ width: 160 }}
          onChange={setTarget}
          options={PROVIDER_STATUSES.map((s) => ({ value: s.id, label: s.name }))}
        />
        <Button
          disabled={target === provider.providerStatusId}
          onClick={() => {
            setReason(null);
            setFailure(null);
            setOpen(true);
          }}
        >
          Change status
        </Button>
      </Flex>
      <Modal
        open={open}
        title={inactivating ? `Make ${name} inactive?` : `Change ${name} to ${providerStatusName(target)}?`}
        okText={inactivating ? 'Make inactive' : 'Change status'}
        okButtonProps={{ danger: inactivating, loading: busy }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {inactivating ? (
          <>
            <p>They stop receiving matching work until they are made active again. Pick the reason.</p>
            <Select
              aria-label="Reason"
              placeholder="Reason"
              style={{ width: '100%' }}
              value={reason ?? undefined}
              loading={reasons.isLoading}
              onChange={setReason}
              options={(reasons.data?.reasons ?? []).map((r) => ({ value: r, label: r }))}
            />
          </>
        ) : (
          <Input
            aria-label="Note (optional)"
            placeholder="Note (optional)"
            maxLength={200}
            value={reason ?? ''}
            onChange={(e) => setReason(e.target.value || null)}
          />
        )}
        <div style={{ marginTop: 12 }}>
          <FormFailure text={failure} />
        </div>
      </Modal>
    </Card>
  );
}

export function TransferCard({ provider }: { provider: ProviderDetail }) {
  const targets = useQuery(providerDetailQueries.transferTargets());
  const [userId, setUserId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const transfer = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      await providerDetailCalls.transfer(provider.id, { userId, version: provider.version });
      publishToast(CLINICIAN_SAVED);
      setUserId(undefined);
      refresh('provider');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Transfer" style={{ maxWidth: 460 }}>
      <p>
        Managed by <Typography.Text strong>{provider.careCoordinator?.name ?? 'nobody yet'}</Typography.Text>
      </p>
      <Flex gap={8} wrap>
        <Select
          aria-label="Transfer to"
          placeholder="Clinician manager or care coordinator"
          style={{ width: 280 }}
          value={userId}
          onChange={setUserId}
          showSearch={{ optionFilterProp: 'label' }}
          loading={targets.isLoading}
          options={(targets.data?.users ?? [])
            .filter((u) => u.id !== provider.careCoordinator?.id)
            .map((u) => ({ value: u.id, label: `${u.name} (${u.role.toLowerCase()})` }))}
        />
        <Button disabled={!userId} loading={busy} onClick={() => void transfer()}>
          Transfer
        </Button>
      </Flex>
    </Card>
  );
}

type RateRow = {
  visitTypeId: number;
  amount: number | null;
  specialRate: number | null;
  incrementalRate: number | null;
};
const RATE_LABELS: FieldLabels = { rates: 'Rates' };

function RatesForm({ providerId, list }: { providerId: number; list: ProviderRateList }) {
  const [form] = Form.useForm<{ rates: RateRow[] }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const given = new Map(list.rows.map((r) => [r.visitTypeId, r]));
  const initial: RateRow[] = list.visitTypes.map((t) => ({
    visitTypeId: t.id,
    amount: given.get(t.id)?.amount ?? null,
    specialRate: given.get(t.id)?.specialRate ?? null,
    incrementalRate: given.get(t.id)?.incrementalRate ?? null,
  }));
  const typeOf = new Map(list.visitTypes.map((t) => [t.id, t]));

  const submit = async ({ rates }: { rates: RateRow[] }) => {
    setBusy(true);
    setFailure(null);
    try {
      await providerDetailCalls.saveRates(providerId, {
        rates: rates
          .map((r, i) => ({ ...r, visitTypeId: initial[i]!.visitTypeId }))
          .filter((r) => r.amount !== null && r.amount !== undefined)
          .map((r) => ({
            visitTypeId: r.visitTypeId,
            amount: r.amount!,
            specialRate: r.specialRate ?? null,
            incrementalRate: r.incrementalRate ?? null,
          })),
        version: list.version,
      });
      publishToast(CLINICIAN_SAVED);
      refresh('provider');
    } catch (error) {
      showSaveFailure(form, error, CLINICIAN_THING_NAME, setFailure, RATE_LABELS);
    } finally {
      setBusy(false);
    }
  };

  const money = (label: string) => (
    <InputNumber aria-label={label} prefix="$" precision={2} style={{ width: 120 }} />
  );
  return (
    <Form form={form} initialValues={{ rates: initial }} onFinish={(v) => void submit(v)}>
      <Form.List name="rates">
        {(fields) => (
          <table style={{ borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left', paddingRight: 12 }}>Visit type</th>
                <th style={{ textAlign: 'left' }}>Rate</th>
                <th style={{ textAlign: 'left' }}>Special</th>
                <th style={{ textAlign: 'left' }}>Incremental</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, i) => {
                const type = typeOf.get(initial[i]!.visitTypeId)!;
                const name = `${type.type} (${type.unit})`;
                return (
                  <tr key={field.key}>
                    <td style={{ paddingRight: 12 }}>{name}</td>
                    <td>
                      <Form.Item name={[field.name, 'amount']} style={{ margin: 4 }}>
                        {money(`Rate for ${type.type}`)}
                      </Form.Item>
                    </td>
                    <td>
                      <Form.Item name={[field.name, 'specialRate']} style={{ margin: 4 }}>
                        {money(`Special rate for ${type.type}`)}
                      </Form.Item>
                    </td>
                    <td>
                      <Form.Item name={[field.name, 'incrementalRate']} style={{ margin: 4 }}>
                        {money(`Incremental rate for ${type.type}`)}
                      </Form.Item>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Form.List>
      <div style={{ marginTop: 12 }}>
        <FormFailure text={failure} />
        <Button type="primary" htmlType="submit" loading={busy}>
          Save rates
        </Button>
      </div>
    </Form>
  );
}

export function RatesCard({ providerId }: { providerId: number }) {
  const rates = useQuery(providerDetailQueries.rates(providerId));
  const loaded = loadState(rates, 'the rates', { keepStale: true });
  return (
    <Card title="Rates" style={{ maxWidth: 860 }}>
      {loaded.data ? (
        <RatesForm key={loaded.data.version} providerId={providerId} list={loaded.data} />
      ) : (
        loaded.fallback
      )}
    </Card>
  );
}

const isoOf = (date: Date | null | undefined) => (date ? dayjs(date).format('YYYY-MM-DD') : null);

export function VacationsCard({ providerId }: { providerId: number }) {
  const vacations = useQuery(providerDetailQueries.vacations(providerId));
  const [form] = Form.useForm<{ startDate: Date | null; endDate: Date | null }>();
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = loadState(vacations, 'the vacations', { keepStale: true });

  const add = async (values: { startDate: Date | null; endDate: Date | null }) => {
    setFailure(null);
    try {
      await providerDetailCalls.addVacation(providerId, {
        startDate: isoOf(values.startDate)!,
        endDate: isoOf(values.endDate)!,
      });
      publishToast(CLINICIAN_SAVED);
      form.resetFields();
      refresh('provider');
    } catch (error) {
      showSaveFailure(form, error, CLINICIAN_THING_NAME, setFailure, {
        startDate: 'Start',
        endDate: 'End',
      });
    }
  };
  const remove = async (id: number) => {
    try {
      await providerDetailCalls.deleteVacation(providerId, id);
      publishToast(CLINICIAN_SAVED);
      refresh('provider');
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Card title="Vacations" style={{ maxWidth: 560 }}>
      {loaded.data ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={loaded.data.rows}
          locale={{ emptyText: 'No vacations.' }}
          columns={[
            { title: 'From', render: (_v, row) => formatDate(row.startDate) },
            { title: 'To', render: (_v, row) => formatDate(row.endDate) },
            {
              title: '',
              render: (_v, row) => (
                <Button
                  size="small"
                  aria-label={`Delete vacation ${formatDate(row.startDate)}`}
                  onClick={() => void remove(row.id)}
                >
                  Delete
                </Button>
              ),
            },
          ]}
        />
      ) : (
        loaded.fallback
      )}
      <Form form={form} layout="inline" style={{ marginTop: 12 }} onFinish={(v) => void add(v)}>
        <Form.Item
          name="startDate"
          label="Start"
          rules={[{ required: true, message: 'Enter the first day.' }]}
        >
          <DateInput aria-label="Start" />
        </Form.Item>
        <Form.Item
          name="endDate"
          label="End"
          dependencies={['startDate']}
          rules={[
            { required: true, message: 'Enter the last day.' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: Date | null) => {
                const start = getFieldValue('startDate') as Date | null;
                return start && value && dayjs(value).isBefore(dayjs(start), 'day')
                  ? Promise.reject(new Error('The end must be on or after the start.'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DateInput aria-label="End" />
        </Form.Item>
        <Button htmlType="submit">Add vacation</Button>
      </Form>
      <FormFailure text={failure} />
    </Card>
  );
}

export function RatingDetailsCard({ provider }: { provider: ProviderDetail }) {
  const d = provider.ratingDetails;
  // The badge's tooltip parts from the one rule (decision 026) over the recorded counters.
  const { assignmentsReliability, notesReliability, satisfaction } = ratingFromDetails(d);
  return (
    <Card
      title="Rating details"
      style={{ maxWidth: 560 }}
      extra={
        <Flex gap={8} align="center">
          <RatingBadge
            rating={provider.rating}
            details={{ assignmentsReliability, notesReliability, satisfaction }}
          />
          <EngagementDot lastLogin={provider.lastLogin} />
        </Flex>
      }
    >
      <Descriptions size="small" column={2} bordered>
        {PROVIDER_RATING_DETAIL_FIELDS.map((field) => (
          <Descriptions.Item key={field.key} label={field.label}>
            {typeof d[field.key] === 'number' ? String(d[field.key]) : '—'}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

const shown = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export function ActivityCard({ providerId }: { providerId: number }) {
  const [pageNumber, setPageNumber] = useState(1);
  const activity = useQuery(providerDetailQueries.activity(providerId, pageNumber));
  const loaded = loadState(activity, 'the activity', { keepStale: true });
  return (
    <Card title="Activity" style={{ maxWidth: 1100 }}>
      {loaded.data ? (
        <Table
          size="small"
          rowKey="id"
          dataSource={loaded.data.rows}
          loading={activity.isFetching}
          pagination={{
            current: pageNumber,
            pageSize: loaded.data.paging.pageSize,
            total: loaded.data.paging.totalCount,
            showSizeChanger: false,
            onChange: setPageNumber,
          }}
          columns={[
            { title: 'When', render: (_v, row) => dayjs(row.at).format('M/D/YYYY h:mm A') },
            { title: 'Who', render: (_v, row) => row.userEmail ?? 'System' },
            { title: 'What', render: (_v, row) => `${row.entity} ${row.action.toLowerCase()}` },
            {
              title: 'Changes',
              render: (_v, row) =>
                row.changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('; '),
            },
          ]}
        />
      ) : (
        loaded.fallback
      )}
    </Card>
  );
}
