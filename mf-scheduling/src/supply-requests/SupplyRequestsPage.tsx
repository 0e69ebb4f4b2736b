import {
  PROVIDER_TYPES,
  SUPPLY_REQUEST_STATUSES,
  defaultDateRange,
  formatDate,
  isOrganizationRole,
  supplyRequestListResponseSchema,
  supplyRequestSchema,
  supplyRequestStatusLabel,
  type SupplyRequest,
  type SupplyRequestInput,
  type SupplyRequestStatus,
} from '@carelane/shared-domain';
import { apiClient, publishToast, useSession, useUrlState } from '@carelane/shared-session';
import {
  AddressAutocomplete,
  DateRangeFilter,
  PageFrame,
  listFilterFields,
  ListTable,
  FormFailure,
  lookUpZipcode,
  nullIfBlank,
  refresh,
  useSaveCall,
  STATE_CODE_RULE,
} from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { referralSourceQueries } from '../referral-sources/referral-source-queries';

/** Our text: SPEC §8 has no supply request toast. */
export const SUPPLY_REQUEST_SAVED = 'Supply request saved.';

const STATUS_COLORS: Record<SupplyRequestStatus, string> = {
  Open: 'blue',
  InProgress: 'gold',
  Fulfilled: 'green',
  Cancelled: 'default',
};
const statusOptions = SUPPLY_REQUEST_STATUSES.map((status) => ({
  value: status,
  label: supplyRequestStatusLabel(status),
}));

/** Filters in the URL; the creation range defaults to the last 90 days (SPEC §9). */
const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum(SUPPLY_REQUEST_STATUSES).optional(),
  referralSourceId: z.coerce.number().int().positive().optional(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
});
type Filters = z.output<typeof filtersSchema>;

const supplyRequestList = (filters: Filters & { startDate: string; endDate: string }) =>
  queryOptions({
    queryKey: ['supplyRequest', 'list', filters],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/supplyRequests', supplyRequestListResponseSchema, {
        searchParams: filters,
        signal,
      }),
    placeholderData: (previous) => previous,
  });

type RequestForm = SupplyRequestInput;

