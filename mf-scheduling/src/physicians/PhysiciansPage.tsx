import type { Physician } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  recordStatusColumn,
  listFilterFields,
  ListPage,
  nameLinkColumn,
  phoneColumn,
  placeColumn,
  recordStatusFilterField,
  textColumn,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { z } from 'zod';
import { physicianQueries } from './physician-queries';

/** The list's filters live in the URL: shareable, kept on reload, the back button works. */
const filtersSchema = z.object({ ...listFilterFields, status: recordStatusFilterField('ACTIVE') });

const columns: TableColumnsType<Physician> = [
  nameLinkColumn('/physician', (row) => `${row.lastName}, ${row.firstName}`),
  textColumn('NPI', 'npi'),
  textColumn('Specialty', 'specialty'),
  phoneColumn('phoneNumber', 'phoneNumber'),
  placeColumn((row) => [row.city, row.state]),
  recordStatusColumn(),
];

export default function PhysiciansPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const physicians = useQuery(physicianQueries.list(filters));
  return (
    <ListPage<Physician>
      noun={{ one: 'physician', many: 'physicians' }}
      newPath="/physician"
      privilege="physicians"
      searchPlaceholder="Name, NPI or specialty"
      columns={columns}
      query={physicians}
      filters={filters}
      setFilters={setFilters}
    />
  );
}
