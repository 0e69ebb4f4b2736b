// The one form renderer of visit notes (issue 12, ARCHITECTURE "Forms as data"): draws a note definition's
// sections and fields, controlled by `values`. Typing stays fast on a 300-field note: each field is memoized and
// gets stable callbacks, so a keystroke re-renders the field typed in and the scores it moves, not the others.
import {
  withComputedScores,
  type NoteDefinition,
  type NoteField,
  type NoteSection,
  type NoteValues,
} from '@carelane/shared-domain';
import { Collapse, ConfigProvider } from 'antd';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  memo,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { describedBy, FieldFrame, hintOf, isGroupControl, rangeError, SimpleControl } from './controls';
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

  switch (field.kind) {
    case 'text':
    case 'number':
    case 'date':
    case 'time':
    case 'choice': {
      const shownError = error ?? rangeError(field, value);
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group={isGroupControl(field)}
          hint={hintOf(field)}
          error={shownError}
          extra={extra}
        >
          <SimpleControl
            field={field}
            controlId={controlId}
            value={value}
            error={shownError}
            onChange={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
    }
    case 'score':
      return (
        <div className="note-form-field" data-field={controlId}>
          <ScoreDisplay field={field} value={value} controlId={controlId} />
          {field.help ? <div className="note-form-hint">{field.help}</div> : null}
          {error ? <div className="note-form-error">{error}</div> : null}
          {extra ? <div className="note-form-extra">{extra}</div> : null}
        </div>
      );
    case 'signature':
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group={signatureOf(value) !== null}
          hint={field.help}
          error={error}
          extra={extra}
        >
          <SignatureFieldControl
            controlId={controlId}
            value={value}
            required={field.required}
            describedBy={describedBy(controlId, field.help, error)}
            setValue={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
    case 'table':
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group
          hint={field.help}
          error={error}
          extra={extra}
        >
          <TableFieldControl
            field={field}
            controlId={controlId}
            value={value}
            outer={outer}
            setValue={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
    case 'vitals':
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group
          hint={field.help}
          error={error}
          extra={extra}
        >
          <VitalsFieldControl
            field={field}
            controlId={controlId}
            value={value}
            setValue={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
    case 'goals':
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group
          hint={field.help}
          error={error}
          extra={extra}
        >
          <GoalBuilder
            controlId={controlId}
            value={value}
            setValue={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
    case 'diagnoses':
      return (
        <FieldFrame
          controlId={controlId}
          label={field.label}
          required={field.required}
          group
          hint={field.help}
          error={error}
          extra={extra}
        >
          <DiagnosesFieldControl
            controlId={controlId}
            value={value}
            required={field.required}
            describedBy={describedBy(controlId, field.help, error)}
            setValue={setValue}
            onBlur={onBlur}
            mobile={mobile}
          />
        </FieldFrame>
      );
  }
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

type Fields = {
  section: NoteSection;
  idPrefix: string;
  values: NoteValues;
  readOnly: boolean;
  mobile: boolean;
  errorMap: Map<string, string>;
  fieldExtras?: Record<string, ReactNode>;
  outerOf: (field: NoteField) => NoteValues | undefined;
  setField: (fieldId: string, value: unknown) => void;
  blurField: (fieldId: string) => void;
};

/** The visible fields of a section (a showWhen condition not met hides its field). */
function sectionFields({
  section,
  idPrefix,
  values,
  readOnly,
  mobile,
  errorMap,
  fieldExtras,
  outerOf,
  setField,
  blurField,
}: Fields): ReactNode[] {
  return section.fields
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
    ));
}

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

  // The top-level values each table's column conditions read, kept as the same object while they are unchanged.
  const dependencies = useMemo(
    () => new Map(definition.sections.flatMap((s) => s.fields).map((f) => [f.id, outerDependencies(f)])),
    [definition],
  );
  const outerCache = useRef(new Map<string, NoteValues>());
  const outerOf = (field: NoteField): NoteValues | undefined => {
    const ids = dependencies.get(field.id);
    if (!ids?.length) return undefined;
    const picked = Object.fromEntries(ids.map((id) => [id, values[id]]));
    const cached = outerCache.current.get(field.id);
    if (sameValues(cached, picked)) return cached;
    outerCache.current.set(field.id, picked);
    return picked;
  };

  const shared = { idPrefix, values, readOnly, mobile, errorMap, fieldExtras, outerOf, setField, blurField };
  const Wrap = readOnly ? 'dl' : 'div';

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
            items={definition.sections.map((section) => ({
              key: section.id,
              label: <span data-section={section.id}>{section.title}</span>,
              children: <Wrap className="note-form-fields">{sectionFields({ section, ...shared })}</Wrap>,
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
      {definition.sections.map((section) => (
        <section key={section.id} aria-labelledby={headingId(section)} className="note-form-section">
          <h2 id={headingId(section)} tabIndex={-1} className="note-form-section-title">
            {section.title}
          </h2>
          <Wrap className="note-form-fields">{sectionFields({ section, ...shared })}</Wrap>
        </section>
      ))}
    </div>
  );
}
