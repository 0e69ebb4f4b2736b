// The one form renderer of visit notes (issue 12, ARCHITECTURE "Forms as data"): draws a note definition's
// sections and fields, controlled by `values`. Typing stays fast on a 300-field note: each section and each field
// is memoized and gets stable callbacks and only the values it reads, so a keystroke re-renders the field typed in
// and the scores it moves, not the others. A note longer than any definition we ship opens fast too: its first
// fields are drawn at once and the rest in slices of a few tens of ms, in order (useDrawnFields).
import {
  withComputedScores,
  type NoteDefinition,
  type NoteField,
  type NoteSection,
  type NoteValues,
  type SimpleField,
} from '@carelane/shared-domain';
import { Collapse, ConfigProvider } from 'antd';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import {
  describedBy,
  FieldFrame,
  hintOf,
  isGroupControl,
  rangeError,
  SimpleControl,
  type FieldFrameProps,
} from './controls';
import { DiagnosesFieldControl } from './DiagnosesField';
import { errorsByField } from './form-values';
import { GoalBuilder } from './GoalBuilder';
import { NOTE_FORM_STYLE } from './note-form-style';
import { ReadOnlyValue } from './ReadOnlyValue';
import { ScoreDisplay } from './ScoreDisplay';
import { SignatureFieldControl, signatureOf } from './SignatureField';
import { TableFieldControl } from './TableField';
import { outerDependencies, visibleIn } from './visibility';
import { VitalsFieldControl } from './VitalsField';

export type NoteFormProps = {
  definition: NoteDefinition;
  values: NoteValues;
  /** Called on every change with the whole new values object, scores already recomputed (withComputedScores). */
  onChange: (values: NoteValues) => void;
  /** A field lost focus (the page autosaves then). */
  onFieldBlur?: (fieldId: string) => void;
  readOnly?: boolean;
  /** 'mobile': one column, large touch targets (≥ 44 px), each section collapsible (antd Collapse). */
  layout?: 'desktop' | 'mobile';
  /** Shown under a field, e.g. the reviewer's comments on it. */
  fieldExtras?: Record<string, ReactNode>;
  /** Server field errors, by 'values.<fieldId>' path, shown on the field. */
  errors?: { field: string; message: string }[];
};

/** Forms with at least this many sections get an in-page index of their sections (desktop). */
const SECTION_INDEX_MIN = 3;

/** A definition of up to this many fields is drawn in one go (every definition we ship: at most 57). */
const FIELDS_AT_ONCE = 60;
/** A longer one draws this many first (more than a screen), then the rest a slice at a time. */
const FIRST_FIELDS = 6;
/** Each slice takes at most about this long (ms), from the time per field measured as they go. */
const SLICE_MS = 20;
/** The time per field assumed before the first slice (ms). */
const FIRST_FIELD_MS = 4;

/** Test hook: called with a field's id each time that field renders (the keystroke budget test counts them). */
type RenderProbe = (fieldId: string) => void;
const renderProbe = () => (globalThis as { __noteFormFieldRendered?: RenderProbe }).__noteFormFieldRendered;

type FieldViewProps = {
  field: NoteField;
  controlId: string;
  value: unknown;
  error?: string;
  extra?: ReactNode;
  readOnly: boolean;
  mobile: boolean;
  /** The top-level values a table's column conditions read (tables only; same object while they are unchanged). */
  outer?: NoteValues;
  setField: (fieldId: string, value: unknown) => void;
  blurField: (fieldId: string) => void;
};

type FramedKind = Exclude<NoteField['kind'], 'score'>;
type FieldOfKind<K extends NoteField['kind']> = Extract<NoteField, { kind: K }>;

/** What a kind's control gets; `error` is the one its frame shows. */
type KindControlProps<F extends NoteField> = {
  field: F;
  controlId: string;
  value: unknown;
  error?: string;
  outer?: NoteValues;
  setValue: (value: unknown) => void;
  onBlur: () => void;
  mobile: boolean;
};

