import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { DataTable, type DataTableProps, type SortChange } from './DataTable';

type Patient = { id: number; name: string; city: string; visits: number };

const ALL: Patient[] = Array.from({ length: 45 }, (_, index) => ({
  id: index + 1,
  name: `Patient ${String(index + 1).padStart(2, '0')}`,
  city: ['Austin', 'Dallas', 'Houston', 'El Paso'][index % 4]!,
  visits: (index * 7) % 23,
}));

const columns: DataTableProps<Patient>['columns'] = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    primary: true,
    render: (name: string, row) => <a href={`#patient-${row.id}`}>{name}</a>,
  },
  { title: 'City', dataIndex: 'city', key: 'city' },
  { title: 'Visits', dataIndex: 'visits', key: 'visits', sorter: true, align: 'right' },
];

/** Stands in for the server: sorts and pages the 45 rows. */
function ServerPaged({
  loading = false,
  layout,
}: {
  loading?: boolean;
  layout?: DataTableProps<Patient>['layout'];
}) {
  const [page, setPage] = useState({ number: 1, size: 10 });
  const [sort, setSort] = useState<SortChange>(null);
  const sorted = sort
    ? [...ALL].sort((a, b) => {
        const key = sort.field as keyof Patient;
        const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
        return sort.order === 'ascend' ? order : -order;
      })
    : ALL;
  const rows = sorted.slice((page.number - 1) * page.size, page.number * page.size);
  return (
    <DataTable<Patient>
      ariaLabel="Patients"
      rows={rows}
      totalCount={ALL.length}
      pageNumber={page.number}
      pageSize={page.size}
      loading={loading}
      layout={layout}
      columns={columns}
      rowKey="id"
      onPageChange={(number, size) => setPage({ number, size })}
      onSortChange={setSort}
    />
  );
}

const meta: Meta<typeof DataTable<Patient>> = {
  title: 'Data/DataTable',
  component: DataTable,
  parameters: {
    docs: {
      description: {
        component:
          'A table on a wide screen; below 768 px (antd `md`) each row is a card of the same columns: the `primary` column titles it, the others are label/value pairs, sorting is a select and the pager is compact. Narrow the window, pick a phone viewport, or see the Narrow story.',
      },
    },
  },
};
export default meta;
type Story = StoryObj<typeof DataTable<Patient>>;

export const ServerPagedAndSorted: Story = { render: () => <ServerPaged /> };

/** A 390 px phone: each row a card, sorting in a select, the compact pager. */
export const Narrow: Story = {
  render: () => (
    <div style={{ maxWidth: 390 }}>
      <ServerPaged layout="cards" />
    </div>
  ),
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};

/** A wide screen: the table, whatever the window. */
export const Wide: Story = { render: () => <ServerPaged layout="table" /> };

export const Loading: Story = { render: () => <ServerPaged loading /> };

export const SecondPage: Story = {
  args: {
    rows: ALL.slice(10, 20),
    totalCount: 45,
    pageNumber: 2,
    columns,
    rowKey: 'id',
    onPageChange: fn(),
  },
};

export const Empty: Story = {
  args: {
    rows: [],
    totalCount: 0,
    pageNumber: 1,
    columns,
    rowKey: 'id',
    emptyText: 'No patients match these filters',
    onPageChange: fn(),
  },
};
