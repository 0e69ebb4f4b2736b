// Pieces the patient and service request pages share: ISO date <-> the M/D/YYYY inputs, a typed date that
// reports what was typed, and the stale-edit notice (409 STALE_VERSION) with its reload.
import { birthdayProblem, isValidPhone, parseDate } from '@carelane/shared-domain';
import { isApiCallError } from '@carelane/shared-session';
import { DateInput, type DateInputProps } from '@carelane/shared-ui';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import type { FocusEvent, KeyboardEvent } from 'react';

export const isoOf = (date: Date | null | undefined): string | null =>
  date ? dayjs(date).format('YYYY-MM-DD') : null;
export const dateOf = (iso: string | null | undefined): Date | null => (iso ? dayjs(iso).toDate() : null);
export const todayIso = () => dayjs().format('YYYY-MM-DD');

/** What a typed date that is not one (2/30/1940, 13/1/2020) is reported as: a Date that is not a date. */
export const isUnreadableDate = (value: unknown): boolean =>
  value instanceof Date && Number.isNaN(value.getTime());

const sameDate = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && Object.is(a.getTime(), b.getTime()));

/**
 * shared-ui's DateInput for forms: the typed text is reported on Enter as on leaving the field (so Enter never
 * submits an older date), and text that is not a date is reported as an unreadable Date (so a rule can refuse
 * it instead of the field being saved empty). DateInput shows its own M/D/YYYY message for such text.
 */
export function TypedDateInput({ value, onChange, onBlur, onKeyDown, ...props }: DateInputProps) {
  const report = (text: string) => {
    const trimmed = text.trim();
    const date = trimmed === '' ? null : (parseDate(trimmed) ?? new Date(Number.NaN));
    if (!sameDate(date, value)) onChange?.(date);
  };
  return (
    <DateInput
      {...props}
      value={isUnreadableDate(value) ? undefined : value}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        report(event.target.value);
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') report(event.currentTarget.value);
        onKeyDown?.(event);
      }}
    />
  );
}

/** The form rule of a birthday (the API's rule): a real date, not in the future, from 1900 on. */
export const birthdayRule = {
  validator: (_rule: unknown, value: Date | null | undefined) => {
    // DateInput already says 'Enter a date as M/D/YYYY' under unreadable text.
    if (isUnreadableDate(value)) return Promise.reject(new Error(''));
    const problem = value ? birthdayProblem(isoOf(value)!) : null;
    return problem ? Promise.reject(new Error(`Birthday ${problem}.`)) : Promise.resolve();
  },
};

/** The form rule of a phone (the API's rule: 10 digits); PhoneInput shows its own message under the field. */
export const phoneRule = {
  validator: (_rule: unknown, value: string | null | undefined) =>
    value && value.trim() !== '' && !isValidPhone(value) ? Promise.reject(new Error('')) : Promise.resolve(),
};

/** True when the server refused a write because someone else changed the row first. */
export function isStale(error: unknown): boolean {
  return isApiCallError(error) && error.status === 409 && error.code === 'STALE_VERSION';
}

/** The server's stale-edit text and a button that reloads the row (the form then shows their changes). */
export function StaleNotice({ text, onReload }: { text: string | null; onReload: () => void }) {
  if (!text) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={text}
      action={
        <Button size="small" onClick={onReload}>
          Reload
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
