import { outboxListResponseSchema, type OutboxMessage } from '@carelane/shared-domain';
import { apiClient, errorMessage, useUrlState } from '@carelane/shared-session';
import { DataTable, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { z } from 'zod';

const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  channel: z.enum(['email', 'sms']).optional(),
  to: z.string().trim().max(254).optional(),
});

const STATUS_COLORS: Record<OutboxMessage['status'], string> = {
  PENDING: 'gold',
  SENDING: 'blue',
  SENT: 'green',
  FAILED: 'red',
};

const columns: TableColumnsType<OutboxMessage> = [
  {
    title: 'Created',
    dataIndex: 'createdAt',
    key: 'createdAt',
    render: (at: string) => new Date(at).toLocaleString('en-US'),
  },
  {
    title: 'Channel',
    dataIndex: 'channel',
    key: 'channel',
    render: (channel: string) => channel.toUpperCase(),
  },
  { title: 'To', dataIndex: 'to', key: 'to' },
  {
    title: 'Subject',
    dataIndex: 'subject',
    key: 'subject',
    render: (subject: string | null) => subject ?? '—',
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: OutboxMessage['status'], message) => (
      <>
        <Tag color={STATUS_COLORS[status]}>{status}</Tag>
        {message.lastError ? <Typography.Text type="danger">{message.lastError}</Typography.Text> : null}
      </>
    ),
  },
  { title: 'Tries', dataIndex: 'attempts', key: 'attempts' },
];

/** Administrators read the email and SMS the system sent (or recorded, without a provider). */
export function OutboxPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const outbox = useQuery({
    queryKey: ['outbox', 'list', filters],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/outbox', outboxListResponseSchema, { searchParams: filters, signal }),
    placeholderData: (previous) => previous,
  });
  return (
    <PageFrame title="Outbox" subtitle="Email and SMS sent by Carelane, newest first.">
      <Flex gap={8} wrap style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Select
          aria-label="Channel"
          placeholder="Email and SMS"
          allowClear
          value={filters.channel}
          options={[
            { value: 'email', label: 'Email' },
            { value: 'sms', label: 'SMS' },
          ]}
          onChange={(channel?: string) => setFilters({ channel: channel ?? null, pageNumber: null })}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label="Recipient"
          placeholder="Recipient"
          allowClear
          defaultValue={filters.to}
          onSearch={(to) => setFilters({ to: to.trim() || null, pageNumber: null })}
          style={{ width: 260 }}
        />
      </Flex>
      {outbox.isError ? (
        <ErrorState
          message={errorMessage(outbox.error, 'the outbox', 'loaded')}
          onRetry={() => void outbox.refetch()}
        />
      ) : (
        <DataTable<OutboxMessage>
          ariaLabel="Outbox"
          rows={outbox.data?.rows ?? []}
          totalCount={outbox.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={outbox.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="Nothing was sent yet."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
      {outbox.data?.rows.length ? (
        <details style={{ marginTop: 16 }}>
          <summary>Message texts of this page</summary>
          {outbox.data.rows.map((message) => (
            <div key={message.id} style={{ marginTop: 8 }}>
              <Typography.Text strong>
                {message.channel.toUpperCase()} to {message.to}
                {message.subject ? `: ${message.subject}` : ''}
              </Typography.Text>
              <pre style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{message.body}</pre>
            </div>
          ))}
        </details>
      ) : null}
    </PageFrame>
  );
}
