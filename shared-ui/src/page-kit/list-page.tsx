// The skeleton the areas' list pages share: the URL filters every list has (page and search), the
// page frame with its "New …" button, the search box, the status select, and the table that becomes an
// error with a retry when the list could not be loaded; `ListPage` puts them together for a list that
// differs from the others only by its nouns, columns and extra filters. The column helpers at the end
// write the columns those lists have in common.
import { formatPhone } from '@carelane/shared-domain';
import { canOpen, errorMessage, navigateTo, useSession, type UrlValue } from '@carelane/shared-session';
import { DataTable } from '../data-table/DataTable';
import { ErrorState } from '../error-state/ErrorState';
import { PageFrame } from '../page-frame/PageFrame';
import { RECORD_STATUS_FILTER_OPTIONS } from '../record-status-tag/record-status-options';
import { Button, Flex, Input, Select, type TableColumnsType, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { AreaLink } from './page-kit';

/** The URL filters of every list: page, page size and search text. Spread into the page's filter schema. */
export const listFilterFields = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
};

/** The URL filter of a record status (ACTIVE, INACTIVE or ALL), `fallback` when the URL has none. */
export const recordStatusFilterField = (fallback: 'ACTIVE' | 'INACTIVE' | 'ALL') =>
  z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default(fallback);

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

/** A paged list's query, as far as its table needs it. */
type PagedListQuery<Row> = ListQuery & {
  data?: { rows: Row[]; paging: { totalCount: number } };
  isFetching: boolean;
};

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
  query: PagedListQuery<Row>;
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

/** The nouns of a list page: one thing and many, lower case ('group', 'groups'). */
export type ListNoun = { one: string; many: string };

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A list page of one kind of record: title, "New …" button, search box, status filter (and any `extraFilters`
 * beside it), and the paged table, all named after `noun`: "Groups", "New group", "Search groups",
 * "No groups match these filters.", the failure "Sorry, the groups could not be loaded. …".
 */
export function ListPage<Row extends { id: number }>({
  noun,
  newPath,
  privilege,
  searchPlaceholder,
  searchWidth = 280,
  statusOptions = RECORD_STATUS_FILTER_OPTIONS,
  statusWidth,
  extraFilters,
  columns,
  query,
  filters,
  setFilters,
}: {
  noun: ListNoun;
  /** The detail page a "New …" button opens. */
  newPath: string;
  /** The page key `canOpen` checks before the "New …" button shows. */
  privilege: string;
  searchPlaceholder: string;
  searchWidth?: number;
  /** The status select's choices; Active, Inactive and All when not given. */
  statusOptions?: { value: string; label: string }[];
  statusWidth?: number;
  /** Filters of this list alone, after the status select. */
  extraFilters?: ReactNode;
  columns: TableColumnsType<Row>;
  query: PagedListQuery<Row>;
  filters: { pageNumber: number; pageSize: number; search?: string; status: string };
  setFilters: SetFilters<'search' | 'status' | 'pageNumber' | 'pageSize'>;
}) {
  const title = capitalized(noun.many);
  return (
    <ListPageFrame title={title} newLabel={`New ${noun.one}`} newPath={newPath} privilege={privilege}>
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <ListSearch
          label={`Search ${noun.many}`}
          placeholder={searchPlaceholder}
          width={searchWidth}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter
          value={filters.status}
          options={statusOptions}
          width={statusWidth}
          setFilters={setFilters}
        />
        {extraFilters}
      </Flex>
      <ListTable<Row>
        query={query}
        thing={`the ${noun.many}`}
        label={title}
        columns={columns}
        emptyText={`No ${noun.many} match these filters.`}
        filters={filters}
        setFilters={setFilters}
      />
    </ListPageFrame>
  );
}

/** What a cell shows for a value the record does not have. */
export const NONE = '—';

/** The Name column: the row's name as a link to its detail page (`{path}?id={id}`). */
export function nameLinkColumn<Row extends { id: number }>(
  path: string,
  name: (row: Row) => string,
): TableColumnType<Row> {
  return {
    title: 'Name',
    key: 'name',
    render: (_value, row) => <AreaLink to={`${path}?id=${row.id}`}>{name(row)}</AreaLink>,
  };
}

/** A text column that shows "—" where the record has no value. */
export function textColumn<Row>(
  title: string,
  field: keyof Row & string,
  key: string = field,
): TableColumnType<Row> {
  return {
    title,
    dataIndex: field,
    key,
    render: (value: string | number | null | undefined) => value ?? NONE,
  };
}

/** A phone number as NNN-NNN-NNNN, or "—". */
export const phoneText = (phone: string | null | undefined) => (phone ? formatPhone(phone) : NONE);

/** The Phone column: the number in `field` as NNN-NNN-NNNN, or "—". */
export function phoneColumn<Row>(field: keyof Row & string, key = 'phone'): TableColumnType<Row> {
  return { title: 'Phone', dataIndex: field, key, render: phoneText };
}

/** The City column: the place parts the row has, joined by commas ("Austin, TX"), or "—". */
export function placeColumn<Row>(place: (row: Row) => (string | null | undefined)[]): TableColumnType<Row> {
  return {
    title: 'City',
    key: 'city',
    render: (_value, row) => place(row).filter(Boolean).join(', ') || NONE,
  };
}
