// Selects over the lookups, usable as antd Form.Item children (value / onChange) and by keyboard.
import { isOrganizationRole, patientDisplayName } from '@carelane/shared-domain';
import { canOpen, useSession } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { patientQueries } from '../patients/patient-queries';
import { lookupQueries } from './lookup-queries';

type Common = Omit<SelectProps, 'options' | 'loading' | 'showSearch' | 'filterOption'> & {
  'aria-label'?: string;
};
const byLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

/** The searched rows, with the selected record first when the search left it out (so its label still shows). */
function withSelected<Row extends { id: number }>(rows: Row[], selected: Row | undefined): Row[] {
  return selected && !rows.some((row) => row.id === selected.id) ? [selected, ...rows] : rows;
}

/** Visit types; `serviceType` keeps only Visit or Shift types, `only` only those ids. */
export function VisitTypeSelect({
  serviceType,
  only,
  ...props
}: Common & { serviceType?: string; only?: readonly number[] }) {
  const query = useQuery(lookupQueries.visitTypes());
  const rows = (query.data?.rows ?? []).filter(
    (row) => (!serviceType || row.serviceType === serviceType) && (!only || only.includes(row.id)),
  );
  return (
    <Select
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={rows.map((row) => ({ value: row.id, label: `${row.type} — ${row.description}` }))}
    />
  );
}

/** Provider types; with `visitTypeId`, only those allowed for that visit type; with `only`, only those ids. */
export function ProviderTypeSelect({
  visitTypeId,
  only,
  ...props
}: Common & { visitTypeId?: number | null; only?: readonly number[] }) {
  const providerTypes = useQuery(lookupQueries.providerTypes());
  const visitTypes = useQuery(lookupQueries.visitTypes());
  const allowed = visitTypes.data?.rows.find((row) => row.id === visitTypeId)?.providerTypeIds ?? [];
  const rows = (providerTypes.data?.rows ?? []).filter(
    (row) => (!allowed.length || allowed.includes(row.id)) && (!only || only.includes(row.id)),
  );
  return (
    <Select
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={providerTypes.isLoading}
      options={rows.map((row) => ({ value: row.id, label: row.type }))}
    />
  );
}

export function InsuranceSelect(props: Common) {
  const query = useQuery(lookupQueries.insurances());
  return (
    <Select
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({
        value: row.id,
        label: row.payerId ? `${row.name} (${row.payerId})` : row.name,
      }))}
    />
  );
}

export function FacilitySelect({ referralSourceId, ...props }: Common & { referralSourceId?: number }) {
  const query = useQuery(lookupQueries.facilities(referralSourceId));
  return (
    <Select
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }))}
    />
  );
}

/** Organizations, for staff only (organization users always work in their own). */
export function OrganizationSelect(props: Common) {
  const session = useSession();
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const query = useQuery({ ...lookupQueries.organizations(), enabled: staff });
  if (!staff) return null;
  return (
    <Select
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }))}
    />
  );
}

/** Physicians searched by name, NPI or specialty on the server. */
export function PhysicianSelect(props: Common) {
  const [search, setSearch] = useState('');
  const query = useQuery(lookupQueries.physicians(search));
  const selected = typeof props.value === 'number' ? props.value : null;
  const current = useQuery({ ...lookupQueries.physician(selected ?? 0), enabled: selected !== null });
  const withCurrent = withSelected(query.data?.rows ?? [], current.data);
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={withCurrent.map((row) => ({
        value: row.id,
        label: `${row.lastName}, ${row.firstName}${row.npi ? ` (NPI ${row.npi})` : ''}`,
      }))}
    />
  );
}

export function ContactSelect({
  referralSourceId,
  caseManagers,
  ...props
}: Common & { referralSourceId?: number; caseManagers?: boolean }) {
  const [search, setSearch] = useState('');
  const query = useQuery(lookupQueries.contacts(referralSourceId, search));
  const rows = (query.data?.rows ?? []).filter((row) => !caseManagers || row.isCaseManager);
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={rows.map((row) => ({
        value: row.id,
        label: `${row.lastName}, ${row.firstName}${row.title ? ` — ${row.title}` : ''}`,
      }))}
    />
  );
}

/** Staff users of one role (care coordinators 5, customer care coordinators 6, …); needs the users page. */
export function StaffUserSelect({ roleId, ...props }: Common & { roleId: number }) {
  const session = useSession();
  const allowed = canOpen(session, 'serviceRequestDetail') && !isOrganizationRole(session?.user.roleId ?? 0);
  const query = useQuery({ ...lookupQueries.staffUsers(roleId), enabled: allowed });
  return (
    <Select
      {...props}
      disabled={props.disabled || !allowed}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({
        value: row.id,
        label: `${row.firstName} ${row.lastName}`,
      }))}
    />
  );
}

/** Active patients (of one organization when given), searched by name on the server. */
export function PatientSelect({ referralSourceId, ...props }: Common & { referralSourceId?: number }) {
  const [search, setSearch] = useState('');
  const query = useQuery(
    patientQueries.list({
      pageNumber: 1,
      pageSize: 20,
      status: 'ACTIVE',
      search: search || undefined,
      referralSourceId,
    }),
  );
  const selected = typeof props.value === 'number' ? props.value : null;
  const current = useQuery({ ...patientQueries.one(selected ?? 0), enabled: selected !== null });
  const withCurrent = withSelected(query.data?.rows ?? [], current.data);
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      options={withCurrent.map((row) => ({
        value: row.id,
        label: `${patientDisplayName(row)}${row.zipcode ? ` (${row.zipcode})` : ''}`,
      }))}
    />
  );
}
