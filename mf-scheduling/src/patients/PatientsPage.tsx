import {
  formatDate,
  isOrganizationRole,
  PATIENT_CREATION_MAX_DAYS,
  patientDisplayName,
  type Patient,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import {
  dateOf,
  DateRangeFilter,
  isoOf,
  listFilterFields,
  ListPage,
  nameLinkColumn,
  phoneColumn,
  placeColumn,
  recordStatusColumn,
  textColumn,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { OrganizationSelect } from '../lookups/LookupSelects';
import { todayIso } from './form-kit';
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
  nameLinkColumn('/patient', (row) => patientDisplayName(row)),
  textColumn('Age', 'age'),
  textColumn('Gender', 'gender'),
  phoneColumn('phoneNumber1'),
  placeColumn((row) => [row.city, row.state, row.zipcode]),
  { title: 'Organization', dataIndex: 'referralSourceName', key: 'organization' },
  { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDate(at) },
  recordStatusColumn(),
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
    <ListPage<Patient>
      noun={{ one: 'patient', many: 'patients' }}
      newPath="/patient"
      privilege="patientDetail"
      searchPlaceholder="Name, phone or ZIP code"
      searchWidth={260}
      statusOptions={[
        { value: 'ACTIVE', label: 'Active' },
        { value: 'ARCHIVED', label: 'Archived' },
        { value: 'ALL', label: 'All' },
      ]}
      statusWidth={130}
      extraFilters={
        <>
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
        </>
      }
      columns={columns}
      query={patients}
      filters={filters}
      setFilters={setFilters}
    />
  );
}
