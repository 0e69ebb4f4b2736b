import { readFileBytes } from '@carelane/shared-session';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, type RenderedPage } from '../page-test-kit/page-test-kit';
import { csvFile } from './csv-file';
import { ExportCsvButton } from './ExportCsvButton';
import { EXPORT_PAGE_SIZE, fetchEveryPage } from './fetch-every-page';

jest.setTimeout(120_000);

describe('ExportCsvButton', () => {
  let page: RenderedPage | undefined;
  const createObjectURL = jest.fn(() => 'blob:export');
  beforeAll(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  });
  afterEach(() => page?.done());

  it('saves the file under its name, and is busy while it is made', async () => {
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    let finish: () => void = () => undefined;
    const made = new Promise<void>((resolve) => (finish = resolve));
    page = renderPage(
      <ExportCsvButton
        thing="the unpaid visits"
        file={async () => {
          await made;
          return csvFile('Name\nDoe, Jane\n', 'unpaid-visits.csv');
        }}
      />,
      { url: '/unpaidvisits', route: () => undefined },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Export CSV/ }).className).toMatch(/loading/),
    );
    finish();
    await waitFor(() => expect(saved).toEqual(['unpaid-visits.csv']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export CSV' }).className).not.toMatch(/loading/),
    );
    expect(page.errorToasts).toEqual([]);
    click.mockRestore();
  });

  it('with row names: counts the pages on the button and reads out how it goes, then how many rows', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let next: () => void = () => undefined;
    page = renderPage(
      <ExportCsvButton
        thing="the invoices"
        rowNames={{ one: 'invoice', many: 'invoices' }}
        file={async (progress) => {
          progress(500, 1200);
          await new Promise<void>((resolve) => (next = resolve));
          return { ...csvFile('Number\n1\n', 'invoices.csv'), rows: 1200 };
        }}
      />,
      { url: '/invoices', route: () => undefined },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: /Exporting 500 of 1,200/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Exporting: 500 of 1,200 invoices');
    next();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Exported 1,200 invoices.'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy());
    click.mockRestore();
  });

  it('tells in an error toast what could not be exported', async () => {
    page = renderPage(
      <ExportCsvButton
        thing="the unpaid visits"
        file={() => Promise.reject(new Error('The server is down.'))}
      />,
      { url: '/unpaidvisits', route: () => undefined },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(page?.errorToasts).toHaveLength(1));
    expect(page.errorToasts[0]).toMatch(/^Sorry, the unpaid visits could not be exported\./);
  });
});

describe('csvFile', () => {
  it('starts the file with a byte order mark so Excel reads accents right', async () => {
    const file = csvFile('Name\nJosé\n', 'names.csv');
    expect(file.fileName).toBe('names.csv');
    const bytes = new Uint8Array(await readFileBytes(file.blob));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.blob.type).toMatch(/^text\/csv/);
  });
});

describe('fetchEveryPage', () => {
  const paging = (totalCount: number, pageNumber: number) => ({
    pageNumber,
    pageSize: EXPORT_PAGE_SIZE,
    pageCount: Math.ceil(totalCount / EXPORT_PAGE_SIZE),
    totalCount,
  });

  it('reads page after page until the last, keeping a row seen twice once, and reports progress', async () => {
    const total = EXPORT_PAGE_SIZE + 2;
    const ids = Array.from({ length: total }, (_, index) => index + 1);
    const asked: number[] = [];
    const progress: [number, number][] = [];
    const rows = await fetchEveryPage(
      async (pageNumber, pageSize) => {
        asked.push(pageNumber);
        // A row added while the export runs pushes the last row of page 1 onto page 2 as well.
        const start = pageNumber === 1 ? 0 : pageSize - 1;
        return {
          rows: ids.slice(start, start + pageSize).map((id) => ({ id })),
          paging: paging(total, pageNumber),
        };
      },
      (row) => row.id,
      (done, of) => progress.push([done, of]),
    );
    expect(asked).toEqual([1, 2]);
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(progress).toEqual([
      [EXPORT_PAGE_SIZE, total],
      [total, total],
    ]);
  });

  it('stops after a short page even when the count promised more', async () => {
    const asked: number[] = [];
    const rows = await fetchEveryPage(
      async (pageNumber) => {
        asked.push(pageNumber);
        return { rows: [{ id: 1 }, { id: 2 }], paging: paging(5000, pageNumber) };
      },
      (row) => row.id,
    );
    expect(asked).toEqual([1]);
    expect(rows).toHaveLength(2);
  });
});
