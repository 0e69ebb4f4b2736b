import { formatPhone, type Physician } from '@carelane/shared-domain';
import { canOpen, errorMessage, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import { DataTable, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { AreaLink } from '../common/page-kit';
import { physicianQueries } from './physician-queries';

/** The list's filters live in the URL: shareable, kept on reload, the back button works. */
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
});

const columns: TableColumnsType<Physician> = [
  {
    title: 'Name',
    key: 'name',
    render: (_value, row) => (
      <AreaLink to={`/physician?id=${row.id}`}>{`${row.lastName}, ${row.firstName}`}</AreaLink>
    ),
  },
  { title: 'NPI', dataIndex: 'npi', key: 'npi', render: (npi: string | null) => npi ?? '—' },
  {
    title: 'Specialty',
    dataIndex: 'specialty',
    key: 'specialty',
    render: (text: string | null) => text ?? '—',
  },
  {
    title: 'Phone',
    dataIndex: 'phoneNumber',
    key: 'phoneNumber',
    render: (phone: string | null) => (phone ? formatPhone(phone) : '—'),
  },
  {
    title: 'City',
    key: 'city',
    render: (_value, row) => [row.city, row.state].filter(Boolean).join(', ') || '—',
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: Physician['status']) => (
      <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{status}</Tag>
    ),
  },
];

export default function PhysiciansPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const physicians = useQuery(physicianQueries.list(filters));
  return (
    <PageFrame
      title="Physicians"
      actions={
        canOpen(session, 'physicians') ? (
          <Button type="primary" onClick={() => navigateTo('/physician')}>
            New physician
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search physicians"
          placeholder="Name, NPI or specialty"
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => setFilters({ search: search.trim() || null, pageNumber: null })}
          style={{ width: 280 }}
        />
        <Select
          aria-label="Status"
          value={filters.status}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
            { value: 'ALL', label: 'All' },
          ]}
          onChange={(status: string) => setFilters({ status, pageNumber: null })}
          style={{ width: 140 }}
        />
      </Flex>
      {physicians.isError ? (
        <ErrorState
          message={errorMessage(physicians.error, 'the physicians', 'loaded')}
          onRetry={() => void physicians.refetch()}
        />
      ) : (
        <DataTable<Physician>
          ariaLabel="Physicians"
          rows={physicians.data?.rows ?? []}
          totalCount={physicians.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={physicians.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No physicians match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
    </PageFrame>
  );
}
