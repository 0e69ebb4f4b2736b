// The organization filter of the billing pages: every organization, searched by name as it is typed.
import { canOpen, useSession } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { organizationQueries } from './organization-queries';

export type OrganizationPickerProps = Omit<
  SelectProps<number>,
  'options' | 'loading' | 'showSearch' | 'filterOption'
> & { 'aria-label': string };

const byLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());

export function OrganizationPicker(props: OrganizationPickerProps) {
  const query = useQuery(organizationQueries.all());
  return (
    <Select<number>
      {...props}
      showSearch={{ filterOption: byLabel }}
      loading={query.isLoading}
      options={(query.data?.rows ?? []).map((row) => ({ value: row.id, label: row.name }))}
    />
  );
}

/**
 * A list's organization filter, for whoever may read organizations (the referralSources page); clearing it
 * means every organization. Nothing for anyone else.
 */
export function OrganizationFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (referralSourceId: number | null) => void;
}) {
  const session = useSession();
  if (!canOpen(session, 'referralSources')) return null;
  return (
    <OrganizationPicker
      aria-label="Organization"
      placeholder="Any organization"
      allowClear
      value={value}
      onChange={(next?: number) => onChange(next ?? null)}
      style={{ width: 240 }}
    />
  );
}

/** The name of an organization the picker knows, for texts that name the filtered one. */
export function useOrganizationName(id: number | undefined): string | undefined {
  const query = useQuery({ ...organizationQueries.all(), enabled: id !== undefined });
  return id === undefined ? undefined : query.data?.rows.find((row) => row.id === id)?.name;
}
