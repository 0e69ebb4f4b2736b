import { formatPhone, isValidPhone } from '@carelane/shared-domain';
import { Input, type InputProps, Typography } from 'antd';
import { type ChangeEvent, type FocusEvent, useId, useState } from 'react';

export const PHONE_ERROR = 'Enter a 10-digit phone number';

export type PhoneInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'status'> & {
  /** The text; leave undefined to let the input keep its own. */
  value?: string;
  defaultValue?: string;
  /** Called as the user types, and on blur with the NNN-NNN-NNNN form of a valid number. */
  onChange?: (value: string) => void;
  /** An empty value is an error too. */
  required?: boolean;
};

/** A US phone number input: accepts 10 digits in any usual notation, shows NNN-NNN-NNNN on blur. */
export function PhoneInput({
  value,
  defaultValue = '',
  onChange,
  required = false,
  onBlur,
  ...inputProps
}: PhoneInputProps) {
  const [ownText, setOwnText] = useState(defaultValue);
  const [touched, setTouched] = useState(false);
  const text = value ?? ownText;
  const errorId = useId();
  const invalid = touched && (text.trim() === '' ? required : !isValidPhone(text));

  const update = (next: string) => {
    if (value === undefined) setOwnText(next);
    onChange?.(next);
  };

  return (
    <div className="carelane-phone-input">
      <Input
        inputMode="tel"
        autoComplete="tel"
        {...inputProps}
        value={text}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => update(event.target.value)}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setTouched(true);
          const formatted = formatPhone(text.trim());
          if (formatted !== text) update(formatted);
          onBlur?.(event);
        }}
      />
      {invalid ? (
        <Typography.Text id={errorId} role="alert" type="danger" className="carelane-field-error">
          {PHONE_ERROR}
        </Typography.Text>
      ) : null}
    </div>
  );
}
