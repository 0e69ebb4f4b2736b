// The records behind a report's figure, in a drawer (decisions 046, 049, 050): how many there are (the figure),
// every one of them as CSV, a page of them at a time, and the focus back on the figure's button when it closes.
// Each report gives its query, its rows' columns and how its CSV is made.
import { toCsv, type Paging } from '@carelane/shared-domain';
import {
  csvFile,
  DataTable,
  ExportCsvButton,
  fetchEveryPage,
  ListResults,
  useFocusReturn,
  type DataTableColumns,
  type ExportCsvButtonProps,
} from '@carelane/shared-ui';
import { Drawer, Flex, Typography } from 'antd';
import type { Key } from 'react';

const count = new Intl.NumberFormat('en-US');

export type RecordsDrawerProps<T> = {
  /** The drawer's heading and the table's name: the figure and its period. */
  title: string;
  /** A record's name, such as { one: 'visit', many: 'visits' }. */
  noun: { one: string; many: string };
  /** The page's query: its failure and retry, whether it is fetching, whether it answered. */
  query: { isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean; data?: unknown };
  rows: readonly T[];
  /** Every record behind the figure. */
  total: number;
  columns: DataTableColumns<T>;
  pageNumber: number;
  pageSize: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
  exportFile: ExportCsvButtonProps['file'];
};

export function RecordsDrawer<T extends { id: Key }>({
  title,
  noun,
  query,
  rows,
  total,
  columns,
  pageNumber,
  pageSize,
  onPage,
  onClose,
  exportFile,
}: RecordsDrawerProps<T>) {
  useFocusReturn();
  return (
    <Drawer open onClose={onClose} title={title} size="min(1100px, 100vw)" destroyOnHidden>
      <Flex justify="space-between" align="start" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text role="status">
          {query.data ? `${count.format(total)} ${total === 1 ? noun.one : noun.many}` : 'Loading…'}
        </Typography.Text>
        <ExportCsvButton thing={`the ${noun.many}`} rowNames={noun} file={exportFile} />
      </Flex>
      <ListResults query={query} thing={`the ${noun.many}`}>
        <DataTable<T>
          ariaLabel={title}
          rows={rows}
          totalCount={total}
          pageNumber={pageNumber}
          pageSize={pageSize}
          pageSizeOptions={[pageSize]}
          loading={query.isFetching}
          columns={columns}
          rowKey="id"
          emptyText={`No ${noun.many}.`}
          onPageChange={(next) => onPage(next)}
        />
      </ListResults>
    </Drawer>
  );
}

/** The pages of a drawer's records read in turn (each record kept once by `keyOf`), made into one CSV file. */
export function everyRecordFile<T>(spec: {
  fetchPage: (
    pageNumber: number,
    pageSize: number,
    signal: AbortSignal,
  ) => Promise<{ rows: T[]; paging: Paging }>;
  keyOf: (row: T) => number;
  csvOf: (rows: T[]) => string;
  fileName: string;
}): ExportCsvButtonProps['file'] {
  return async (progress, signal) => {
    const rows = await fetchEveryPage<T>(
      (page, size) => spec.fetchPage(page, size, signal),
      spec.keyOf,
      progress,
    );
    return { ...csvFile(spec.csvOf(rows), spec.fileName), rows: rows.length };
  };
}

/**
 * A drawer's CSV of every record behind its figure: the pages read in turn (kept once by `keyOf`), a line per
 * record under `header`, the file named after the drawer's title.
 */
export function everyRecordCsv<T>(spec: {
  title: string;
  fetchPage: (
    pageNumber: number,
    pageSize: number,
    signal: AbortSignal,
  ) => Promise<{ rows: T[]; paging: Paging }>;
  keyOf: (row: T) => number;
  header: readonly string[];
  cells: (row: T) => readonly unknown[];
}): ExportCsvButtonProps['file'] {
  return everyRecordFile<T>({
    fetchPage: spec.fetchPage,
    keyOf: spec.keyOf,
    csvOf: (rows) => toCsv([spec.header, ...rows.map(spec.cells)]),
    fileName: `${spec.title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.csv`,
  });
}