type FrameParts = Pick<FieldFrameProps, 'group' | 'hint' | 'error'>;

type KindView<F extends NoteField> = {
  /** The frame's parts; without it the label names a group, with the field's help and the given error. */
  frame?: (field: F, value: unknown, error: string | undefined) => FrameParts;
  Control: (props: KindControlProps<F>) => ReactNode;
};

function SimpleKind({
  field,
  controlId,
  value,
  error,
  setValue,
  onBlur,
  mobile,
}: KindControlProps<SimpleField>) {
  return (
    <SimpleControl
      field={field}
      controlId={controlId}
      value={value}
      error={error}
      onChange={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
}

function SignatureKind({
  field,
  controlId,
  value,
  error,
  setValue,
  onBlur,
  mobile,
}: KindControlProps<FieldOfKind<'signature'>>) {
  return (
    <SignatureFieldControl
      controlId={controlId}
      value={value}
      required={field.required}
      describedBy={describedBy(controlId, field.help, error)}
      setValue={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
}

function TableKind({
  field,
  controlId,
  value,
  outer,
  setValue,
  onBlur,
  mobile,
}: KindControlProps<FieldOfKind<'table'>>) {
  return (
    <TableFieldControl
      field={field}
      controlId={controlId}
      value={value}
      outer={outer}
      setValue={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
}

function VitalsKind({
  field,
  controlId,
  value,
  setValue,
  onBlur,
  mobile,
}: KindControlProps<FieldOfKind<'vitals'>>) {
  return (
    <VitalsFieldControl
      field={field}
      controlId={controlId}
      value={value}
      setValue={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
}

function GoalsKind({ controlId, value, setValue, onBlur, mobile }: KindControlProps<FieldOfKind<'goals'>>) {
  return (
    <GoalBuilder controlId={controlId} value={value} setValue={setValue} onBlur={onBlur} mobile={mobile} />
  );
}

function DiagnosesKind({
  field,
  controlId,
  value,
  error,
  setValue,
  onBlur,
  mobile,
}: KindControlProps<FieldOfKind<'diagnoses'>>) {
  return (
    <DiagnosesFieldControl
      controlId={controlId}
      value={value}
      required={field.required}
      describedBy={describedBy(controlId, field.help, error)}
      setValue={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
}

const simpleView: KindView<SimpleField> = {
  frame: (field, value, error) => ({
    group: isGroupControl(field),
    hint: hintOf(field),
    error: error ?? rangeError(field, value),
  }),
  Control: SimpleKind,
};

const KIND_VIEWS: { [K in FramedKind]: KindView<FieldOfKind<K>> } = {
  text: simpleView,
  number: simpleView,
  date: simpleView,
  time: simpleView,
  choice: simpleView,
  signature: {
    frame: (field, value, error) => ({ group: signatureOf(value) !== null, hint: field.help, error }),
    Control: SignatureKind,
  },
  table: { Control: TableKind },
  vitals: { Control: VitalsKind },
  goals: { Control: GoalsKind },
  diagnoses: { Control: DiagnosesKind },
};

type FieldPartsProps = Omit<FieldViewProps, 'readOnly' | 'setField' | 'blurField'> & {
  setValue: (value: unknown) => void;
  onBlur: () => void;
};

/** An editable field of any kind but a score: its frame, and its kind's control in it. */
function FramedField({
  field,
  controlId,
  value,
  error,
  extra,
  outer,
  setValue,
  onBlur,
  mobile,
}: FieldPartsProps) {
  const kind = field.kind as FramedKind;
  // One kind's view for a field of that kind: the map is typed per kind, the lookup cannot say so.
  const view = KIND_VIEWS[kind] as unknown as KindView<FieldOfKind<FramedKind>>;
  const framed = field as FieldOfKind<FramedKind>;
  const parts = view.frame ? view.frame(framed, value, error) : { group: true, hint: field.help, error };
  const { Control } = view;
  return (
    <FieldFrame
      controlId={controlId}
      label={field.label}
      required={field.required}
      group={parts.group}
      hint={parts.hint}
      error={parts.error}
      extra={extra}
    >
      <Control
        field={framed}
        controlId={controlId}
        value={value}
        error={parts.error}
        outer={outer}
        setValue={setValue}
        onBlur={onBlur}
        mobile={mobile}
      />
    </FieldFrame>
  );
}

/** One field, read-only or editable; re-rendered only when its own props change. */
const FieldView = memo(function FieldView({
  field,
  controlId,
  value,
  error,
  extra,
  readOnly,
  mobile,
  outer,
  setField,
  blurField,
}: FieldViewProps) {
  renderProbe()?.(field.id);
  const setValue = useCallback((next: unknown) => setField(field.id, next), [setField, field.id]);
  const onBlur = useCallback(() => blurField(field.id), [blurField, field.id]);

  if (readOnly) {
    return (
      <div className="note-form-field note-form-readonly" data-field={field.id}>
        <dt className="note-form-label">{field.label}</dt>
        <dd>
          <ReadOnlyValue field={field} value={value} />
          {extra ? <div className="note-form-extra">{extra}</div> : null}
        </dd>
      </div>
    );
  }
  if (field.kind === 'score') {
    return (
      <div className="note-form-field" data-field={controlId}>
        <ScoreDisplay field={field} value={value} controlId={controlId} />
        {field.help ? <div className="note-form-hint">{field.help}</div> : null}
        {error ? <div className="note-form-error">{error}</div> : null}
        {extra ? <div className="note-form-extra">{extra}</div> : null}
      </div>
    );
  }
  return (
    <FramedField
      field={field}
      controlId={controlId}
      value={value}
      error={error}
      extra={extra}
      outer={outer}
      setValue={setValue}
      onBlur={onBlur}
      mobile={mobile}
    />
  );
});

/** Score values the same as before keep their object, so an unmoved score does not re-render. */
function keepUnchangedScores(definition: NoteDefinition, before: NoteValues, after: NoteValues): NoteValues {
  for (const section of definition.sections) {
    for (const field of section.fields) {
      if (field.kind !== 'score') continue;
      const a = before[field.id] as { total?: unknown; level?: unknown } | undefined;
      const b = after[field.id] as { total?: unknown; level?: unknown } | undefined;
      if (a && b && a.total === b.total && a.level === b.level) after[field.id] = a;
    }
  }
  return after;
}

const sameValues = (a: NoteValues | undefined, b: NoteValues) =>
  !!a && Object.keys(b).every((key) => Object.is(a[key], b[key]));

/** The ids of the values a section's fields show or read: their own, their conditions', their tables'. */
function valuesReadBy(section: NoteSection): string[] {
  return [
    ...new Set(
      section.fields.flatMap((field) => [
        field.id,
        ...(field.showWhen ? [field.showWhen.field] : []),
        ...outerDependencies(field),
      ]),
    ),
  ];
}

type IdleDeadline = { timeRemaining(): number };

/**
 * Runs `callback` when the page is idle (requestIdleCallback: after input and painting; within 200 ms even if it
 * never is), or in a task of its own where there is no such thing; answers a cancel.
 */
function whenIdle(callback: (deadline: IdleDeadline) => void): () => void {
  const idle = globalThis as {
    requestIdleCallback?: (run: (deadline: IdleDeadline) => void, options: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(callback, { timeout: 200 });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(() => callback({ timeRemaining: () => SLICE_MS }), 0);
  return () => clearTimeout(timer);
}

/**
 * How many fields (in definition order) are drawn: all of a definition of up to FIELDS_AT_ONCE; of a longer one,
 * FIRST_FIELDS at once, then a slice whenever the page is idle, each rendered and committed at once (flushSync)
 * and sized from the time per field measured so far, so that no slice holds the page much longer than SLICE_MS:
 * typing, scrolling and painting go on between them.
 */
function useDrawnFields(total: number): number {
  const [drawn, setDrawn] = useState(() => (total <= FIELDS_AT_ONCE ? total : FIRST_FIELDS));
  const fieldMs = useRef(FIRST_FIELD_MS);
  const complete = total <= FIELDS_AT_ONCE || drawn >= total;
  useEffect(() => {
    if (complete) return undefined;
    return whenIdle((deadline) => {
      const budget = Math.min(SLICE_MS, Math.max(deadline.timeRemaining(), SLICE_MS / 2));
      const count = Math.max(1, Math.floor(budget / fieldMs.current));
      const started = performance.now();
      flushSync(() => setDrawn((n) => n + count));
      fieldMs.current = (fieldMs.current + (performance.now() - started) / count) / 2;
    });
  }, [complete, drawn]);
  return complete ? total : drawn;
}

type SectionFieldsProps = {
  section: NoteSection;
  /** How many of its fields are drawn yet. */
  limit: number;
  /** The values its fields show or read (valuesReadBy), the same object while they are unchanged. */
  values: NoteValues;
  idPrefix: string;
  readOnly: boolean;
  mobile: boolean;
  errorMap: Map<string, string>;
  fieldExtras?: Record<string, ReactNode>;
  setField: (fieldId: string, value: unknown) => void;
  blurField: (fieldId: string) => void;
};

/** The visible fields of a section (a showWhen condition not met hides its field), up to `limit`. */
const SectionFields = memo(function SectionFields({
  section,
  limit,
  values,
  idPrefix,
  readOnly,
  mobile,
  errorMap,
  fieldExtras,
  setField,
  blurField,
}: SectionFieldsProps) {
  // The top-level values each table's column conditions read, kept as the same object while they are unchanged.
  const outerCache = useRef(new Map<string, NoteValues>());
  const outerOf = (field: NoteField): NoteValues | undefined => {
    const ids = outerDependencies(field);
    if (!ids.length) return undefined;
    const picked = Object.fromEntries(ids.map((id) => [id, values[id]]));
    const cached = outerCache.current.get(field.id);
    if (sameValues(cached, picked)) return cached;
    outerCache.current.set(field.id, picked);
    return picked;
  };
  const Wrap = readOnly ? 'dl' : 'div';
  return (
    <Wrap className="note-form-fields" aria-busy={limit < section.fields.length || undefined}>
      {section.fields
        .slice(0, limit)
        .filter((field) => visibleIn(field, values))
        .map((field) => (
          <FieldView
            key={field.id}
            field={field}
            controlId={`${idPrefix}-${field.id}`}
            value={values[field.id]}
            error={errorMap.get(field.id)}
            extra={fieldExtras?.[field.id]}
            readOnly={readOnly}
            mobile={mobile}
            outer={outerOf(field)}
            setField={setField}
            blurField={blurField}
          />
        ))}
    </Wrap>
  );
});

export default function NoteForm({
  definition,
  values,
  onChange,
  onFieldBlur,
  readOnly = false,
  layout = 'desktop',
  fieldExtras,
  errors,
}: NoteFormProps) {
  const idPrefix = `note${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const mobile = layout === 'mobile';
  // The latest props, read by the stable callbacks below (a change made before the next render builds on it).
  const latest = useRef({ definition, values, onChange, onFieldBlur });
  latest.current = { definition, values, onChange, onFieldBlur };

  const setField = useCallback((fieldId: string, value: unknown) => {
    const { definition: current, values: before, onChange: report } = latest.current;
    const next: NoteValues = { ...before };
    if (value === undefined) delete next[fieldId];
    else next[fieldId] = value;
    const scored = keepUnchangedScores(current, before, withComputedScores(current, next));
    latest.current = { ...latest.current, values: scored };
    report(scored);
  }, []);
  const blurField = useCallback((fieldId: string) => latest.current.onFieldBlur?.(fieldId), []);
  const errorMap = useMemo(() => errorsByField(errors), [errors]);

  // Each section gets the values it reads, kept as the same object while they are unchanged.
  const reads = useMemo(
    () => new Map(definition.sections.map((section) => [section.id, valuesReadBy(section)])),
    [definition],
  );
  const sliceCache = useRef(new Map<string, NoteValues>());
  const valuesOf = (section: NoteSection): NoteValues => {
    const ids = reads.get(section.id) ?? [];
    const cached = sliceCache.current.get(section.id);
    if (cached && ids.every((id) => Object.is(cached[id], values[id]))) return cached;
    const picked = Object.fromEntries(ids.map((id) => [id, values[id]]));
    sliceCache.current.set(section.id, picked);
    return picked;
  };

  const total = useMemo(
    () => definition.sections.reduce((sum, section) => sum + section.fields.length, 0),
    [definition],
  );
  const drawn = useDrawnFields(total);
  const starts = useMemo(() => {
    let start = 0;
    return definition.sections.map((section) => {
      const at = start;
      start += section.fields.length;
      return at;
    });
  }, [definition]);
  const fieldsOf = (section: NoteSection, index: number) => (
    <SectionFields
      section={section}
      limit={Math.max(0, Math.min(section.fields.length, drawn - (starts[index] ?? 0)))}
      values={valuesOf(section)}
      idPrefix={idPrefix}
      readOnly={readOnly}
      mobile={mobile}
      errorMap={errorMap}
      fieldExtras={fieldExtras}
      setField={setField}
      blurField={blurField}
    />
  );

  // Every section starts open; the clinician closes the ones done with.
  const [closedSections, setClosedSections] = useState<string[]>([]);
  if (mobile) {
    const openSections = definition.sections.map((s) => s.id).filter((id) => !closedSections.includes(id));
    const setOpenSections = (open: string[]) =>
      setClosedSections(definition.sections.map((s) => s.id).filter((id) => !open.includes(id)));
    const toggle = (id: string) =>
      setClosedSections((closed) =>
        closed.includes(id) ? closed.filter((key) => key !== id) : [...closed, id],
      );
    // antd's header is a role=button opened by Enter; Space opens it too, as a button's should.
    const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
      const target = event.target as HTMLElement;
      if (event.key !== ' ' || target.getAttribute('role') !== 'button') return;
      const id = target.querySelector<HTMLElement>('[data-section]')?.dataset.section;
      if (!id) return;
      event.preventDefault();
      toggle(id);
    };
    return (
      <ConfigProvider componentSize="large" theme={{ token: { controlHeightLG: 44 } }}>
        <div className="note-form note-form-mobile" onKeyDown={onKeyDown}>
          <style>{NOTE_FORM_STYLE}</style>
          <Collapse
            activeKey={openSections}
            onChange={(keys) => setOpenSections(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
            items={definition.sections.map((section, index) => ({
              key: section.id,
              label: <span data-section={section.id}>{section.title}</span>,
              children: fieldsOf(section, index),
            }))}
          />
        </div>
      </ConfigProvider>
    );
  }

  const headingId = (section: NoteSection) => `${idPrefix}-section-${section.id}`;
  const jump = (event: MouseEvent<HTMLAnchorElement>, section: NoteSection) => {
    event.preventDefault();
    const heading = document.getElementById(headingId(section));
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  };
  return (
    <div className="note-form note-form-desktop">
      <style>{NOTE_FORM_STYLE}</style>
      {definition.sections.length >= SECTION_INDEX_MIN ? (
        <nav aria-label="Sections of the note" className="note-form-index">
          <ul>
            {definition.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${headingId(section)}`} onClick={(event) => jump(event, section)}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {definition.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={headingId(section)} className="note-form-section">
          <h2 id={headingId(section)} tabIndex={-1} className="note-form-section-title">
            {section.title}
          </h2>
          {fieldsOf(section, index)}
        </section>
      ))}
    </div>
  );
}
