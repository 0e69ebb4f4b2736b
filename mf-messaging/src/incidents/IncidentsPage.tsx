// `/incidents` (docs/decisions/060-tasks-incidents.md): incident reports, filtered in the URL (status, severity, the
// days they happened: the organization's incidentsDateRange or the last 30 days, said by the server); staff report
// and edit one in a drawer ('Incident report saved.') and close it after confirmation ('Incident report closed.');
// organization users read their own organization's.
import {
  INCIDENT_MESSAGES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUS_FILTERS,
  incidentListSchema,
  incidentResultSchema,
  isOrganizationRole,
  type Incident,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import { FormFailure, ListTable, PageFrame, refresh, useBusy, useSaveCall } from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Popconfirm, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';

const ENTITY = 'incidentReport';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(INCIDENT_STATUS_FILTERS).default('All'),
  severity: z.enum(INCIDENT_SEVERITIES).optional(),
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
});
type Filters = z.infer<typeof filtersSchema>;

const incidentList = (filters: Filters) =>
  queryOptions({
    queryKey: [ENTITY, 'list', filters],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/incidentReports', incidentListSchema, { searchParams: filters, signal }),
    placeholderData: (previous) => previous,
  });

const SEVERITY_COLORS: Record<string, string> = {
  Low: 'default',
  Medium: 'gold',
  High: 'orange',
  Critical: 'red',
};

type IncidentForm = {
  description: string;
  occurredAt: string;
  severity: string;
  involved?: string;
  followUp?: string;
};

function IncidentDrawer({ incident, onClose }: { incident: Incident | null; onClose: () => void }) {
  const [form] = Form.useForm<IncidentForm>();
  const { busy, failure, save } = useSaveCall(form, 'incident report');
  const submit = (values: IncidentForm) =>
    save(async () => {
      const body = { ...values, occurredAt: new Date(values.occurredAt).toISOString() };
      if (incident)
        await apiClient.put(
          `/api/admin/incidentReports/${incident.id}`,
          {
            ...body,
            providerId: incident.providerId,
            visitId: incident.visitId,
            referralSourceId: incident.referralSourceId,
            version: incident.version,
          },
          incidentResultSchema,
        );
      else await apiClient.post('/api/admin/incidentReports', body, incidentResultSchema);
      publishToast(INCIDENT_MESSAGES.saved);
      refresh(ENTITY);
      onClose();
    });
  return (
    <Drawer
      open
      title={incident ? 'Edit incident report' : 'Report an incident'}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={() => form.submit()}>
          Save report
        </Button>
      }
    >
      <Form<IncidentForm>
        form={form}
        layout="vertical"
        initialValues={
          incident
            ? {
                description: incident.description,
                occurredAt: dayjs(incident.occurredAt).format('YYYY-MM-DDTHH:mm'),
                severity: incident.severity,
                involved: incident.involved ?? undefined,
                followUp: incident.followUp ?? undefined,
              }
            : { severity: 'Low' }
        }
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="What happened"
          name="description"
          rules={[{ required: true, message: 'Describe it.' }]}
        >
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
        <Form.Item
          label="When"
          name="occurredAt"
          rules={[{ required: true, message: 'Enter when it happened.' }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label="Severity" name="severity">
          <Select options={INCIDENT_SEVERITIES.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item label="Who was involved" name="involved">
          <Input maxLength={1000} />
        </Form.Item>
        <Form.Item label="Follow-up" name="followUp">
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Drawer>
  );
}

function CloseIncident({ incident }: { incident: Incident }) {
  const { busy, run } = useBusy();
  const close = () =>
    run(async () => {
      try {
        await apiClient.post(
          `/api/admin/incidentReports/${incident.id}/close`,
          { version: incident.version },
          incidentResultSchema,
        );
        publishToast(INCIDENT_MESSAGES.closed);
        refresh(ENTITY);
      } catch (error) {
        publishErrorToast(errorMessage(error, 'incident report', 'saved'));
      }
    });
  return (
    <Popconfirm title="Close this incident report?" okText="Close report" onConfirm={close}>
      <Button size="small" loading={busy}>
        Close
      </Button>
    </Popconfirm>
  );
}

/** `/incidents` */
export default function IncidentsPage() {
  const session = useSession();
  const handler = !!session && !isOrganizationRole(session.user.roleId);
  const [filters, setFilters] = useUrlState(filtersSchema);
  const incidents = useQuery(incidentList(filters));
  const [editing, setEditing] = useState<Incident | 'new' | null>(null);
  const period = incidents.data?.period;

  const columns: TableColumnsType<Incident> = [
    {
      title: 'When',
      dataIndex: 'occurredAt',
      key: 'when',
      render: (at: string) => dayjs(at).format('M/D/YYYY h:mm A'),
    },
    {
      title: 'Severity',
      dataIndex: 'severity',
      key: 'severity',
      render: (s: string) => <Tag color={SEVERITY_COLORS[s]}>{s}</Tag>,
    },
    { title: 'What happened', dataIndex: 'description', key: 'description' },
    { title: 'Organization', key: 'org', render: (_v, i) => i.organizationName ?? '—' },
    { title: 'Reported by', dataIndex: 'reporterName', key: 'reporter' },
    { title: 'Status', key: 'status', render: (_v, i) => (i.closedAt ? 'Closed' : 'Open') },
    {
      title: 'Actions',
      key: 'actions',
      render: (_v, i) =>
        handler && !i.closedAt ? (
          <Flex gap={4}>
            <Button size="small" onClick={() => setEditing(i)}>
              Edit
            </Button>
            <CloseIncident incident={i} />
          </Flex>
        ) : null,
    },
  ];

  return (
    <PageFrame
      title="Incidents"
      actions={
        handler ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            Report an incident
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="Status"
          value={filters.status}
          options={INCIDENT_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
          onChange={(status: string) => setFilters({ status, pageNumber: null })}
          style={{ width: 120 }}
        />
        <Select
          aria-label="Severity"
          placeholder="Any severity"
          allowClear
          value={filters.severity}
          options={INCIDENT_SEVERITIES.map((s) => ({ value: s, label: s }))}
          onChange={(severity?: string) => setFilters({ severity: severity ?? null, pageNumber: null })}
          style={{ width: 150 }}
        />
        <Input
          type="date"
          aria-label="Happened from"
          value={filters.from ?? period?.from ?? ''}
          onChange={(e) => setFilters({ from: e.target.value || null, pageNumber: null })}
          style={{ width: 170 }}
        />
        <Input
          type="date"
          aria-label="Happened to"
          value={filters.to ?? period?.to ?? ''}
          onChange={(e) => setFilters({ to: e.target.value || null, pageNumber: null })}
          style={{ width: 170 }}
        />
      </Flex>
      <ListTable<Incident>
        query={incidents}
        thing="the incident reports"
        label="Incident reports"
        columns={columns}
        emptyText="No incident reports match these filters."
        filters={filters}
        setFilters={setFilters}
      />
      {editing ? (
        <IncidentDrawer incident={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </PageFrame>
  );
}
