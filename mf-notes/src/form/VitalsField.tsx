// Vital signs by reading type: the reading with its unit and plausible range, and its site and position where the
// reading type has them.
import { NOTE_OPTION_LISTS, readingTypeOf, type NoteField } from '@carelane/shared-domain';
import { InputNumber, Select } from 'antd';
import { FieldFrame, describedBy } from './controls';
import { outOfRange, rangeHint } from './form-values';

type VitalsField = Extract<NoteField, { kind: 'vitals' }>;
export type Reading = { value?: number; site?: string; position?: string };
export type Readings = Record<string, Reading>;

export const readingsOf = (value: unknown): Readings =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Readings) : {};

export type VitalsFieldProps = {
  field: VitalsField;
  controlId: string;
  value: unknown;
  setValue: (value: unknown) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

export function VitalsFieldControl({ field, controlId, value, setValue, onBlur, mobile }: VitalsFieldProps) {
  const readings = readingsOf(value);
  const size = mobile ? ('large' as const) : undefined;
  const update = (code: string, part: Partial<Reading>) => {
    const reading: Reading = { ...readings[code], ...part };
    for (const key of Object.keys(reading) as (keyof Reading)[]) {
      if (reading[key] === undefined || reading[key] === null) delete reading[key];
    }
    const next: Readings = { ...readings };
    if (reading.value === undefined && !reading.site && !reading.position) delete next[code];
    else next[code] = reading;
    setValue(Object.keys(next).length ? next : undefined);
  };
  return (
    <div role="group" aria-labelledby={`${controlId}-label`} id={controlId} className="note-form-vitals">
      {field.readingTypes.map((code) => {
        const type = readingTypeOf(code);
        const reading = readings[code] ?? {};
        const id = `${controlId}-${code}`;
        const label = type?.label ?? code;
        const hint = type ? `Range ${rangeHint(type.min, type.max, type.unit)}` : undefined;
        const error =
          type && outOfRange(reading.value, type.min, type.max)
            ? `Out of range: ${rangeHint(type.min, type.max, type.unit)}`
            : undefined;
        const sites = type?.siteList ? (NOTE_OPTION_LISTS[type.siteList] ?? []) : [];
        const positions = type?.positionList ? (NOTE_OPTION_LISTS[type.positionList] ?? []) : [];
        return (
          <div key={code} className="note-form-reading">
            <FieldFrame controlId={id} label={label} hint={hint} error={error}>
              <InputNumber
                id={id}
                size={size}
                aria-describedby={describedBy(id, hint, error)}
                aria-invalid={Boolean(error) || undefined}
                status={error ? 'error' : undefined}
                value={typeof reading.value === 'number' ? reading.value : null}
                precision={type?.integer ? 0 : undefined}
                suffix={type?.unit}
                style={{ width: mobile ? '100%' : 180 }}
                onChange={(next) => update(code, { value: typeof next === 'number' ? next : undefined })}
                onBlur={onBlur}
              />
            </FieldFrame>
            {sites.length ? (
              <FieldFrame controlId={`${id}-site`} label={`${label} site`}>
                <Select
                  virtual={false}
                  id={`${id}-site`}
                  size={size}
                  allowClear
                  options={sites.map((option) => ({ value: option.value, label: option.label }))}
                  value={reading.site ?? null}
                  style={{ width: mobile ? '100%' : 200 }}
                  onChange={(next: string | null | undefined) => update(code, { site: next ?? undefined })}
                  onBlur={onBlur}
                />
              </FieldFrame>
            ) : null}
            {positions.length ? (
              <FieldFrame controlId={`${id}-position`} label={`${label} position`}>
                <Select
                  virtual={false}
                  id={`${id}-position`}
                  size={size}
                  allowClear
                  options={positions.map((option) => ({ value: option.value, label: option.label }))}
                  value={reading.position ?? null}
                  style={{ width: mobile ? '100%' : 200 }}
                  onChange={(next: string | null | undefined) =>
                    update(code, { position: next ?? undefined })
                  }
                  onBlur={onBlur}
                />
              </FieldFrame>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
