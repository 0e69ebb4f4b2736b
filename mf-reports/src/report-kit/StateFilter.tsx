import { Input } from 'antd';
import { useState } from 'react';
import { z } from 'zod';

/** The state filter as the URL keeps it: two letters, upper-cased. */
export const stateUrlSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((s) => s.toUpperCase())
  .optional();

/** A report's state filter: two letters (upper-cased as typed); cleared, any state. */
export function StateFilter({
  value,
  onChange,
}: {
  value?: string;
  onChange: (state: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  return (
    <Input
      aria-label="State"
      placeholder="Any state"
      allowClear
      maxLength={2}
      value={text}
      style={{ width: 110 }}
      onChange={(event) => {
        const next = event.target.value.toUpperCase();
        setText(next);
        if (next === '') onChange(null);
        else if (/^[A-Z]{2}$/.test(next)) onChange(next);
      }}
    />
  );
}
