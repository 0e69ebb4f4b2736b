import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableProps } from './DataTable';
import { paginationSummary } from './pagination-summary';

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
