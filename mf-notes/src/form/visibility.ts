// Whether a field is shown: its showWhen condition against the values around it (shared-domain's rule; a table
// column reads its row first, then the note's top-level values).
import { isFieldVisible, type NoteField, type NoteValues, type SimpleField } from '@carelane/shared-domain';

export const visibleIn = (field: NoteField | SimpleField, values: NoteValues, outer?: NoteValues): boolean =>
  isFieldVisible(field, values, outer);

/** The top-level fields a table's column conditions read (not columns of the table itself). */
export function outerDependencies(field: NoteField): string[] {
  if (field.kind !== 'table') return [];
  const columns = new Set(field.columns.map((column) => column.id));
  return [
    ...new Set(
      field.columns.flatMap((column) =>
        column.showWhen && !columns.has(column.showWhen.field) ? [column.showWhen.field] : [],
      ),
    ),
  ];
}
