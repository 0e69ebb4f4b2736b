import {
  formatDate,
  formatPhone,
  isOrganizationRole,
  PATIENT_CREATION_MAX_DAYS,
  patientDisplayName,
  type Patient,
} from '@carelane/shared-domain';
import { canOpen, errorMessage, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import { DataTable, DateRangeFilter, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { OrganizationSelect } from '../lookups/LookupSelects';
import { AreaLink } from '../common/page-kit';
import { dateOf, isoOf } from './form-kit';
import { patientQueries } from './patient-queries';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The list's filters live in the URL; the creation range defaults to the last 180 days (SPEC §5). */
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
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
    render: (status: Patient['status']) => (
      <Tag color={status === 'ACTIVE' ? 'green' : 'default'}>{status}</Tag>
    ),
  },
];

export default function PatientsPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const createdTo = filters.createdTo ?? dayjs().format('YYYY-MM-DD');
  const createdFrom =
    filters.createdFrom ??
    dayjs(createdTo)
      .subtract(PATIENT_CREATION_MAX_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
  const patients = useQuery(patientQueries.list({ ...filters, createdFrom, createdTo }));
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  return (
    <PageFrame
      title="Patients"
      actions={
        canOpen(session, 'patientDetail') ? (
          <Button type="primary" onClick={() => navigateTo('/patient')}>
            New patient
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search patients"
          placeholder="Name, phone or ZIP code"
          allowClear
          defaultValue={filters.search}
          onSearch={(search) => setFilters({ search: search.trim() || null, pageNumber: null })}
          style={{ width: 260 }}
        />
        <Select
          aria-label="Status"
          value={filters.status}
          options={[
            { value: 'ACTIVE', label: 'Active' },
            { value: 'ARCHIVED', label: 'Archived' },
            { value: 'ALL', label: 'All' },
          ]}
          onChange={(status: string) => setFilters({ status, pageNumber: null })}
          style={{ width: 130 }}
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
      {patients.isError ? (
        <ErrorState
          message={errorMessage(patients.error, 'the patients', 'loaded')}
          onRetry={() => void patients.refetch()}
        />
      ) : (
        <DataTable<Patient>
          ariaLabel="Patients"
          rows={patients.data?.rows ?? []}
          totalCount={patients.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={patients.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No patients match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      )}
    </PageFrame>
  );
}
