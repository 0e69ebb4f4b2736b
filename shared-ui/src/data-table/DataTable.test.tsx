import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableProps } from './DataTable';
import { paginationSummary } from './pagination-summary';
import { phoneMatches, phoneScreen } from './phone-screen';

type Row = { id: number; name: string };
const rowsFor = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, name: `Row ${from + index}` }));
const columns: DataTableProps<Row>['columns'] = [
  { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
];

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const onPageChange = jest.fn();
  const onSortChange = jest.fn();
  render(
    <DataTable<Row>
      rows={rowsFor(11, 20)}
      totalCount={45}
      pageNumber={2}
      columns={columns}
      rowKey="id"
      onPageChange={onPageChange}
      onSortChange={onSortChange}
      {...props}
    />,
  );
  return { onPageChange, onSortChange };
}

describe('paginationSummary', () => {
  it('gives the rows shown and the total', () => {
    expect(paginationSummary(2, 10, 45)).toBe('Showing 11–20 of 45');
    expect(paginationSummary(1, 10, 45)).toBe('Showing 1–10 of 45');
    expect(paginationSummary(5, 10, 45)).toBe('Showing 41–45 of 45');
    expect(paginationSummary(1, 100, 7)).toBe('Showing 1–7 of 7');
    expect(paginationSummary(1, 10, 10000, true)).toBe('Showing 1–10 of 10000+');
  });

  it("says 'No results' when there are none", () => {
    expect(paginationSummary(1, 10, 0)).toBe('No results');
  });

  it('does not claim rows past the end', () => {
    expect(paginationSummary(6, 10, 45)).toBe('Showing 0 of 45');
  });
});

