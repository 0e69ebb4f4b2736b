// The skeleton the list pages of this area share: the URL filters every list has (page and search), the
// page frame with its "New …" button, the search box, the status select, and the table that becomes an
// error with a retry when the list could not be loaded.
import { canOpen, errorMessage, navigateTo, useSession, type UrlValue } from '@carelane/shared-session';
import { DataTable, ErrorState, PageFrame } from '@carelane/shared-ui';
import { Button, Input, Select, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';

/** The URL filters of every list: page, page size and search text. Spread into the page's filter schema. */
export const listFilterFields = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
};

/** The setter of `useUrlState`, as far as these pieces use it. */
type SetFilters<K extends string> = (update: Partial<Record<K, UrlValue>>) => void;

/** A list page: its title, and the "New …" button for those who may open the detail page. */
export function ListPageFrame({
  title,
  newLabel,
  newPath,
  privilege,
  children,
}: {
  title: string;
  newLabel: string;
  newPath: string;
  /** The page key `canOpen` checks before the button shows. */
  privilege: string;
  children: ReactNode;
}) {
  const session = useSession();
  return (
    <PageFrame
      title={title}
      actions={
        canOpen(session, privilege) ? (
          <Button type="primary" onClick={() => navigateTo(newPath)}>
            {newLabel}
          </Button>
        ) : null
      }
    >
      {children}
    </PageFrame>
  );
}

/** The search box of a list: searching writes the trimmed text (none when blank) and goes back to page 1. */
export function ListSearch({
  label,
  placeholder,
  width,
  search,
  setFilters,
}: {
  label: string;
  placeholder: string;
  width: number;
  search: string | undefined;
  setFilters: SetFilters<'search' | 'pageNumber'>;
}) {
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      allowClear
      defaultValue={search}
      onSearch={(text) => setFilters({ search: text.trim() || null, pageNumber: null })}
      style={{ width }}
    />
  );
}

/** The status select of a list: a change goes back to page 1. */
export function StatusFilter({
  value,
  options,
  width = 140,
  setFilters,
}: {
  value: string;
  options: { value: string; label: string }[];
  width?: number;
  setFilters: SetFilters<'status' | 'pageNumber'>;
}) {
  return (
    <Select
      aria-label="Status"
      value={value}
      options={options}
      onChange={(status: string) => setFilters({ status, pageNumber: null })}
      style={{ width }}
    />
  );
}

/** The list query as far as the error frame needs it. */
type ListQuery = { isError: boolean; error: unknown; refetch: () => unknown };

/** The table of a list, or the error (with a retry) when the list could not be loaded. */
export function ListResults({
  query,
  thing,
  children,
}: {
  query: ListQuery;
  /** The catalogue's thing, e.g. 'the physicians'. */
  thing: string;
  children: ReactNode;
}) {
  if (query.isError)
    return (
      <ErrorState message={errorMessage(query.error, thing, 'loaded')} onRetry={() => void query.refetch()} />
    );
  return <>{children}</>;
}

/** A paged list's table (or its error), paging through the URL filters. */
export function ListTable<Row extends { id: number }>({
  query,
  thing,
  label,
  columns,
  emptyText,
  filters,
  setFilters,
}: {
  query: ListQuery & {
    data?: { rows: Row[]; paging: { totalCount: number } };
    isFetching: boolean;
  };
  thing: string;
  label: string;
  columns: TableColumnsType<Row>;
  emptyText: string;
  filters: { pageNumber: number; pageSize: number };
  setFilters: SetFilters<'pageNumber' | 'pageSize'>;
}) {
  return (
    <ListResults query={query} thing={thing}>
      <DataTable<Row>
        ariaLabel={label}
        rows={query.data?.rows ?? []}
        totalCount={query.data?.paging.totalCount ?? 0}
        pageNumber={filters.pageNumber}
        pageSize={filters.pageSize}
        loading={query.isFetching}
        columns={columns}
        rowKey="id"
        emptyText={emptyText}
        onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
      />
    </ListResults>
  );
}
