import { formatPhone, type ReferralSource } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { RecordStatusTag } from '@carelane/shared-ui';
import { Flex, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { listFilterFields, ListPageFrame, ListSearch, ListTable, StatusFilter } from '../common/list-page';
import { AreaLink } from '../common/page-kit';
import { referralSourceQueries } from './referral-source-queries';

/** SPEC §4: the organization list shows ACTIVE ones by default. Filters live in the URL. */
const filtersSchema = z.object({
  ...listFilterFields,
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
    render: (status: ReferralSource['status']) => <RecordStatusTag status={status} />,
  },
];

export default function ReferralSourcesPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const organizations = useQuery(referralSourceQueries.list(filters));
  return (
    <ListPageFrame
      title="Organizations"
      newLabel="New organization"
      newPath="/referralSource"
      privilege="referralSourceDetail"
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search organizations"
          placeholder="Name"
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
      <ListTable<ReferralSource>
        query={organizations}
        thing="the organizations"
        label="Organizations"
        columns={columns}
        emptyText="No organizations match these filters."
        filters={filters}
        setFilters={setFilters}
      />
    </ListPageFrame>
  );
}
