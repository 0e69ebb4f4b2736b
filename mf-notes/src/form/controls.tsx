// The labelled frame of one field and the controls of the simple field kinds (text, number, date, time, choice),
// shared by top-level fields and table columns.
import { optionsOfField, type SimpleField } from '@carelane/shared-domain';
import { DateInput } from '@carelane/shared-ui';
import { Checkbox, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { type ReactNode, memo, useMemo } from 'react';
import { dateOfIso, isoOfDate, outOfRange, rangeHint } from './form-values';

/** Choices with at most this many options are radio buttons or checkboxes; more are a searchable select. */
const INLINE_OPTIONS_MAX = 6;

export type FieldFrameProps = {
  /** The control's id: the label points at it (a group names itself by labelId instead). */
  controlId: string;
  label: ReactNode;
  required?: boolean;
  /** The label is not a <label> but names a group (radio buttons, checkboxes, a fieldset of inputs). */
  group?: boolean;
  hint?: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
};

export const labelIdOf = (controlId: string) => `${controlId}-label`;
export const hintIdOf = (controlId: string) => `${controlId}-hint`;
export const errorIdOf = (controlId: string) => `${controlId}-error`;

/** aria-describedby of a control: its hint and its error, when shown. */
export const describedBy = (controlId: string, hint?: string, error?: string) =>
  [hint ? hintIdOf(controlId) : null, error ? errorIdOf(controlId) : null].filter(Boolean).join(' ') ||
  undefined;

/** One field: its label (required marked), the control, the range hint, the server's error and any extra. */
export function FieldFrame({
  controlId,
  label,
  required,
  group,
  hint,
  error,
  extra,
  children,
}: FieldFrameProps) {
  const mark = required ? (
    <span aria-hidden="true" className="note-form-required">
      {' *'}
    </span>
  ) : null;
  return (
    <div className="note-form-field" data-field={controlId}>
      {group ? (
        <div id={labelIdOf(controlId)} className="note-form-label">
          {label}
          {mark}
        </div>
      ) : (
        <label id={labelIdOf(controlId)} htmlFor={controlId} className="note-form-label">
          {label}
          {mark}
        </label>
      )}
      {children}
      {hint ? (
        <Typography.Text type="secondary" id={hintIdOf(controlId)} className="note-form-hint">
          {hint}
        </Typography.Text>
      ) : null}
      {error ? (
        <Typography.Text type="danger" id={errorIdOf(controlId)} className="note-form-error">
          {error}
        </Typography.Text>
      ) : null}
      {extra ? <div className="note-form-extra">{extra}</div> : null}
    </div>
  );
}

export type SimpleControlProps = {
  field: SimpleField;
  controlId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** The server's error on it. */
  error?: string;
  mobile?: boolean;
};

/** The hint a simple field shows under its control (number ranges). */
export function hintOf(field: SimpleField): string | undefined {
  if (field.kind !== 'number') return field.help;
  const range = rangeHint(field.min, field.max, field.unit);
  return [range ? `Range ${range}` : '', field.help ?? ''].filter(Boolean).join('. ') || undefined;
}

/** The message of a number outside its range (the server refuses it; the clinician sees it as typed). */
export function rangeError(field: SimpleField, value: unknown): string | undefined {
  if (field.kind !== 'number' || !outOfRange(value, field.min, field.max)) return undefined;
  return `Out of range: ${rangeHint(field.min, field.max, field.unit)}`;
}

/** Whether the control of this field is a group (named by its label's id, not a <label for>). */
export const isGroupControl = (field: SimpleField) =>
  field.kind === 'choice' && optionsOfField(field).length <= INLINE_OPTIONS_MAX;

/** The antd control of a text, number, date, time or choice field. */
export const SimpleControl = memo(function SimpleControl({
  field,
  controlId,
  value,
  onChange,
  onBlur,
  error,
  mobile,
}: SimpleControlProps) {
  const hint = hintOf(field);
  const invalid = Boolean(error) || undefined;
  const aria = {
    'aria-describedby': describedBy(controlId, hint, error),
    'aria-invalid': invalid,
    'aria-required': field.required || undefined,
  };
  const size = mobile ? ('large' as const) : undefined;
  const date = useMemo(() => (field.kind === 'date' ? dateOfIso(value) : null), [field.kind, value]);

  switch (field.kind) {
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const change = (event: { target: { value: string } }) => onChange(event.target.value);
      return field.multiline ? (
        <Input.TextArea
          id={controlId}
          {...aria}
          value={text}
          maxLength={field.maxLength}
          autoSize={{ minRows: 2, maxRows: 12 }}
          onChange={change}
          onBlur={onBlur}
        />
      ) : (
        <Input
          id={controlId}
          {...aria}
          size={size}
          value={text}
          maxLength={field.maxLength}
          onChange={change}
          onBlur={onBlur}
        />
      );
    }
    case 'number':
      return (
        <InputNumber
          id={controlId}
          {...aria}
          size={size}
          value={typeof value === 'number' ? value : null}
          precision={field.integer ? 0 : undefined}
          suffix={field.unit}
          status={error ? 'error' : undefined}
          style={{ width: mobile ? '100%' : 200 }}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
          onBlur={onBlur}
        />
      );
    case 'date':
      return (
        <DateInput
          id={controlId}
          {...aria}
          size={size}
          value={date}
          style={{ width: mobile ? '100%' : 200 }}
          onChange={(next) => onChange(isoOfDate(next))}
          onBlur={onBlur}
        />
      );
    case 'time':
      return (
        <Input
          id={controlId}
          {...aria}
          type="time"
          size={size}
          value={typeof value === 'string' ? value : ''}
          style={{ width: mobile ? '100%' : 160 }}
          onChange={(event) => onChange(event.target.value || undefined)}
          onBlur={onBlur}
        />
      );
    case 'choice': {
      const options = optionsOfField(field);
      const items = options.map((option) => ({ value: option.value, label: option.label }));
      if (options.length <= INLINE_OPTIONS_MAX) {
        const groupAria = { ...aria, 'aria-labelledby': labelIdOf(controlId) };
        return field.multiple ? (
          // A blur leaving any checkbox of the group reports the field's blur.
          <div onBlur={onBlur}>
            <Checkbox.Group
              {...groupAria}
              // role=group takes no aria-required; the label's mark says it.
              aria-required={undefined}
              className={mobile ? 'note-form-stack' : undefined}
              options={items}
              value={Array.isArray(value) ? (value as string[]) : []}
              onChange={(next) => onChange(next.length ? next : undefined)}
            />
          </div>
        ) : (
          <Radio.Group
            id={controlId}
            {...groupAria}
            vertical={mobile}
            options={items}
            value={typeof value === 'string' ? value : null}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        );
      }
      return (
        <Select
          virtual={false}
          id={controlId}
          {...aria}
          size={size}
          mode={field.multiple ? 'multiple' : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          options={items}
          value={field.multiple ? (Array.isArray(value) ? value : []) : (value ?? null)}
          style={{ width: '100%', maxWidth: mobile ? undefined : 480 }}
          onChange={(next: unknown) =>
            onChange(next === null || (Array.isArray(next) && next.length === 0) ? undefined : next)
          }
          onBlur={onBlur}
        />
      );
    }
  }
});
