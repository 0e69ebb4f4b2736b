// A table field (medications, wounds): one group of column controls per row, add and remove rows. Removing a row
// holding anything asks first; an empty row goes at once. On a phone each row is a card: its title, then every
// column full width one under the other, and a full-width Remove (issue 24).
import type { NoteField, NoteValues, SimpleField } from '@carelane/shared-domain';
import { Button, Flex, Popconfirm } from 'antd';
import { memo, useCallback } from 'react';
import { VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { FieldFrame, SimpleControl, hintOf, isGroupControl, rangeError } from './controls';
import { isEmptyValue } from './form-values';
import { visibleIn } from './visibility';

type TableField = Extract<NoteField, { kind: 'table' }>;
export type TableRow = Record<string, unknown>;

export const rowsOf = (value: unknown): TableRow[] =>
  Array.isArray(value) ? (value.filter((row) => row && typeof row === 'object') as TableRow[]) : [];

type RowProps = {
  field: TableField;
  controlId: string;
  index: number;
  row: TableRow;
  /** The top-level values a column's condition reads. */
  outer?: NoteValues;
  setCell: (index: number, columnId: string, value: unknown) => void;
  removeRow: (index: number) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

const TableRowView = memo(function TableRowView({
  field,
  controlId,
  index,
  row,
  outer,
  setCell,
  removeRow,
  onBlur,
  mobile,
}: RowProps) {
  const rowLabel = `${field.label} ${index + 1}`;
  return (
    <fieldset className={mobile ? 'note-form-row note-form-card' : 'note-form-row'} aria-label={rowLabel}>
      {mobile ? (
        <div className="note-form-card-title" aria-hidden="true">
          {rowLabel}
        </div>
      ) : null}
      <Flex gap={mobile ? 4 : 12} wrap={!mobile} align={mobile ? 'stretch' : 'flex-end'} vertical={mobile}>
        {field.columns.map((column: SimpleField) => {
          if (!visibleIn(column, row, outer)) return null;
          const cellId = `${controlId}-${index}-${column.id}`;
          const hint = hintOf(column);
          return (
            <div
              key={column.id}
              className={mobile ? 'note-form-card-cell' : undefined}
              style={mobile ? undefined : { minWidth: 160, maxWidth: 320, flex: '1 1 160px' }}
            >
              <FieldFrame
                controlId={cellId}
                group={isGroupControl(column)}
                required={column.required}
                label={
                  <>
                    {column.label}
                    <span style={VISUALLY_HIDDEN}> (row {index + 1})</span>
                  </>
                }
                hint={hint}
                error={rangeError(column, row[column.id])}
              >
                <SimpleControl
                  field={column}
                  controlId={cellId}
                  value={row[column.id]}
                  error={rangeError(column, row[column.id])}
                  onChange={(value) => setCell(index, column.id, value)}
                  onBlur={onBlur}
                  mobile={mobile}
                />
              </FieldFrame>
            </div>
          );
        })}
        {isEmptyValue(row) ? (
          <Button
            aria-label={`Remove ${rowLabel}`}
            danger
            className="note-form-remove"
            onClick={() => removeRow(index)}
          >
            Remove
          </Button>
        ) : (
          <Popconfirm
            title={`Remove ${rowLabel}?`}
            okText="Remove"
            cancelText="Keep"
            okButtonProps={{ danger: true }}
            onConfirm={() => removeRow(index)}
          >
            <Button aria-label={`Remove ${rowLabel}`} danger className="note-form-remove">
              Remove
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </fieldset>
  );
});

export type TableFieldProps = {
  field: TableField;
  controlId: string;
  value: unknown;
  outer?: NoteValues;
  setValue: (value: unknown) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

/** The editable rows of a table field. */
export function TableFieldControl({
  field,
  controlId,
  value,
  outer,
  setValue,
  onBlur,
  mobile,
}: TableFieldProps) {
  const rows = rowsOf(value);
  // The latest rows are read at the time of the change, so the row callbacks stay the same between renders.
  const setCell = useCallback(
    (index: number, columnId: string, cell: unknown) => {
      const next = rows.map((row, i) => {
        if (i !== index) return row;
        const copy = { ...row };
        if (cell === undefined) delete copy[columnId];
        else copy[columnId] = cell;
        return copy;
      });
      setValue(next);
    },
    [rows, setValue],
  );
  const removeRow = useCallback(
    (index: number) => {
      const next = rows.filter((_, i) => i !== index);
      setValue(next.length ? next : undefined);
    },
    [rows, setValue],
  );
  const full = field.maxRows !== undefined && rows.length >= field.maxRows;
  return (
    <div role="group" aria-labelledby={`${controlId}-label`} id={controlId}>
      {rows.length === 0 ? <p className="note-form-empty">No rows yet.</p> : null}
      {rows.map((row, index) => (
        <TableRowView
          key={index}
          field={field}
          controlId={controlId}
          index={index}
          row={row}
          outer={outer}
          setCell={setCell}
          removeRow={removeRow}
          onBlur={onBlur}
          mobile={mobile}
        />
      ))}
      <Button onClick={() => setValue([...rows, {}])} disabled={full} className="note-form-add">
        {field.addLabel ?? `Add ${field.label.toLowerCase()} row`}
      </Button>
    </div>
  );
}
