import { PAGE_SIZES } from '@carelane/shared-domain';
import { Flex, Pagination, Select, Table, type TableProps, Typography } from 'antd';
import { type Key, useState } from 'react';
import { EmptyState } from '../empty-state/EmptyState';
import { DataCards } from './data-cards';
import { cardFields, type DataTableColumns, sortChoices, tableColumns } from './data-columns';
import { paginationSummary } from './pagination-summary';
import { useCardLayout } from './use-card-layout';

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
  /** The table's columns; on a phone the same columns make each row's card (see `primary` and `actions`). */
  columns: DataTableColumns<T>;
  rowKey: keyof T | ((row: T) => Key);
  onPageChange: (pageNumber: number, pageSize: number) => void;
  /** Sorting is done by the server; columns opt in with `sorter: true`. */
  onSortChange?: (sort: SortChange) => void;
  emptyText?: string;
  /** Names the table for screen readers, such as 'Invoices'. */
  ariaLabel?: string;
  /** 'auto' (the default): a table, and cards below antd's `md`. The others force one, for a catalogue. */
  layout?: 'auto' | 'table' | 'cards';
};

const DEFAULT_PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/**
 * A server-paged list: the rows of one page, the summary line, and keyboard-usable pagination. A table on a wide
 * screen; on a phone a list of cards with the same columns, sorting as a select and compact pagination.
 */
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
  layout = 'auto',
}: DataTableProps<T>) {
  const narrowScreen = useCardLayout();
  const cards = layout === 'cards' || (layout === 'auto' && narrowScreen);
  const [cardSort, setCardSort] = useState('');
  const sorts = onSortChange ? sortChoices(columns) : [];
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

  const handleCardSort = (choice: string) => {
    setCardSort(choice);
    const cut = choice.lastIndexOf(':');
    const order = choice.slice(cut + 1);
    onSortChange?.(
      choice && (order === 'ascend' || order === 'descend') ? { field: choice.slice(0, cut), order } : null,
    );
  };

  return (
    <div className="carelane-data-table">
      {cards ? (
        <Flex vertical gap={12}>
          {sorts.length > 0 ? (
            <Select
              aria-label="Sort by"
              value={cardSort}
              options={[{ value: '', label: 'Default order' }, ...sorts]}
              onChange={handleCardSort}
              style={{ width: '100%', maxWidth: 320 }}
            />
          ) : null}
          <DataCards<T>
            rows={rows}
            fields={cardFields(columns)}
            rowKey={rowKey}
            loading={loading}
            emptyText={emptyText}
            ariaLabel={ariaLabel}
          />
        </Flex>
      ) : (
        <Table<T>
          aria-label={ariaLabel}
          dataSource={rows as T[]}
          columns={tableColumns(columns)}
          rowKey={rowKey as TableProps<T>['rowKey']}
          loading={loading}
          pagination={false}
          onChange={handleTableChange}
          locale={{ emptyText: <EmptyState title={emptyText} /> }}
        />
      )}
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
              size={cards ? 'small' : undefined}
              showLessItems={cards}
              showSizeChanger={!cards}
              pageSizeOptions={sizes}
              onChange={handlePagination}
            />
          ) : null}
        </Flex>
      </nav>
    </div>
  );
}
