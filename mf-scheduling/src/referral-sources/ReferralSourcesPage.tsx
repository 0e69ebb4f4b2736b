import type { ReferralSource } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  recordStatusColumn,
  listFilterFields,
  ListPage,
  nameLinkColumn,
  phoneColumn,
  recordStatusFilterField,
  textColumn,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { z } from 'zod';
import { referralSourceQueries } from './referral-source-queries';

/** SPEC §4: the organization list shows ACTIVE ones by default. Filters live in the URL. */
const filtersSchema = z.object({ ...listFilterFields, status: recordStatusFilterField('ACTIVE') });

const columns: TableColumnsType<ReferralSource> = [
  nameLinkColumn('/referralSource', (row) => row.name),
  textColumn('ZIP code', 'zipcode'),
  phoneColumn('phone'),
  textColumn('Email', 'email'),
  { title: 'Onboarding', dataIndex: 'onboardStepRS', key: 'onboardStepRS' },
  recordStatusColumn(),
];

export default function ReferralSourcesPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const organizations = useQuery(referralSourceQueries.list(filters));
  return (
    <ListPage<ReferralSource>
      noun={{ one: 'organization', many: 'organizations' }}
      newPath="/referralSource"
      privilege="referralSourceDetail"
      searchPlaceholder="Name"
      columns={columns}
      query={organizations}
      filters={filters}
      setFilters={setFilters}
    />
  );
}
