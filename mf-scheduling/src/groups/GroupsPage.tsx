import type { Group } from '@carelane/shared-domain';
import { canOpen, errorMessage, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import { DataTable, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { AreaLink } from '../common/page-kit';
import { groupQueries } from './group-queries';

const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ALL'),
});

const columns: TableColumnsType<Group> = [
  {
    title: 'Name',
    key: 'name',
    render: (_v, row) => <AreaLink to={`/group?id=${row.id}`}>{row.name}</AreaLink>,
  },
  { title: 'Description', dataIndex: 'description', key: 'description', ellipsis: true },
  { title: 'Members', dataIndex: 'memberCount', key: 'memberCount' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: Group['status']) => (
      <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{status}</Tag>
    ),
  },
];

export default function GroupsPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const groups = useQuery(groupQueries.list(filters));
  return (
    <PageFrame
      title="Groups"
      actions={
        canOpen(session, 'groupDetail') ? (
          <Button type="primary" onClick={() => navigateTo('/group')}>
            New group
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search groups"
          placeholder="Name or description"
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => setFilters({ search: search.trim() || null, pageNumber: null })}
          style={{ width: 280 }}
        />
        <Select
          aria-label="Status"
          value={filters.status}
          options={[
            { value: 'ALL', label: 'All' },
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
          ]}
          onChange={(status: string) => setFilters({ status, pageNumber: null })}
          style={{ width: 140 }}
        />
      </Flex>
      {groups.isError ? (
        <ErrorState
          message={errorMessage(groups.error, 'the groups', 'loaded')}
          onRetry={() => void groups.refetch()}
        />
      ) : (
        <DataTable<Group>
          ariaLabel="Groups"
          rows={groups.data?.rows ?? []}
          totalCount={groups.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={groups.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No groups match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
    </PageFrame>
  );
}
