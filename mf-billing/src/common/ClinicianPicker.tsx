// The clinician filter and field of the billing pages: clinicians of every status, searched on the server by
// name as it is typed (the clinicians' list endpoint, which billing staff hold through `providers`).
import { ALL_PROVIDER_STATUSES, providerListResponseSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';

/** How many matches the picker offers at a time (type more of the name to narrow them). */
const MATCHES = 20;

export const clinicianQueries = {
  search: (search: string) =>
    queryOptions({
      queryKey: ['provider', 'lookup', search],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providers', providerListResponseSchema, {
          searchParams: {
            search: search || undefined,
            providerStatusId: ALL_PROVIDER_STATUSES,
            pageSize: MATCHES,
          },
          signal,
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
};

export type ClinicianPickerProps = Omit<
  SelectProps<number>,
  'options' | 'loading' | 'showSearch' | 'filterOption' | 'onSearch'
> & {
  'aria-label': string;
  /** The chosen clinician's name when the page knows it (a value read from the URL may not be a match yet). */
  selectedName?: string;
};

export function ClinicianPicker({ selectedName, ...props }: ClinicianPickerProps) {
  const [search, setSearch] = useState('');
  const query = useQuery(clinicianQueries.search(search.trim()));
  const options = (query.data?.providers ?? []).map((row) => ({
    value: row.id,
    label: `${row.familyName}, ${row.givenName}`,
  }));
  if (props.value !== undefined && props.value !== null && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: selectedName ?? `Clinician ${props.value}` });
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={options}
      notFoundContent={query.isFetching ? 'Searching…' : 'No clinician matches.'}
    />
  );
}
