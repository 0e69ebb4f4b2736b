import {
  PAGE_SIZES,
  auditActionSchema,
  auditListResponseSchema,
  defaultDateRange,
  formatDateTime,
  type AuditEntry,
} from '@carelane/shared-domain';
import { apiClient, errorMessage, useUrlState } from '@carelane/shared-session';
import { DataTable, DateRangeFilter, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { z } from 'zod';

/** Filters in the URL; the date range defaults to the last 30 days (SPEC §9), 100 rows a page. */
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  start: z.coerce.date().default(() => defaultDateRange('auditLogs').start),
  end: z.coerce.date().default(() => defaultDateRange('auditLogs').end),
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  action: auditActionSchema.optional(),
  userId: z.coerce.number().int().optional(),
  patientId: z.coerce.number().int().optional(),
});

/** A READ entry's patients: a few ids, then how many more. */
function patientsOf(ids: number[] | null): string {
  if (!ids || ids.length === 0) return '—';
  const shown = ids
    .slice(0, 5)
    .map((id) => `#${id}`)
    .join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

const columns: TableColumnsType<AuditEntry> = [
  { title: 'When', dataIndex: 'at', key: 'at', render: formatDateTime, width: 190 },
  {
    title: 'Who',
    key: 'who',
    render: (_value, entry) => (
      <>
        {entry.userEmail ?? (entry.userId !== null ? `#${entry.userId}` : 'Someone not signed in')}
        {entry.impersonatorId !== null ? (
          <Typography.Text type="secondary"> (switched, by #{entry.impersonatorId})</Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: 'Action',
    dataIndex: 'action',
    key: 'action',
    render: (action: string, entry) => (
      <>
        <Tag>{action}</Tag>
        {entry.outcome === 'REFUSED' ? <Tag color="error">REFUSED</Tag> : null}
      </>
    ),
  },
  { title: 'What', dataIndex: 'entity', key: 'entity' },
  { title: 'Id', dataIndex: 'entityId', key: 'entityId', render: (id: string | null) => id ?? '—' },
  { title: 'Patients', dataIndex: 'patientIds', key: 'patientIds', render: patientsOf },
  {
    title: 'Changes',
    dataIndex: 'diff',
    key: 'diff',
    render: (diff: AuditEntry['diff']) => (diff ? Object.keys(diff).join(', ') : '—'),
  },
  { title: 'IP', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? '—' },
];

function DiffDetails({ entry }: { entry: AuditEntry }) {
  if (!entry.diff) return <Typography.Text type="secondary">No field changes recorded.</Typography.Text>;
  return (
    <table className="carelane-audit-diff">
      <thead>
        <tr>
          <th align="left">Field</th>
          <th align="left">Before</th>
          <th align="left">After</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(entry.diff).map(([field, change]) => (
          <tr key={field}>
            <td>{field}</td>
            <td>
              <Typography.Text code>{JSON.stringify(change.before)}</Typography.Text>
            </td>
            <td>
              <Typography.Text code>{JSON.stringify(change.after)}</Typography.Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AuditLogsPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const audit = useQuery({
    queryKey: ['audit', 'list', filters],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/audit', auditListResponseSchema, {
        searchParams: {
          pageNumber: filters.pageNumber,
          pageSize: PAGE_SIZES.audit,
          startDate: filters.start.toISOString(),
          endDate: filters.end.toISOString(),
          entity: filters.entity,
          entityId: filters.entityId,
          action: filters.action,
          userId: filters.userId,
          patientId: filters.patientId,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
  });

  return (
    <PageFrame title="Audit logs" subtitle="Every write, every sign-in and every read of patient data.">
      <Flex gap={8} wrap align="flex-start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Audit date range"
          value={{ start: filters.start, end: filters.end }}
          onChange={(range) => setFilters({ start: range.start, end: range.end, pageNumber: null })}
        />
        <Select
          aria-label="Action"
          placeholder="Any action"
          allowClear
          value={filters.action}
          options={auditActionSchema.options.map((action) => ({ value: action, label: action }))}
          onChange={(action?: string) => setFilters({ action: action ?? null, pageNumber: null })}
          style={{ width: 170 }}
        />
        <Input.Search
          aria-label="Entity"
          placeholder="What (user, patient…)"
          allowClear
          defaultValue={filters.entity}
          onSearch={(entity) => setFilters({ entity: entity.trim() || null, pageNumber: null })}
          style={{ width: 200 }}
        />
        <Input.Search
          aria-label="Entity id"
          placeholder="Id"
          allowClear
          defaultValue={filters.entityId}
          onSearch={(entityId) => setFilters({ entityId: entityId.trim() || null, pageNumber: null })}
          style={{ width: 140 }}
        />
        <Input.Search
          aria-label="User id"
          placeholder="User id"
          allowClear
          defaultValue={filters.userId?.toString()}
          onSearch={(userId) =>
            setFilters({ userId: /^\d+$/.test(userId.trim()) ? userId.trim() : null, pageNumber: null })
          }
          style={{ width: 140 }}
        />
        <Input.Search
          aria-label="Patient id"
          placeholder="Patient id"
          allowClear
          defaultValue={filters.patientId?.toString()}
          onSearch={(patientId) =>
            setFilters({
              patientId: /^\d+$/.test(patientId.trim()) ? patientId.trim() : null,
              pageNumber: null,
            })
          }
          style={{ width: 140 }}
        />
      </Flex>
      {audit.isError ? (
        <ErrorState
          message={errorMessage(audit.error, 'the audit logs', 'loaded')}
          onRetry={() => void audit.refetch()}
        />
      ) : (
        <DataTable<AuditEntry>
          ariaLabel="Audit logs"
          rows={audit.data?.auditList ?? []}
          totalCount={audit.data?.auditCount ?? 0}
          totalCountIsCapped={audit.data?.paging.totalCountIsCapped}
          pageNumber={filters.pageNumber}
          pageSize={PAGE_SIZES.audit}
          pageSizeOptions={[PAGE_SIZES.audit]}
          loading={audit.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="Nothing was recorded with these filters."
          onPageChange={(pageNumber) => setFilters({ pageNumber })}
        />
      )}
      {audit.data && audit.data.auditList.length > 0 ? (
        <details style={{ marginTop: 16 }}>
          <summary>Field changes of this page</summary>
          {audit.data.auditList
            .filter((entry) => entry.diff)
            .map((entry) => (
              <div key={entry.id} style={{ marginTop: 8 }}>
                <Typography.Text strong>
                  {formatDateTime(entry.at)} · {entry.action} {entry.entity} {entry.entityId ?? ''}
                </Typography.Text>
                <DiffDetails entry={entry} />
              </div>
            ))}
        </details>
      ) : null}
    </PageFrame>
  );
}
