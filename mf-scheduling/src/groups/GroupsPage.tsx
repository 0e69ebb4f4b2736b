import type { Group } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { RecordStatusTag } from '@carelane/shared-ui';
import { Flex, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { listFilterFields, ListPageFrame, ListSearch, ListTable, StatusFilter } from '../common/list-page';
import { AreaLink } from '../common/page-kit';
import { groupQueries } from './group-queries';

const filtersSchema = z.object({
  ...listFilterFields,
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
    render: (status: Group['status']) => <RecordStatusTag status={status} />,
  },
];

export default function GroupsPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const groups = useQuery(groupQueries.list(filters));
  return (
    <ListPageFrame title="Groups" newLabel="New group" newPath="/group" privilege="groupDetail">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search groups"
          placeholder="Name or description"
          width={280}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter
          value={filters.status}
          options={[
            { value: 'ALL', label: 'All' },
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
          ]}
          setFilters={setFilters}
        />
      </Flex>
      <ListTable<Group>
        query={groups}
        thing="the groups"
        label="Groups"
        columns={columns}
        emptyText="No groups match these filters."
        filters={filters}
        setFilters={setFilters}
      />
    </ListPageFrame>
  );
}
