import { formatPhone, type ReferralSource } from '@carelane/shared-domain';
import { canOpen, errorMessage, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import { DataTable, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { AreaLink } from '../common/page-kit';
import { referralSourceQueries } from './referral-source-queries';

/** SPEC §4: the organization list shows ACTIVE ones by default. Filters live in the URL. */
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
});

const columns: TableColumnsType<ReferralSource> = [
  {
    title: 'Name',
    key: 'name',
    render: (_value, row) => <AreaLink to={`/referralSource?id=${row.id}`}>{row.name}</AreaLink>,
  },
  { title: 'ZIP code', dataIndex: 'zipcode', key: 'zipcode', render: (zip: string | null) => zip ?? '—' },
  {
    title: 'Phone',
    dataIndex: 'phone',
    key: 'phone',
    render: (phone: string | null) => (phone ? formatPhone(phone) : '—'),
  },
  { title: 'Email', dataIndex: 'email', key: 'email', render: (email: string | null) => email ?? '—' },
  { title: 'Onboarding', dataIndex: 'onboardStepRS', key: 'onboardStepRS' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: ReferralSource['status']) => (
      <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{status}</Tag>
    ),
  },
];

export default function ReferralSourcesPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const organizations = useQuery(referralSourceQueries.list(filters));
  return (
    <PageFrame
      title="Organizations"
      actions={
        canOpen(session, 'referralSourceDetail') ? (
          <Button type="primary" onClick={() => navigateTo('/referralSource')}>
            New organization
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search organizations"
          placeholder="Name"
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
      {organizations.isError ? (
        <ErrorState
          message={errorMessage(organizations.error, 'the organizations', 'loaded')}
          onRetry={() => void organizations.refetch()}
        />
      ) : (
        <DataTable<ReferralSource>
          ariaLabel="Organizations"
          rows={organizations.data?.rows ?? []}
          totalCount={organizations.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={organizations.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No organizations match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
    </PageFrame>
  );
}
