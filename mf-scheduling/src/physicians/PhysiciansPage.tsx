import { formatPhone, type Physician } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { RecordStatusTag } from '@carelane/shared-ui';
import { Flex, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { listFilterFields, ListPageFrame, ListSearch, ListTable, StatusFilter } from '../common/list-page';
import { AreaLink } from '../common/page-kit';
import { physicianQueries } from './physician-queries';

/** The list's filters live in the URL: shareable, kept on reload, the back button works. */
const filtersSchema = z.object({
  ...listFilterFields,
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
    render: (status: Physician['status']) => <RecordStatusTag status={status} />,
  },
];

export default function PhysiciansPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const physicians = useQuery(physicianQueries.list(filters));
  return (
    <ListPageFrame title="Physicians" newLabel="New physician" newPath="/physician" privilege="physicians">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search physicians"
          placeholder="Name, NPI or specialty"
          width={280}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter
          value={filters.status}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
            { value: 'ALL', label: 'All' },
          ]}
          setFilters={setFilters}
        />
      </Flex>
      <ListTable<Physician>
        query={physicians}
        thing="the physicians"
        label="Physicians"
        columns={columns}
        emptyText="No physicians match these filters."
        filters={filters}
        setFilters={setFilters}
      />
    </ListPageFrame>
  );
}
