import { useUrlState } from '@carelane/shared-session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnsType } from 'antd';
import { z } from 'zod';
import {
  listFilterFields,
  ListPage,
  nameLinkColumn,
  phoneColumn,
  placeColumn,
  recordStatusFilterField,
  textColumn,
} from './list-page';
import { renderPage } from '../page-test-kit/page-test-kit';

jest.setTimeout(120_000);

type Clinic = {
  id: number;
  name: string;
  npi: string | null;
  phone: string | null;
  city: string | null;
  state: string;
};

const filtersSchema = z.object({ ...listFilterFields, status: recordStatusFilterField('ACTIVE') });

const columns: TableColumnsType<Clinic> = [
  nameLinkColumn('/clinic', (row) => row.name),
  textColumn('NPI', 'npi'),
  phoneColumn('phone'),
  placeColumn((row) => [row.city, row.state]),
];

const rows: Clinic[] = [
  { id: 7, name: 'North clinic', npi: null, phone: '5125550100', city: 'Austin', state: 'TX' },
];

function ClinicsPage({ failed = false }: { failed?: boolean }) {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const query = failed
    ? { isError: true, error: new Error('down'), refetch: jest.fn(), isFetching: false }
    : {
        isError: false,
        error: null,
        refetch: jest.fn(),
        isFetching: false,
        data: { rows, paging: { totalCount: 1 } },
      };
  return (
    <ListPage<Clinic>
      noun={{ one: 'clinic', many: 'clinics' }}
      newPath="/clinic"
      privilege="groupDetail"
      searchPlaceholder="Name"
      columns={columns}
      query={query}
      filters={filters}
      setFilters={setFilters}
    />
  );
}

const open = (failed = false, url = '/clinics') =>
  renderPage(<ClinicsPage failed={failed} />, { url, route: () => undefined });

describe('ListPage', () => {
  it('names the page, its button, search and table after the noun, with the shared columns', async () => {
    const page = open();
    expect(await screen.findByRole('heading', { name: 'Clinics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New clinic' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search clinics' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Clinics' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['North clinic', '—', '512-555-0100', 'Austin, TX']);
    expect(within(table).getByRole('link', { name: 'North clinic' }).getAttribute('href')).toBe(
      '/clinic?id=7',
    );
    page.done();
  });

  it('offers Active, Inactive and All, and a status or a search goes back to page 1', async () => {
    const page = open(false, '/clinics?pageNumber=3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await screen.findAllByRole('option');
    const options = [...document.querySelectorAll('.ant-select-item-option-content')];
    expect(options.map((option) => option.textContent)).toEqual(['Active', 'Inactive', 'All']);
    await user.click(screen.getByTitle('Inactive'));
    await waitFor(() => expect(globalThis.location.search).toBe('?status=INACTIVE'));
    await user.type(screen.getByRole('searchbox', { name: 'Search clinics' }), '  north {Enter}');
    await waitFor(() => expect(new URLSearchParams(globalThis.location.search).get('search')).toBe('north'));
    page.done();
  });

  it('shows the failure with a retry when the list could not be loaded', async () => {
    const page = open(true);
    expect(await screen.findByText(/Sorry, the clinics could not be loaded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
    page.done();
  });
});
