import {
  formatDate,
  formatPhone,
  isOrganizationRole,
  PATIENT_CREATION_MAX_DAYS,
  patientDisplayName,
  type Patient,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import { DateRangeFilter, RecordStatusTag } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { listFilterFields, ListPageFrame, ListSearch, ListTable, StatusFilter } from '../common/list-page';
import { OrganizationSelect } from '../lookups/LookupSelects';
import { AreaLink } from '../common/page-kit';
import { dateOf, isoOf, todayIso } from './form-kit';
import { patientQueries } from './patient-queries';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The list's filters live in the URL; the creation range defaults to the last 180 days (SPEC §5). */
const filtersSchema = z.object({
  ...listFilterFields,
  status: z.enum(['ACTIVE', 'ARCHIVED', 'ALL']).default('ACTIVE'),
  referralSourceId: z.coerce.number().int().positive().optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
});

const columns: TableColumnsType<Patient> = [
  {
    title: 'Name',
    key: 'name',
    render: (_value, row) => <AreaLink to={`/patient?id=${row.id}`}>{patientDisplayName(row)}</AreaLink>,
  },
  { title: 'Age', dataIndex: 'age', key: 'age', render: (age: number | null) => age ?? '—' },
  { title: 'Gender', dataIndex: 'gender', key: 'gender', render: (g: string | null) => g ?? '—' },
  {
    title: 'Phone',
    dataIndex: 'phoneNumber1',
    key: 'phone',
    render: (phone: string | null) => (phone ? formatPhone(phone) : '—'),
  },
  {
    title: 'City',
    key: 'city',
    render: (_value, row) => [row.city, row.state, row.zipcode].filter(Boolean).join(', ') || '—',
  },
  { title: 'Organization', dataIndex: 'referralSourceName', key: 'organization' },
  { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDate(at) },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: Patient['status']) => <RecordStatusTag status={status} />,
  },
];

export default function PatientsPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const createdTo = filters.createdTo ?? todayIso();
  const createdFrom =
    filters.createdFrom ??
    dayjs(createdTo)
      .subtract(PATIENT_CREATION_MAX_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
  const patients = useQuery(patientQueries.list({ ...filters, createdFrom, createdTo }));
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  return (
    <ListPageFrame title="Patients" newLabel="New patient" newPath="/patient" privilege="patientDetail">
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search patients"
          placeholder="Name, phone or ZIP code"
          width={260}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter
          value={filters.status}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'ARCHIVED', label: 'Archived' },
            { value: 'ALL', label: 'All' },
          ]}
          width={130}
          setFilters={setFilters}
        />
        {staff ? (
          <OrganizationSelect
            aria-label="Organization"
            placeholder="All organizations"
            allowClear
            value={filters.referralSourceId}
            onChange={(id?: number) => setFilters({ referralSourceId: id ?? null, pageNumber: null })}
            style={{ width: 240 }}
          />
        ) : null}
        <DateRangeFilter
          label="Created between"
          maxDays={PATIENT_CREATION_MAX_DAYS}
          value={{ start: dateOf(createdFrom)!, end: dateOf(createdTo)! }}
          onChange={(range) =>
            setFilters({ createdFrom: isoOf(range.start), createdTo: isoOf(range.end), pageNumber: null })
          }
        />
      </Flex>
      <ListTable<Patient>
        query={patients}
        thing="the patients"
        label="Patients"
        columns={columns}
        emptyText="No patients match these filters."
        filters={filters}
        setFilters={setFilters}
      />
    </ListPageFrame>
  );
}
