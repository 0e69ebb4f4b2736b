import { isApiCallError } from '@carelane/shared-session';
import type { FormInstance } from 'antd';

/** Puts a 400 answer's field errors on the form's fields that have those names; returns how many it placed. */
export function showFieldErrors(form: FormInstance, error: unknown): number {
  if (!isApiCallError(error)) return 0;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const placed = error.fieldErrors.filter((item) => known.has(item.field));
  form.setFields(placed.map((item) => ({ name: item.field, errors: [item.message] })));
  return placed.length;
}
