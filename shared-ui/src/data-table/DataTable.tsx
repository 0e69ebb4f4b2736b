import { PAGE_SIZES } from '@carelane/shared-domain';
import { Flex, Pagination, Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { type Key } from 'react';
import { EmptyState } from '../empty-state/EmptyState';
import { paginationSummary } from './pagination-summary';

export type SortChange = { field: string; order: 'ascend' | 'descend' } | null;

export type DataTableProps<T> = {
  /** The rows of the current page, as the server returned them. */
  rows: readonly T[];
  /** All rows matching the filters, on every page. */
  totalCount: number;
  /** The server stopped counting at totalCount (the summary says 'of N+'). */
  totalCountIsCapped?: boolean;
  /** 1-based. */
  pageNumber: number;
  /** Defaults to 10 (SPEC §9). */
  pageSize?: number;
  /** Page sizes offered; the default includes the current size. */
  pageSizeOptions?: readonly number[];
  loading?: boolean;
  columns: TableColumnsType<T>;
  rowKey: keyof T | ((row: T) => Key);
  onPageChange: (pageNumber: number, pageSize: number) => void;
  /** Sorting is done by the server; columns opt in with `sorter: true`. */
  onSortChange?: (sort: SortChange) => void;
  emptyText?: string;
  /** Names the table for screen readers, such as 'Invoices'. */
  ariaLabel?: string;
};

const DEFAULT_PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/** A server-paged table: the rows of one page, the summary line, and keyboard-usable pagination. */
export function DataTable<T extends object>({
  rows,
  totalCount,
  totalCountIsCapped = false,
  pageNumber,
  pageSize = PAGE_SIZES.default,
  pageSizeOptions,
  loading = false,
  columns,
  rowKey,
  onPageChange,
  onSortChange,
  emptyText = 'No results',
  ariaLabel,
}: DataTableProps<T>) {
  const sizes = [...new Set([...(pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS), pageSize])].sort(
    (a, b) => a - b,
  );

  const handleTableChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || !onSortChange) return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey ?? single?.field;
    if (!single?.order || field === undefined) onSortChange(null);
    else onSortChange({ field: Array.isArray(field) ? field.join('.') : String(field), order: single.order });
  };

  const handlePagination = (page: number, size: number) => {
    // A new page size starts again from the first page, so the rows shown are never a surprise.
    onPageChange(size === pageSize ? page : 1, size);
  };

  return (
    <div className="carelane-data-table">
      <Table<T>
        aria-label={ariaLabel}
        dataSource={rows as T[]}
        columns={columns}
        rowKey={rowKey as TableProps<T>['rowKey']}
        loading={loading}
        pagination={false}
        onChange={handleTableChange}
        locale={{ emptyText: <EmptyState title={emptyText} /> }}
      />
      <nav aria-label="Pagination">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
          <Typography.Text type="secondary" role="status" className="carelane-pagination-summary">
            {paginationSummary(pageNumber, pageSize, totalCount, totalCountIsCapped)}
          </Typography.Text>
          {totalCount > 0 ? (
            <Pagination
              current={pageNumber}
              pageSize={pageSize}
              total={totalCount}
              showSizeChanger
              pageSizeOptions={sizes}
              onChange={handlePagination}
            />
          ) : null}
        </Flex>
      </nav>
    </div>
  );
}
