// shared-ui's DateInput for forms, reporting what was typed.
import { parseDate } from '@carelane/shared-domain';
import type { FocusEvent, KeyboardEvent } from 'react';
import { DateInput, type DateInputProps } from '../date-input/DateInput';
import { isUnreadableDate } from './patient-field-rules';

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
