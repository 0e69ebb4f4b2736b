// The organization picker and list filter of every area: the organizations of the shared lookup, searched by
// name as it is typed.
import { canOpen, useSession } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { lookupQueries, type OrganizationStatus } from './lookup-queries';

export type OrganizationPickerProps = Omit<
  SelectProps<number>,
  'options' | 'loading' | 'showSearch' | 'filterOption'
> & {
  'aria-label': string;
  /** Which organizations it offers: the active ones, or every status. */
  organizationStatus: OrganizationStatus;
};

const byLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

export function OrganizationPicker({ organizationStatus, ...props }: OrganizationPickerProps) {
  const query = useQuery(lookupQueries.organizations(organizationStatus));
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }))}
    />
  );
}

export type OrganizationFilterProps = {
  value: number | undefined;
  onChange: (referralSourceId: number | null) => void;
  organizationStatus: OrganizationStatus;
};

/**
 * A list's organization filter, for whoever may read organizations (the referralSources page); clearing it
 * means every organization. Nothing for anyone else.
 */
export function OrganizationFilter({ value, onChange, organizationStatus }: OrganizationFilterProps) {
  const session = useSession();
  if (!canOpen(session, 'referralSources')) return null;
  return (
    <OrganizationPicker
      aria-label="Organization"
      placeholder="Any organization"
      allowClear
      organizationStatus={organizationStatus}
      value={value}
      onChange={(next?: number) => onChange(next ?? null)}
      style={{ width: 240 }}
    />
  );
}

/** The name of an organization the lookup knows, for texts that name the filtered one. */
export function useOrganizationName(
  id: number | undefined,
  organizationStatus: OrganizationStatus,
): string | undefined {
  const query = useQuery({ ...lookupQueries.organizations(organizationStatus), enabled: id !== undefined });
  return id === undefined ? undefined : query.data?.rows.find((row) => row.id === id)?.name;
}
