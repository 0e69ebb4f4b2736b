import type { Group } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  recordStatusColumn,
  listFilterFields,
  ListPage,
  nameLinkColumn,
  recordStatusFilterField,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { z } from 'zod';
import { groupQueries } from './group-queries';

const filtersSchema = z.object({ ...listFilterFields, status: recordStatusFilterField('ALL') });

const columns: TableColumnsType<Group> = [
  nameLinkColumn('/group', (row) => row.name),
  { title: 'Description', dataIndex: 'description', key: 'description', ellipsis: true },
  { title: 'Members', dataIndex: 'memberCount', key: 'memberCount' },
  recordStatusColumn(),
];

export default function GroupsPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const groups = useQuery(groupQueries.list(filters));
  return (
    <ListPage<Group>
      noun={{ one: 'group', many: 'groups' }}
      newPath="/group"
      privilege="groupDetail"
      searchPlaceholder="Name or description"
      columns={columns}
      query={groups}
      filters={filters}
      setFilters={setFilters}
    />
  );
}
