import { DataTable, type DataTableProps } from '@carelane/shared-ui';

export type AllRowsTableProps<T> = Omit<
  DataTableProps<T>,
  'totalCount' | 'pageNumber' | 'pageSize' | 'pageSizeOptions' | 'onPageChange' | 'totalCountIsCapped'
>;

/**
 * A report's table of groups with every row on one page (a report's groups — organizations, provider types,
 * patients — come whole with the report, sorted by the server): the shared list with its summary line, no pager.
 */
export function AllRowsTable<T extends object>(props: AllRowsTableProps<T>) {
  const size = Math.max(props.rows.length, 10);
  return (
    <DataTable<T>
      {...props}
      totalCount={props.rows.length}
      pageNumber={1}
      pageSize={size}
      pageSizeOptions={[size]}
      onPageChange={() => undefined}
    />
  );
}
