import {
  formatTimeOfDay,
  parseTimeOfDay,
  timeZoneAbbreviation,
  VISIT_TIME_MESSAGES,
  viewerTimeZone,
} from '@carelane/shared-domain';
import { Input, type FormRule, type InputProps } from 'antd';
import { type ChangeEvent, type FocusEvent, type KeyboardEvent, useState } from 'react';

export type TimeInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'suffix'> & {
  /** 'HH:mm', or the text typed when it is not a time (so a form rule can refuse it); null for none. */
  value?: string | null;
  /** Called on blur and on Enter (which never submits the form): 'HH:mm', the unreadable text, or null. */
  onChange?: (value: string | null) => void;
  /** The zone the time is in (the organization's): named after the field when the viewer's zone differs. */
  timeZone?: string;
  /** The date the time is on (YYYY-MM-DD), for the zone's name that day (CST or CDT). */
  date?: string | null;
};

const HH_MM = /^\d\d:\d\d$/;
const shown = (value: string | null | undefined) =>
  value && HH_MM.test(value) ? formatTimeOfDay(value) : (value ?? '');

/** The zone's name after the field, when the viewer's clock is not the zone's ('CST'); else nothing. */
function zoneSuffix(timeZone: string | undefined, date: string | null | undefined): string | null {
  if (!timeZone) return null;
  const at = date ? new Date(`${date}T12:00:00Z`) : new Date();
  const name = timeZoneAbbreviation(timeZone, at);
  return name === timeZoneAbbreviation(viewerTimeZone(), at) ? null : name;
}

/**
 * A time of day typed as people write it ('10:00 AM', '10am', '9:30 pm', '22:00'), shown back as '10:00 AM' on
 * blur. Nothing is assumed: an empty field is null and unreadable text is reported as typed, for
 * {@link timeInputRules} to refuse.
 */
export function TimeInput({
  value,
  onChange,
  timeZone,
  date,
  onBlur,
  onKeyDown,
  placeholder = 'e.g. 10:00 AM',
  ...inputProps
}: TimeInputProps) {
  const [text, setText] = useState(() => shown(value));
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    const parsed = parseTimeOfDay(text);
    if (!(parsed.ok && parsed.time === value)) setText(shown(value));
  }

  const commit = () => {
    const typed = text.trim();
    const parsed = parseTimeOfDay(typed);
    const next = typed === '' ? null : parsed.ok ? parsed.time : typed;
    if (parsed.ok) setText(formatTimeOfDay(parsed.time));
    if (next !== (value ?? null)) onChange?.(next);
  };
  const suffix = zoneSuffix(timeZone, date);

  return (
    <Input
      {...inputProps}
      placeholder={placeholder}
      value={text}
      suffix={suffix ?? undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        commit();
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
        onKeyDown?.(event);
      }}
    />
  );
}

/**
 * The Form.Item rules of a time field: required ('Enter the {label}.') when asked, and unreadable text refused
 * ('{Label} must be a time such as 10:00 AM, 10am or 22:00').
 */
export function timeInputRules(label: string, { required = false } = {}): FormRule[] {
  return [
    ...(required ? [{ required: true, message: `Enter the ${label.toLowerCase()}.` }] : []),
    {
      validator: (_: unknown, value: string | null | undefined) =>
        !value || HH_MM.test(value)
          ? Promise.resolve()
          : Promise.reject(new Error(`${label} ${VISIT_TIME_MESSAGES.unreadableTime}`)),
    },
  ];
}
