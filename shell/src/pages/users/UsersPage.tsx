import { formatDate, type User } from '@carelane/shared-domain';
import { errorMessage, useUrlState } from '@carelane/shared-session';
import {
  DataTable,
  EngagementDot,
  ErrorState,
  PageFrame,
  RECORD_STATUS_OPTIONS,
  recordStatusColumn,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { z } from 'zod';
import { InAppLink } from '../../app/InAppLink';
import { navigate } from '../../routing/location';
import { userQueries } from './user-queries';

/** The list's filters live in the URL: shareable, kept on reload, the back button works. */
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  roleId: z.coerce.number().int().optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
});

const columns: TableColumnsType<User> = [
  {
    title: 'Name',
    key: 'name',
    render: (_value, user) => (
      <InAppLink to={`/user?id=${user.id}`}>{`${user.lastName}, ${user.firstName}`}</InAppLink>
    ),
  },
  { title: 'Email', dataIndex: 'emailId', key: 'emailId' },
  { title: 'Role', dataIndex: 'rolename', key: 'rolename' },
  {
    title: 'Organization',
    dataIndex: 'referralSourceName',
    key: 'organization',
    render: (name) => name ?? '—',
  },
  recordStatusColumn(),
  {
    title: 'Last sign-in',
    dataIndex: 'lastLogin',
    key: 'lastLogin',
    render: (lastLogin: string | null) =>
      lastLogin ? (
        <Flex gap={8} align="center">
          <EngagementDot lastLogin={lastLogin} />
          {formatDate(lastLogin)}
        </Flex>
      ) : (
        'Never'
      ),
  },
];

/** Users of the roles the signed-in user manages (organization users: of their organization only). */
export function UsersPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const users = useQuery(userQueries.list(filters));
  const roles = useQuery(userQueries.roles());
  const roleOptions = (roles.data?.rows ?? [])
    .filter((role) => roles.data?.manageableRoleIds.includes(role.roleId))
    .map((role) => ({ value: role.roleId, label: role.rolename }));

  return (
    <PageFrame
      title="Users"
      actions={
        roleOptions.length > 0 ? (
          <Button type="primary" onClick={() => navigate('/user')}>
            New user
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Input.Search
          aria-label="Search users"
          placeholder="Name or email"
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => setFilters({ search: search.trim() || null, pageNumber: null })}
          style={{ width: 280 }}
        />
        <Select
          aria-label="Role"
          placeholder="Any role"
          allowClear
          value={filters.roleId}
          options={roleOptions}
          onChange={(roleId?: number) => setFilters({ roleId: roleId ?? null, pageNumber: null })}
          style={{ width: 240 }}
        />
        <Select
          aria-label="Status"
          placeholder="Any status"
          allowClear
          value={filters.status}
          options={RECORD_STATUS_OPTIONS}
          onChange={(status?: string) => setFilters({ status: status ?? null, pageNumber: null })}
          style={{ width: 160 }}
        />
      </Flex>
      {users.isError ? (
        <ErrorState
          message={errorMessage(users.error, 'the users', 'loaded')}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <DataTable<User>
          ariaLabel="Users"
          rows={users.data?.rows ?? []}
          totalCount={users.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={users.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No users match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
    </PageFrame>
  );
}