function SupplyRequestModal({
  request,
  staff,
  onClose,
}: {
  request: SupplyRequest | null;
  staff: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RequestForm>();
  const { busy, failure, save } = useSaveCall(form, 'supply request');
  const organizations = useQuery({ ...referralSourceQueries.choices(), enabled: staff });

  const submit = (values: RequestForm) =>
    save(async () => {
      const body = { ...nullIfBlank(values), notes: values.notes ?? '' };
      if (!staff) delete body.referralSourceId;
      if (request) {
        await apiClient.put(
          `/api/admin/supplyRequests/${request.id}`,
          { ...body, version: request.version },
          supplyRequestSchema,
        );
      } else {
        await apiClient.post('/api/admin/supplyRequests', body, supplyRequestSchema);
      }
      publishToast(SUPPLY_REQUEST_SAVED);
      refresh('supplyRequest');
      onClose();
    });

  return (
    <Modal
      open
      title={request ? 'Edit supply request' : 'New supply request'}
      okText="Save"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RequestForm>
        form={form}
        layout="vertical"
        initialValues={request ?? { requestedCount: 1, status: 'Open' }}
        onFinish={(values) => void submit(values)}
      >
        {staff ? (
          <Form.Item label="Organization" name="referralSourceId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="None (Carelane's own need)"
              options={(organizations.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Provider type"
          name="providerTypeId"
          rules={[{ required: true, message: 'Choose a provider type.' }]}
        >
          <Select options={PROVIDER_TYPES.map((type) => ({ value: type.id, label: type.type }))} />
        </Form.Item>
        <Form.Item
          label="Area"
          extra="Pick an address to fill in the ZIP code, city and state, or type them."
        >
          <AddressAutocomplete
            ariaLabel="Area"
            onSelect={(address) =>
              form.setFieldsValue({ zipcode: address.zipcode, city: address.city, state: address.state })
            }
          />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            label="ZIP code"
            name="zipcode"
            rules={[
              { required: true, message: 'Enter a ZIP code.' },
              { pattern: /^\d{5}(-\d{4})?$/, message: 'Enter a 5-digit ZIP code.' },
            ]}
            style={{ width: 130 }}
          >
            <Input
              inputMode="numeric"
              onBlur={(event) => {
                const zipcode = event.target.value;
                if (form.getFieldValue('city')) return;
                void lookUpZipcode(zipcode).then((place) => {
                  if (place && form.getFieldValue('zipcode') === zipcode)
                    form.setFieldsValue({ city: place.city, state: place.state });
                });
              }}
            />
          </Form.Item>
          <Form.Item label="City" name="city" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item label="State" name="state" rules={[STATE_CODE_RULE]} style={{ width: 80 }}>
            <Input maxLength={2} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item
            label="Clinicians needed"
            name="requestedCount"
            rules={[{ required: true }]}
            style={{ width: 160 }}
          >
            <InputNumber min={1} max={500} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Status" name="status" style={{ width: 160 }}>
            <Select options={statusOptions} />
          </Form.Item>
        </Flex>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}

/** `/supplyRequest`: asks for more clinicians of a type around a ZIP code, and their progress. */
export default function SupplyRequestsPage() {
  const session = useSession();
  const staff = session ? !isOrganizationRole(session.user.roleId) : false;
  const [filters, setFilters] = useUrlState(filtersSchema);
  const [fallback] = useState(() => defaultDateRange('supplyRequest'));
  const range = {
    start: filters.startDate ? new Date(filters.startDate) : fallback.start,
    end: filters.endDate ? new Date(filters.endDate) : fallback.end,
  };
  const requests = useQuery(
    supplyRequestList({ ...filters, startDate: range.start.toISOString(), endDate: range.end.toISOString() }),
  );
  const organizations = useQuery({ ...referralSourceQueries.choices(), enabled: staff });
  const [editing, setEditing] = useState<SupplyRequest | 'new' | null>(null);

  const columns: TableColumnsType<SupplyRequest> = [
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDate(at) },
    { title: 'Provider type', dataIndex: 'providerType', key: 'providerType' },
    {
      title: 'Area',
      key: 'area',
      render: (_v, row) =>
        [row.zipcode, [row.city, row.state].filter(Boolean).join(', ')].filter(Boolean).join(' · '),
    },
    { title: 'Needed', dataIndex: 'requestedCount', key: 'requestedCount' },
    ...(staff
      ? [
          {
            title: 'Organization',
            dataIndex: 'referralSourceName',
            key: 'org',
            render: (t: string | null) => t ?? '—',
          },
        ]
      : []),
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: SupplyRequestStatus) => (
        <Tag color={STATUS_COLORS[status]}>{supplyRequestStatusLabel(status)}</Tag>
      ),
    },
    { title: 'Notes', dataIndex: 'notes', key: 'notes', ellipsis: true },
    {
      title: 'Edit',
      key: 'edit',
      render: (_v, row) => (
        <Button
          size="small"
          aria-label={`Edit the request of ${formatDate(row.createdAt)}`}
          onClick={() => setEditing(row)}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <PageFrame
      title="Supply requests"
      actions={
        <Button type="primary" onClick={() => setEditing('new')}>
          New supply request
        </Button>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <DateRangeFilter
          label="Created between"
          value={range}
          onChange={(next) =>
            setFilters({
              startDate: next.start.toISOString(),
              endDate: next.end.toISOString(),
              pageNumber: null,
            })
          }
        />
        <Select
          aria-label="Status"
          placeholder="Any status"
          allowClear
          value={filters.status}
          options={statusOptions}
          onChange={(status?: string) => setFilters({ status: status ?? null, pageNumber: null })}
          style={{ width: 160 }}
        />
        {staff ? (
          <Select
            aria-label="Organization"
            placeholder="Any organization"
            allowClear
            showSearch
            optionFilterProp="label"
            value={filters.referralSourceId}
            options={(organizations.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
            onChange={(id?: number) => setFilters({ referralSourceId: id ?? null, pageNumber: null })}
            style={{ width: 240 }}
          />
        ) : null}
      </Flex>
      <ListTable<SupplyRequest>
        query={requests}
        thing="the supply requests"
        label="Supply requests"
        columns={columns}
        emptyText="No supply requests in this range."
        filters={filters}
        setFilters={setFilters}
      />
      {editing ? (
        <SupplyRequestModal
          request={editing === 'new' ? null : editing}
          staff={staff}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageFrame>
  );
}
