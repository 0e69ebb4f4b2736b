// /referralSourceConversion's table (issue 26, decision 053): a row per organization with a requested visit in the
// period, each stage's count and its conversion (completed ÷ requested, shared-domain's `organizationConversion`),
// worst first by default and sortable by every column. A count opens that organization's records of the stage
// (the stage records endpoint with its referralSourceId, so their total is the count).
import {
  compareOrganizationConversion,
  organizationConversion,
  type FunnelDefinition,
  type FunnelOrganizations,
} from '@carelane/shared-domain';
import { DataTable, type DataTableColumns, type SortChange } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { conversionOrganizationsQuery, type FunnelFilters } from './funnel-queries';

const count = new Intl.NumberFormat('en-US');
const PAGE_SIZE = 25;

type OrganizationRow = FunnelOrganizations['rows'][number];

export type OrganizationSort = { field?: string; order?: 'ascend' | 'descend' };

/** The rows in the order asked for: none is worst first (the lowest conversion). */
export function sortOrganizations(
  funnel: FunnelDefinition,
  rows: readonly OrganizationRow[],
  sort: OrganizationSort,
): OrganizationRow[] {
  const sorted = [...rows];
  const stage = funnel.stages.findIndex((s) => s.id === sort.field);
  if (sort.field === 'organization')
    sorted.sort((a, b) => a.organizationName.localeCompare(b.organizationName));
  else if (stage >= 0)
    sorted.sort(
      (a, b) => (a.counts[stage] ?? 0) - (b.counts[stage] ?? 0) || compareOrganizationConversion(a, b),
    );
  else sorted.sort(compareOrganizationConversion);
  return sort.order === 'descend' ? sorted.reverse() : sorted;
}

const conversionText = (counts: readonly number[]) => {
  const value = organizationConversion(counts);
  return value === null ? '—' : `${value.toFixed(1)} %`;
};

export function OrganizationConversionTable({
  funnel,
  filters,
  sort,
  pageNumber,
  onSort,
  onPage,
  onOpen,
}: {
  funnel: FunnelDefinition;
  filters: FunnelFilters;
  sort: OrganizationSort;
  pageNumber: number;
  onSort: (sort: OrganizationSort | null) => void;
  onPage: (page: number) => void;
  onOpen: (stage: string, referralSourceId: number) => void;
}) {
  const query = useQuery(conversionOrganizationsQuery(filters));
  const rows = sortOrganizations(funnel, query.data?.rows ?? [], sort);
  const field = sort.field ?? 'conversion';
  const orderOf = (key: string) => (field === key ? (sort.order ?? 'ascend') : null);
  const columns: DataTableColumns<OrganizationRow> = [
    {
      key: 'organization',
      title: 'Organization',
      primary: true,
      sorter: true,
      sortOrder: orderOf('organization'),
      render: (_: unknown, row: OrganizationRow) => row.organizationName,
    },
    ...funnel.stages.map((stage, i) => ({
      key: stage.id,
      title: stage.label,
      align: 'right' as const,
      sorter: true,
      sortOrder: orderOf(stage.id),
      render: (_: unknown, row: OrganizationRow) => (
        <Button
          type="link"
          onClick={() => onOpen(stage.id, row.referralSourceId)}
          aria-label={`${count.format(row.counts[i] ?? 0)} ${stage.label}, ${row.organizationName}: show them`}
        >
          {count.format(row.counts[i] ?? 0)}
        </Button>
      ),
    })),
    {
      key: 'conversion',
      title: `Conversion (${funnel.stages[funnel.stages.length - 1]!.label.toLowerCase()} ÷ ${funnel.stages[0]!.label.toLowerCase()})`,
      align: 'right',
      sorter: true,
      sortOrder: orderOf('conversion'),
      render: (_: unknown, row: OrganizationRow) => conversionText(row.counts),
    },
  ];
  const first = (pageNumber - 1) * PAGE_SIZE;
  return (
    <>
      <Typography.Title level={2} style={{ margin: '24px 0 8px', fontSize: 18 }}>
        By organization
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every organization with a requested visit in the period; worst conversion first unless sorted.
      </Typography.Paragraph>
      <DataTable
        ariaLabel="Organization conversion by organization"
        rows={rows.slice(first, first + PAGE_SIZE)}
        totalCount={rows.length}
        pageNumber={pageNumber}
        pageSize={PAGE_SIZE}
        loading={query.isFetching}
        columns={columns}
        rowKey="referralSourceId"
        emptyText={
          query.isError ? 'The organizations could not be loaded.' : 'No organization asked for visits.'
        }
        onPageChange={(page) => onPage(page)}
        onSortChange={(next: SortChange) => onSort(next ? { field: next.field, order: next.order } : null)}
      />
    </>
  );
}
