// ICD-10 diagnoses: a primary and other codes, each picked by searching the codes by code or words (debounced).
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FieldFrame } from './controls';
import { formQueries } from './form-queries';

export type Diagnoses = { primary: string | null; others: string[] };

export const diagnosesOf = (value: unknown): Diagnoses => {
  const v = (value ?? {}) as Partial<Diagnoses>;
  return {
    primary: typeof v.primary === 'string' ? v.primary : null,
    others: Array.isArray(v.others) ? v.others.filter((code) => typeof code === 'string') : [],
  };
};

/** How long the picker waits after the last keystroke before searching. */
export const ICD_SEARCH_DEBOUNCE_MS = 300;

function useDebounced(text: string, ms: number): string {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return debounced;
}

type CodeSelectProps = {
  id: string;
  multiple?: boolean;
  value: string | string[] | null;
  /** Descriptions of codes seen in searches, so a chosen code keeps its words. */
  descriptions: Map<string, string>;
  onChange: (value: string | string[] | null) => void;
  onBlur?: () => void;
  mobile?: boolean;
  describedBy?: string;
  required?: boolean;
};

function CodeSelect({
  id,
  multiple,
  value,
  descriptions,
  onChange,
  onBlur,
  mobile,
  describedBy,
  required,
}: CodeSelectProps) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), ICD_SEARCH_DEBOUNCE_MS);
  const query = useQuery(formQueries.icdCodes(q));
  const rows = useMemo(() => (q ? (query.data?.rows ?? []) : []), [q, query.data]);
  for (const row of rows) descriptions.set(row.code, row.description);
  const chosen = value === null ? [] : Array.isArray(value) ? value : [value];
  const labelOf = (code: string) => (descriptions.has(code) ? `${code} ${descriptions.get(code)}` : code);
  const options = [
    ...chosen
      .filter((code) => !rows.some((row) => row.code === code))
      .map((code) => ({ value: code, label: labelOf(code) })),
    ...rows.map((row) => ({ value: row.code, label: `${row.code} ${row.description}` })),
  ];
  return (
    <Select
      id={id}
      size={mobile ? 'large' : undefined}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      allowClear
      placeholder="Search by code or words"
      aria-describedby={describedBy}
      aria-required={required || undefined}
      loading={query.isFetching}
      notFoundContent={
        query.isError ? (
          <Typography.Text type="danger">Sorry, ICD codes could not be searched.</Typography.Text>
        ) : q ? (
          query.isFetching ? (
            'Searching…'
          ) : (
            'No codes found'
          )
        ) : (
          'Type a code or words'
        )
      }
      options={options}
      value={multiple ? chosen : (chosen[0] ?? null)}
      style={{ width: '100%', maxWidth: mobile ? undefined : 560 }}
      onChange={(next: string | string[] | null | undefined) => {
        setSearch('');
        onChange(next ?? null);
      }}
      onBlur={onBlur}
    />
  );
}

export type DiagnosesFieldProps = {
  controlId: string;
  value: unknown;
  required?: boolean;
  describedBy?: string;
  setValue: (value: unknown) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

export function DiagnosesFieldControl({
  controlId,
  value,
  required,
  describedBy,
  setValue,
  onBlur,
  mobile,
}: DiagnosesFieldProps) {
  const diagnoses = diagnosesOf(value);
  const descriptions = useRef(new Map<string, string>()).current;
  const set = (next: Diagnoses) =>
    setValue(next.primary === null && next.others.length === 0 ? undefined : next);
  return (
    <div role="group" aria-labelledby={`${controlId}-label`} id={controlId}>
      <FieldFrame controlId={`${controlId}-primary`} label="Primary diagnosis" required={required}>
        <CodeSelect
          id={`${controlId}-primary`}
          value={diagnoses.primary}
          descriptions={descriptions}
          describedBy={describedBy}
          required={required}
          mobile={mobile}
          onBlur={onBlur}
          onChange={(next) =>
            set({
              primary: typeof next === 'string' ? next : null,
              others: diagnoses.others.filter((code) => code !== next),
            })
          }
        />
      </FieldFrame>
      <FieldFrame controlId={`${controlId}-others`} label="Other diagnoses">
        <CodeSelect
          id={`${controlId}-others`}
          multiple
          value={diagnoses.others}
          descriptions={descriptions}
          mobile={mobile}
          onBlur={onBlur}
          onChange={(next) =>
            set({
              primary: diagnoses.primary,
              others: (Array.isArray(next) ? next : []).filter((code) => code !== diagnoses.primary),
            })
          }
        />
      </FieldFrame>
    </div>
  );
}
