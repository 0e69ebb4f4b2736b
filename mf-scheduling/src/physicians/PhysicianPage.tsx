import {
  formatDate,
  physicianSchema,
  type Physician,
  type PhysicianEpisode,
  type PhysicianInput,
} from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  navigateTo,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import {
  DataTable,
  NameFields,
  PageFrame,
  PhoneInput,
  RECORD_STATUS_OPTIONS,
  ListResults,
  loadState,
  AddressFields,
  AreaLink,
  FormFailure,
  nullIfBlank,
  refresh,
  useIdParam,
  useSaveCall,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, type TableColumnsType } from 'antd';
import { z } from 'zod';
import type { FieldLabels } from '@carelane/shared-ui';
import { physicianQueries } from './physician-queries';

/** Our text: SPEC §8 lists physician save failures but gives no success toast for them. */
export const PHYSICIAN_SAVED = 'Physician saved.';

/** API keys whose form label is not their humanized name. */
const PHYSICIAN_FIELD_LABELS: FieldLabels = { npi: 'NPI', phoneNumber: 'Phone' };

type PhysicianForm = PhysicianInput;

function PhysicianDetails({ physician, readOnly }: { physician: Physician | null; readOnly: boolean }) {
  const [form] = Form.useForm<PhysicianForm>();
  const { busy, failure, save } = useSaveCall(form, 'physician', PHYSICIAN_FIELD_LABELS);

  const submit = (values: PhysicianForm) =>
    save(async () => {
      const body = nullIfBlank({
        ...values,
        latitude: values.latitude === undefined || values.latitude === null ? null : Number(values.latitude),
        longitude:
          values.longitude === undefined || values.longitude === null ? null : Number(values.longitude),
      });
      const saved = physician
        ? await apiClient.put(
            `/api/admin/physicians/${physician.id}`,
            { ...body, status: values.status ?? physician.status, version: physician.version },
            physicianSchema,
          )
        : await apiClient.post(
            '/api/admin/physicians',
            { ...body, status: values.status ?? 'ACTIVE' },
            physicianSchema,
          );
      publishToast(PHYSICIAN_SAVED);
      refresh('physician');
      if (!physician) navigateTo(`/physician?id=${saved.id}`);
    });

  return (
    <Card title="Details" style={{ maxWidth: 760 }}>
      <Form<PhysicianForm>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={physician ?? { status: 'ACTIVE' }}
        onFinish={(values) => void submit(values)}
      >
        <NameFields />
        <Flex gap={16} wrap>
          <Form.Item
            label="NPI"
            name="npi"
            rules={[{ pattern: /^\d{10}$/, message: 'The NPI is 10 digits.' }]}
            style={{ width: 200 }}
          >
            <Input inputMode="numeric" maxLength={10} />
          </Form.Item>
          <Form.Item label="Specialty" name="specialty" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item label="Phone" name="phoneNumber" style={{ flex: 1 }}>
            <PhoneInput />
          </Form.Item>
          <Form.Item label="Fax" name="fax" style={{ flex: 1 }}>
            <PhoneInput />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ type: 'email', message: 'Enter a valid email address.' }]}
        >
          <Input type="email" />
        </Form.Item>
        <AddressFields form={form} />
        <Form.Item label="Status" name="status">
          <Select style={{ width: 160 }} options={RECORD_STATUS_OPTIONS} />
        </Form.Item>
        <FormFailure text={failure} />
        {readOnly ? null : (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {physician ? 'Save' : 'Create physician'}
            </Button>
            <Button onClick={() => navigateTo('/physicians')}>Back to physicians</Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}

const episodePageSchema = z.object({ requestsPage: z.coerce.number().int().min(1).default(1) });

const episodeColumns: TableColumnsType<PhysicianEpisode> = [
  {
    title: 'Service request',
    key: 'title',
    render: (_value, row) => <AreaLink to={`/episode?id=${row.id}`}>{row.title}</AreaLink>,
  },
  {
    title: 'Patient',
    dataIndex: 'patientName',
    key: 'patientName',
    render: (name: string | null) => name ?? '—',
  },
  { title: 'Organization', dataIndex: 'referralSourceName', key: 'referralSourceName' },
  { title: 'Type', dataIndex: 'episodeType', key: 'episodeType' },
  { title: 'Status', dataIndex: 'status', key: 'status' },
  {
    title: 'Dates',
    key: 'dates',
    render: (_value, row) =>
      `${formatDate(row.startDate)} – ${row.endDate ? formatDate(row.endDate) : 'open'}`,
  },
];

function PhysicianEpisodes({ physicianId }: { physicianId: number }) {
  const [{ requestsPage }, setPage] = useUrlState(episodePageSchema);
  const episodes = useQuery(physicianQueries.episodes(physicianId, requestsPage));
  return (
    <Card title="Service requests" style={{ maxWidth: 1100 }}>
      <ListResults query={episodes} thing="the service requests">
        <DataTable<PhysicianEpisode>
          ariaLabel="Service requests of this physician"
          rows={episodes.data?.rows ?? []}
          totalCount={episodes.data?.paging.totalCount ?? 0}
          pageNumber={requestsPage}
          pageSize={10}
          pageSizeOptions={[10]}
          loading={episodes.isFetching}
          columns={episodeColumns}
          rowKey="id"
          emptyText="No service requests name this physician."
          onPageChange={(pageNumber) => setPage({ requestsPage: pageNumber })}
        />
      </ListResults>
    </Card>
  );
}

/** `/physician?id=…` shows and edits a physician with their service requests; `/physician` alone creates one. */
export default function PhysicianPage() {
  const session = useSession();
  const id = useIdParam();
  const physician = useQuery({ ...physicianQueries.one(id ?? 0), enabled: id !== undefined });
  const readOnly = !canOpen(session, 'physicians');

  if (id === undefined) {
    return (
      <PageFrame title="New physician">
        <PhysicianDetails physician={null} readOnly={readOnly} />
      </PageFrame>
    );
  }
  const loaded = loadState(physician, 'the physician', { keepStale: true });
  if (!loaded.data) return <PageFrame title="Physician">{loaded.fallback}</PageFrame>;
  const p = loaded.data;
  return (
    <PageFrame
      title={`Dr. ${p.firstName} ${p.lastName}`}
      subtitle={[p.specialty, p.npi && `NPI ${p.npi}`].filter(Boolean).join(' · ')}
    >
      <Flex vertical gap={16}>
        <PhysicianDetails key={`${p.id}:${p.version}`} physician={p} readOnly={readOnly} />
        <PhysicianEpisodes physicianId={p.id} />
      </Flex>
    </PageFrame>
  );
}
