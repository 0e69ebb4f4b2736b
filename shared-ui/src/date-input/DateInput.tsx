import { DATE_FORMAT, formatDate, parseDate } from '@carelane/shared-domain';
import { Input, type InputProps, Typography } from 'antd';
import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useId, useState } from 'react';

export const DATE_ERROR = 'Enter a date as M/D/YYYY';

export type DateInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'status'> & {
  /** The date; null for none. Leave undefined to let the input keep its own. */
  value?: Date | null;
  defaultValue?: Date | null;
  /** Called on blur and on Enter (which never submits the form): the date typed, or null when the text is empty or not a date. */
  onChange?: (value: Date | null) => void;
  /** An empty value is an error too. */
  required?: boolean;
};

const sameDate = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.getTime() === b.getTime());

/** A M/D/YYYY date typed as text (quicker than a calendar for birthdays); rewritten as M/D/YYYY on blur. */
export function DateInput({
  value,
  defaultValue = null,
  onChange,
  required = false,
  onBlur,
  onKeyDown,
  placeholder = DATE_FORMAT,
  ...inputProps
}: DateInputProps) {
  const [text, setText] = useState(() => formatDate(value === undefined ? defaultValue : value));
  // The date last reported to (or given by) the parent, so a blur reports only a change.
  const [committed, setCommitted] = useState<Date | null>(value === undefined ? defaultValue : value);
  const [seenValue, setSeenValue] = useState(value);
  const [touched, setTouched] = useState(false);
  const errorId = useId();

  // A new value from the parent replaces the text, unless it is the date the text already says.
  if (value !== undefined && !sameDate(value, seenValue)) {
    setSeenValue(value);
    setCommitted(value);
    if (!sameDate(value, parseDate(text))) setText(formatDate(value));
  }

  const trimmed = text.trim();
  const invalid = touched && (trimmed === '' ? required : parseDate(trimmed) === null);

  const commit = () => {
    setTouched(true);
    const date = parseDate(trimmed);
    if (date) setText(formatDate(date));
    if (!sameDate(date, committed)) {
      setCommitted(date);
      onChange?.(date);
    }
  };

  return (
    <div className="carelane-date-input">
      <Input
        inputMode="numeric"
        {...inputProps}
        placeholder={placeholder}
        value={text}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          commit();
          onBlur?.(event);
        }}
        // Enter commits the typed date and does not submit the form: a date is rarely the last field, and a
        // form sent by Enter here went out without what was still to fill in (a credential without its scan).
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          onKeyDown?.(event);
        }}
      />
      {invalid ? (
        <Typography.Text id={errorId} role="alert" type="danger" className="carelane-field-error">
          {DATE_ERROR}
        </Typography.Text>
      ) : null}
    </div>
  );
}