describe('DataTable', () => {
  it('shows the rows of the page and the summary line', () => {
    renderTable();
    expect(screen.getByText('Row 11')).toBeTruthy();
    expect(screen.getByText('Row 20')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 11–20 of 45');
  });

  it('asks for the page the user clicks, with the page size', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderTable();
    await user.click(screen.getByTitle('3'));
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
    await user.click(screen.getByTitle('Previous Page'));
    expect(onPageChange).toHaveBeenLastCalledWith(1, 10);
  });

  it('pages with the keyboard: Tab to a page, Enter', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderTable();
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    const nextPage = pager.getByTitle('Next Page');
    nextPage.focus();
    expect(document.activeElement).toBe(nextPage);
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
    const pageFive = pager.getByTitle('5');
    expect(pageFive.tabIndex).toBe(0);
    pageFive.focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(5, 10);
  });

  it('uses page size 10 by default and goes back to page 1 when the size changes', async () => {
    const { onPageChange } = renderTable();
    expect(screen.getAllByRole('row')).toHaveLength(11); // header + 10
    const sizeChanger = screen.getByRole('combobox');
    fireEvent.mouseDown(sizeChanger);
    fireEvent.click(await screen.findByTitle('25 / page'));
    expect(onPageChange).toHaveBeenCalledWith(1, 25);
  });

  it('reports server sorting', async () => {
    const user = userEvent.setup();
    const { onSortChange } = renderTable();
    await user.click(screen.getByText('Name'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', order: 'ascend' });
    await user.click(screen.getByText('Name'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'name', order: 'descend' });
    await user.click(screen.getByText('Name'));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it("shows 'No results' and the empty text when there are no rows", () => {
    renderTable({ rows: [], totalCount: 0, pageNumber: 1, emptyText: 'No invoices match these filters' });
    expect(screen.getByRole('status').textContent).toBe('No results');
    expect(screen.getByText('No invoices match these filters')).toBeTruthy();
    expect(screen.queryByTitle('Next Page')).toBeNull();
  });
});

type Visit = { id: number; patient: string; city: string; payCents: number };
const visits: Visit[] = [
  { id: 1, patient: 'Nguyen, Mai', city: 'Austin', payCents: 12_500 },
  { id: 2, patient: 'Ortiz, Ana', city: 'Dallas', payCents: 9_000 },
];
const visitColumns: DataTableProps<Visit>['columns'] = [
  { title: 'City', dataIndex: 'city', key: 'city', sorter: true },
  {
    title: 'Patient',
    key: 'patient',
    primary: true,
    sorter: true,
    render: (_value, row) => <a href={`/visit?id=${row.id}`}>{row.patient}</a>,
  },
  { title: 'Pay', dataIndex: 'payCents', key: 'pay', render: (cents: number) => `$${cents / 100}` },
  {
    title: 'Actions',
    key: 'actions',
    actions: true,
    render: (_value, row) => <button type="button">{`Check in ${row.patient}`}</button>,
  },
];

function renderVisits(props: Partial<DataTableProps<Visit>> = {}) {
  const onSortChange = jest.fn();
  const onPageChange = jest.fn();
  render(
    <DataTable<Visit>
      ariaLabel="Visits"
      rows={visits}
      totalCount={45}
      pageNumber={1}
      columns={visitColumns}
      rowKey="id"
      onPageChange={onPageChange}
      onSortChange={onSortChange}
      {...props}
    />,
  );
  return { onSortChange, onPageChange };
}

/** Each card's title and its label/value pairs, as a screen reader meets them. */
const cardTexts = () =>
  within(screen.getByRole('list', { name: 'Visits' }))
    .getAllByRole('listitem')
    .map((card) => ({
      title: within(card).getByRole('link').textContent,
      values: [...card.querySelectorAll('dt')].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      ),
    }));

describe('DataTable on a phone', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('answers width queries as a 390 px phone', () => {
    expect(phoneMatches('(max-width: 767.98px)')).toBe(true);
    expect(phoneMatches('(min-width: 768px)')).toBe(false);
    expect(phoneMatches('(min-width: 0px) and (max-width: 575.98px)')).toBe(true);
    expect(phoneMatches('(prefers-reduced-motion: reduce)')).toBe(false);
  });

  it('shows the same rows and columns as the wide table, each row a card titled by its primary column', () => {
    renderVisits();
    const table = screen.getByRole('table', { name: 'Visits' });
    const tableRows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(tableRows.slice(1)).toEqual([
      ['Austin', 'Nguyen, Mai', '$125', 'Check in Nguyen, Mai'],
      ['Dallas', 'Ortiz, Ana', '$90', 'Check in Ortiz, Ana'],
    ]);
    cleanup();

    restore = phoneScreen();
    renderVisits();
    expect(screen.queryByRole('table')).toBeNull();
    expect(cardTexts()).toEqual([
      { title: 'Nguyen, Mai', values: ['City: Austin', 'Pay: $125'] },
      { title: 'Ortiz, Ana', values: ['City: Dallas', 'Pay: $90'] },
    ]);
    // The record's link is the card's way in; its actions are buttons of the card.
    const first = within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Nguyen, Mai' }).getAttribute('href')).toBe('/visit?id=1');
    expect(within(first).getByRole('button', { name: 'Check in Nguyen, Mai' })).toBeTruthy();
  });

  it('titles a card with the first column when none is marked primary', () => {
    restore = phoneScreen();
    renderTable({ ariaLabel: 'Rows' });
    const cards = within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(cards[0]!.textContent).toBe('Row 11');
    expect(cards[0]!.querySelector('dl')!.children).toHaveLength(0);
  });

  it('offers the sortable columns in a select and reports the choice', async () => {
    restore = phoneScreen();
    const { onSortChange } = renderVisits();
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    fireEvent.mouseDown(sortBy);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    const choices = [...document.querySelectorAll('.ant-select-item-option')];
    expect(choices.map((option) => option.textContent)).toEqual([
      'Default order',
      'City, ascending',
      'City, descending',
      'Patient, ascending',
      'Patient, descending',
    ]);
    fireEvent.click(screen.getByTitle('Patient, descending'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'patient', order: 'descend' });
    fireEvent.mouseDown(sortBy);
    fireEvent.click(document.querySelector('.ant-select-item-option[title="Default order"]')!);
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('pages with a compact pager (fewer pages, no size choice), by keyboard too', async () => {
    restore = phoneScreen();
    const user = userEvent.setup();
    const { onPageChange } = renderVisits({ pageNumber: 5, totalCount: 200 });
    expect(screen.getByRole('status').textContent).toBe('Showing 41–50 of 200');
    const pager = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pager.queryByRole('combobox')).toBeNull();
    expect(pager.getAllByRole('listitem').map((item) => item.getAttribute('title'))).toEqual([
      'Previous Page',
      '1',
      'Previous 3 Pages',
      '4',
      '5',
      '6',
      'Next 3 Pages',
      '20',
      'Next Page',
    ]);
    pager.getByTitle('Next Page').focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(6, 10);
  });

  it('shows the same empty text, and no cards, when there are no rows', () => {
    restore = phoneScreen();
    renderVisits({ rows: [], totalCount: 0, emptyText: 'No visits match these filters.' });
    expect(screen.getByText('No visits match these filters.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No results');
  });

  it('shows the cards busy while a page loads', () => {
    restore = phoneScreen();
    renderVisits({ loading: true });
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(within(screen.getByRole('list', { name: 'Visits' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('is a table when the page asks for one, whatever the screen', () => {
    restore = phoneScreen();
    renderVisits({ layout: 'table' });
    expect(screen.getByRole('table', { name: 'Visits' })).toBeTruthy();
  });
});
