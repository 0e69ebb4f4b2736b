// The notes filters' pickers (clinician, patient; the organization one is shared-ui's OrganizationPicker), fed by the existing admin endpoints; the page
// shows each only to those who may open the list it reads (providers, patients, referralSources).
import { patientDisplayName } from '@carelane/shared-domain';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { noteLookupQueries } from './note-list-queries';

export type PickerProps = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch' | 'filterOption'> & {
  'aria-label': string;
};

/** Patients searched by name on the server, the chosen one kept in the options so its name shows. */
export function PatientPicker(props: PickerProps) {
  const [search, setSearch] = useState('');
  const query = useQuery(noteLookupQueries.patients(search));
  const chosen = typeof props.value === 'number' ? props.value : null;
  const current = useQuery({ ...noteLookupQueries.patient(chosen ?? 0), enabled: chosen !== null });
  const rows = query.data?.rows ?? [];
  const all =
    current.data && !rows.some((row) => row.id === current.data.id) ? [current.data, ...rows] : rows;
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={all.map((row) => ({ value: row.id, label: patientDisplayName(row) }))}
    />
  );
}

/** Clinicians (every provider status) searched by name on the server. */
export function ClinicianPicker(props: PickerProps) {
  const [search, setSearch] = useState('');
  const query = useQuery(noteLookupQueries.clinicians(search));
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={(query.data?.providers ?? []).map((row) => ({
        value: row.id,
        label: `${row.familyName}, ${row.givenName}`,
      }))}
    />
  );
}
