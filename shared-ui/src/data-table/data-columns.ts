import type { TableColumnsType } from 'antd';
import { isValidElement, type Key, type ReactNode } from 'react';

/** What a column says about itself on a phone, beside what the table reads. */
export type CardColumnOptions = {
  /** The card's title: the record's name, number or date, usually the link that opens it. */
  primary?: boolean;
  /** Its cell is the row's actions: shown below the card's values, as large buttons. */
  actions?: boolean;
  /** The label on a card when the column's title is not text (a checkbox, an icon). */
  cardLabel?: string;
};

export type DataTableColumn<T> = TableColumnsType<T>[number] & CardColumnOptions;
export type DataTableColumns<T> = readonly DataTableColumn<T>[];

/** One column as a card shows it: its label, and its cell for each row. */
export type CardField<T> = {
  key: Key;
  label: string;
  primary: boolean;
  actions: boolean;
  cell: (row: T, index: number) => ReactNode;
};

type Path = string | number | readonly (string | number)[] | undefined;

function valueAt(row: object, path: Path): unknown {
  if (path === undefined) return undefined;
  const steps = Array.isArray(path) ? path : [path];
  return steps.reduce<unknown>(
    (value, step) => (value == null ? undefined : (value as Record<string | number, unknown>)[step]),
    row,
  );
}

function labelOf<T>(column: DataTableColumn<T>): string {
  if (column.cardLabel) return column.cardLabel;
  if (typeof column.title === 'string' || typeof column.title === 'number') return String(column.title);
  return '';
}

/** A cell as the table renders it: the column's render of the value at its dataIndex, else that value. */
function cellOf<T extends object>(column: DataTableColumn<T>) {
  const path = 'dataIndex' in column ? (column.dataIndex as Path) : undefined;
  return (row: T, index: number): ReactNode => {
    const value = valueAt(row, path);
    if (column.render) {
      const rendered = column.render(value, row, index);
      // A render may answer { children, props } (cell spans): a card shows the children.
      if (rendered && typeof rendered === 'object' && !isValidElement(rendered) && 'children' in rendered)
        return rendered.children as ReactNode;
      return rendered as ReactNode;
    }
    return value == null ? null : (value as ReactNode);
  };
}

/** The columns a card shows, in the table's order; the primary one is the first unless one is marked. */
export function cardFields<T extends object>(columns: DataTableColumns<T>): CardField<T>[] {
  const shown = columns.filter((column) => !column.hidden);
  const marked = shown.findIndex((column) => column.primary);
  const primaryIndex = marked >= 0 ? marked : shown.findIndex((column) => !column.actions);
  return shown.map((column, index) => ({
    key: column.key ?? index,
    label: labelOf(column),
    primary: index === primaryIndex,
    actions: !!column.actions,
    cell: cellOf(column),
  }));
}

/** The columns as antd's Table takes them, without the card's own options. */
export function tableColumns<T>(columns: DataTableColumns<T>): TableColumnsType<T> {
  return columns.map(({ primary: _primary, actions: _actions, cardLabel: _cardLabel, ...column }) => column);
}

/** The sorts a phone offers in its select: each sortable column, ascending and descending. */
export function sortChoices<T>(columns: DataTableColumns<T>): { value: string; label: string }[] {
  return columns
    .filter((column) => column.sorter && !column.hidden)
    .flatMap((column) => {
      const path = 'dataIndex' in column ? (column.dataIndex as Path) : undefined;
      const field = String(column.key ?? (Array.isArray(path) ? path.join('.') : (path ?? '')));
      const label = labelOf(column);
      return [
        { value: `${field}:ascend`, label: `${label}, ascending` },
        { value: `${field}:descend`, label: `${label}, descending` },
      ];
    });
}
