import {
  currentDefinitionOf,
  NOTE_DEFINITIONS,
  noteDefinitionSchema,
  withComputedScores,
  type NoteDefinition,
  type NoteValues,
} from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose as pick, renderPage, type ApiCall, type Route } from '@carelane/shared-ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import NoteForm, { type NoteFormProps } from './NoteForm';
import { generatedDefinition, smallDefinition } from './test-definitions';

// antd in jsdom on a busy machine: the 300-field note and the axe runs take tens of seconds.
jest.setTimeout(180_000);

type Seen = { values: NoteValues[]; blurs: string[] };

function Controlled({
  initial = {},
  seen,
  ...props
}: Omit<NoteFormProps, 'values' | 'onChange' | 'definition'> & {
  definition?: NoteDefinition;
  initial?: NoteValues;
  seen?: Seen;
}) {
  const [values, setValues] = useState(initial);
  return (
    <NoteForm
      definition={props.definition ?? smallDefinition}
      {...props}
      values={values}
      onChange={(next) => {
        seen?.values.push(next);
        setValues(next);
      }}
      onFieldBlur={(id) => seen?.blurs.push(id)}
    />
  );
}

const templates = {
  rows: [
    {
      id: 1,
      category: 'Pain',
      person: 'Patient',
      action: 'will verbalize',
      phrase: 'pain at or below {level} on a 0-10 scale',
      phraseDe: null,
      version: 1,
    },
  ],
};

const answering =
  (more?: Route): Route =>
  (call: ApiCall) => {
    if (call.url.pathname === '/api/notes/templates') return jsonResponse(templates);
    if (call.url.pathname === '/api/notes/icdCodes')
      return jsonResponse({ rows: [{ code: 'I10', description: 'Essential (primary) hypertension' }] });
    return more?.(call);
  };

const show = (element: React.ReactElement, route: Route = answering()) =>
  renderPage(element, { url: '/note?visitId=1', roleId: 9, route });

const lastOf = (seen: Seen) => seen.values.at(-1)!;

/** The control a <label> with exactly this text points at. */
function controlLabelled(text: string): HTMLElement {
  const label = [...document.querySelectorAll('label')].find((element) => element.textContent === text)!;
  return document.getElementById(label.htmlFor)!;
}

describe('NoteForm', () => {
  it('is a valid definition to render', () => {
    expect(noteDefinitionSchema.safeParse(smallDefinition).success).toBe(true);
    expect(noteDefinitionSchema.safeParse(generatedDefinition(300)).success).toBe(true);
  });

  it('draws every field kind with its label, sections as headings, required marked and ranges hinted', async () => {
    const page = show(<Controlled />);
    expect(screen.getByRole('heading', { level: 2, name: 'Visit' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Clinical' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Sections of the note' })).toBeTruthy();
    expect(
      screen.getByRole('combobox', { name: 'Reason for assessment' }).getAttribute('aria-required'),
    ).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Summary' }).tagName).toBe('TEXTAREA');
    const pain = screen.getByRole('spinbutton', { name: 'Pain level' });
    expect(document.getElementById(pain.getAttribute('aria-describedby')!)!.textContent).toBe('Range 0–10');
    expect(screen.getByRole('textbox', { name: 'Date of visit' })).toBeTruthy();
    expect((screen.getByLabelText('Time in') as HTMLInputElement).type).toBe('time');
    expect(within(screen.getByRole('group', { name: 'Oriented to' })).getAllByRole('checkbox')).toHaveLength(
      4,
    );
    expect(screen.getByRole('combobox', { name: 'Safety measures' })).toBeTruthy();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Little interest or pleasure' })).getAllByRole('radio'),
    ).toHaveLength(5);
    expect(screen.getByText('PHQ-2 score: not scored yet')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Blood pressure systolic' })).toBeTruthy();
    expect(screen.getByText('Range 50–300 mmHg')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Blood pressure systolic position' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add medication' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Primary diagnosis' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Other diagnoses' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Clinician signature' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Category' })).toBeTruthy();
    page.done();
  });

  it('reports each change with the whole values, and a field losing focus', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled initial={{ summary: 'Seen' }} seen={seen} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), ' today');
    await user.tab();
    expect(lastOf(seen)).toMatchObject({ summary: 'Seen today' });
    expect(seen.blurs).toContain('summary');
    await user.type(screen.getByRole('spinbutton', { name: 'Pain level' }), '12');
    expect(lastOf(seen).painLevel).toBe(12);
    expect(screen.getByText('Out of range: 0–10')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Date of visit' }), '11/24/2026');
    await user.tab();
    expect(lastOf(seen).visitDate).toBe('2026-11-24');
    fireEvent.change(screen.getByLabelText('Time in'), { target: { value: '09:30' } });
    expect(lastOf(seen).arrival).toBe('09:30');
    await user.click(screen.getByRole('checkbox', { name: 'Place' }));
    expect(lastOf(seen).orientedTo).toEqual(['Place']);
    page.done();
  });

  it('shows a field only while its condition holds', async () => {
    const page = show(<Controlled />);
    expect(screen.queryByRole('textbox', { name: 'Resumption details' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason for assessment' }));
    fireEvent.click((await screen.findAllByTitle('Resumption of care')).at(-1)!);
    expect(await screen.findByRole('textbox', { name: 'Resumption details' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reason for assessment' }));
    fireEvent.click((await screen.findAllByTitle('Start of care')).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Resumption details' })).toBeNull());
    page.done();
  });

  it('recomputes a score as its items are chosen', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} />);
    const user = userEvent.setup();
    const interest = screen.getByRole('radiogroup', { name: 'Little interest or pleasure' });
    await user.click(within(interest).getByRole('radio', { name: 'More than half of the days (7–11 days)' }));
    expect(screen.getByText('PHQ-2 score: not scored yet')).toBeTruthy();
    const down = screen.getByRole('radiogroup', { name: 'Feeling down or hopeless' });
    await user.click(within(down).getByRole('radio', { name: 'Nearly every day (12–14 days)' }));
    expect(screen.getByText('PHQ-2 score 5 — Positive screen')).toBeTruthy();
    expect(lastOf(seen).phq2).toEqual({ total: 5, level: 'Positive screen' });
    await user.click(within(down).getByRole('radio', { name: 'Not at all (0–1 day)' }));
    expect(screen.getByText('PHQ-2 score 2 — Negative screen')).toBeTruthy();
    page.done();
  });

  it('adds table rows, removes an empty one at once and asks before removing a filled one', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    expect(lastOf(seen).medications).toEqual([{}, {}]);
    await user.click(screen.getByRole('button', { name: 'Remove Medications 2' }));
    expect(lastOf(seen).medications).toEqual([{}]);
    await user.type(screen.getByRole('textbox', { name: 'Dose (row 1)' }), '10 mg');
    await user.type(screen.getByRole('textbox', { name: 'Medication (row 1)' }), 'Lisinopril');
    expect(lastOf(seen).medications).toEqual([{ dose: '10 mg', name: 'Lisinopril' }]);
    await user.click(screen.getByRole('button', { name: 'Remove Medications 1' }));
    expect(await screen.findByText('Remove Medications 1?')).toBeTruthy();
    expect(lastOf(seen).medications).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(lastOf(seen).medications).toBeUndefined());
    expect(screen.queryByRole('textbox', { name: 'Dose (row 1)' })).toBeNull();
    page.done();
  });

  it('builds a goal through the cascade, shows the sentence as it is built, and removes it', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} />);
    const user = userEvent.setup();
    const preview = () => document.querySelector('.note-form-goal-preview')!.textContent;
    await pick('Category', 'Pain');
    await pick('Person', 'Patient');
    await pick('Action', 'will verbalize');
    await pick('Phrase', 'pain at or below {level} on a 0-10 scale');
    expect(preview()).toBe('Goal: Patient will verbalize pain at or below [level] on a 0-10 scale.');
    expect(screen.getByRole('button', { name: 'Add goal' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Level' }), '3');
    await pick('Timeframe (optional)', 'within 2 weeks');
    expect(preview()).toBe('Goal: Patient will verbalize pain at or below 3 on a 0-10 scale within 2 weeks.');
    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(lastOf(seen).goals).toEqual([
      {
        category: 'Pain',
        person: 'Patient',
        action: 'will verbalize',
        phrase: 'pain at or below {level} on a 0-10 scale',
        fillIns: { level: '3' },
        timeframe: 'within 2 weeks',
        text: 'Patient will verbalize pain at or below 3 on a 0-10 scale within 2 weeks.',
      },
    ]);
    const list = screen.getByRole('list', { name: 'Goals' });
    expect(
      within(list).getByText('Patient will verbalize pain at or below 3 on a 0-10 scale within 2 weeks.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove goal 1' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(lastOf(seen).goals).toBeUndefined());
    page.done();
  });

  it('builds goals from the standard phrases when the phrase library cannot be loaded', async () => {
    const page = show(<Controlled />, (call) =>
      call.url.pathname === '/api/notes/templates' ? apiError(500, 'down') : undefined,
    );
    expect(await screen.findByText(/The phrase library could not be loaded/)).toBeTruthy();
    await pick('Category', 'Endocrine');
    await pick('Person', 'Patient');
    await pick('Action', 'will demonstrate');
    await pick('Phrase', 'blood glucose between {low} and {high} mg/dL');
    expect(screen.getByRole('textbox', { name: 'Low' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'High' })).toBeTruthy();
    page.done();
  });

  it('records vitals by reading type and a typed signature', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('spinbutton', { name: 'Blood pressure systolic' }), '128');
    await user.type(screen.getByRole('spinbutton', { name: 'Pulse' }), '72');
    expect(lastOf(seen).vitals).toEqual({ systolic: { value: 128 }, pulse: { value: 72 } });
    expect(screen.getByRole('button', { name: 'Sign' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Clinician signature' }), 'Ann  Lee');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(lastOf(seen).signature).toMatchObject({ name: 'Ann Lee' });
    expect(screen.getByText(/^Signed by Ann Lee on /)).toBeTruthy();
    page.done();
  });

  it('searches ICD-10 codes after a pause in typing and sets the primary diagnosis', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} />);
    const user = userEvent.setup();
    const primary = screen.getByRole('combobox', { name: 'Primary diagnosis' });
    await user.click(primary);
    fireEvent.change(primary, { target: { value: 'hyp' } });
    fireEvent.change(primary, { target: { value: 'hyper' } });
    // Nothing is asked while the clinician is still typing.
    expect(page.calls.filter((call) => call.url.pathname === '/api/notes/icdCodes')).toEqual([]);
    const option = await screen.findByTitle('I10 Essential (primary) hypertension');
    const searches = page.calls.filter((call) => call.url.pathname === '/api/notes/icdCodes');
    expect(searches.map((call) => call.url.searchParams.get('q'))).toEqual(['hyper']);
    await user.click(option);
    expect(lastOf(seen).diagnoses).toEqual({ primary: 'I10', others: [] });
    page.done();
  });

  it('shows the server field errors and the reviewer extras on their fields', () => {
    const page = show(
      <Controlled
        errors={[{ field: 'values.summary', message: 'is required' }]}
        fieldExtras={{ summary: <p>Reviewer: please describe the wound.</p> }}
      />,
    );
    const summary = screen.getByRole('textbox', { name: 'Summary' });
    expect(summary.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('is required').id).toBe(summary.getAttribute('aria-describedby'));
    expect(screen.getByText('Reviewer: please describe the wound.')).toBeTruthy();
    page.done();
  });

  it('read-only, shows the values as text without inputs', () => {
    const values: NoteValues = {
      reason: '03',
      reasonOther: 'Back from hospital',
      summary: 'Stable.',
      painLevel: 4,
      visitDate: '2026-11-24',
      orientedTo: ['Person', 'Time'],
      phqInterest: '1',
      phqDown: '2',
      phq2: { total: 3, level: 'Positive screen' },
      vitals: { systolic: { value: 128, position: 'Sitting' } },
      medications: [{ name: 'Lisinopril', dose: '10 mg', status: 'New' }],
      diagnoses: { primary: 'I10', others: ['E11.9'] },
      goals: [
        {
          category: 'Pain',
          person: 'Patient',
          action: 'will report',
          phrase: 'pain at or below {level}',
          fillIns: { level: '3' },
          timeframe: null,
          text: 'Patient will report pain at or below 3.',
        },
      ],
      signature: { name: 'Ann Lee', signedAt: '2026-11-24T15:00:00.000Z' },
    };
    const page = show(<NoteForm definition={smallDefinition} values={values} onChange={() => {}} readOnly />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByText('Resumption of care')).toBeTruthy();
    expect(screen.getByText('Back from hospital')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByText('11/24/2026')).toBeTruthy();
    expect(screen.getByText('Person, Time')).toBeTruthy();
    expect(screen.getByText('3 — Positive screen')).toBeTruthy();
    expect(screen.getByText('Blood pressure systolic: 128 mmHg (Sitting)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Medications' });
    expect(within(table).getByRole('cell', { name: 'Lisinopril' })).toBeTruthy();
    expect(screen.getByText('Primary: I10')).toBeTruthy();
    expect(screen.getByText('Patient will report pain at or below 3.')).toBeTruthy();
    expect(screen.getByText(/^Signed by Ann Lee on 11\/24\/2026/)).toBeTruthy();
    expect(screen.getAllByText('Not answered').length).toBeGreaterThan(0);
    page.done();
  });

  it('on a phone, puts each section in a collapsible panel with large controls', async () => {
    const page = show(<Controlled layout="mobile" />);
    const header = screen.getByRole('button', { name: 'Visit' });
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Summary' })).toBeTruthy();
    expect(
      screen.getByRole('spinbutton', { name: 'Pain level' }).closest('.ant-input-number-lg'),
    ).toBeTruthy();
    header.focus();
    fireEvent.keyDown(header, { key: ' ' });
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.keyDown(header, { key: 'Enter' });
    await waitFor(() => expect(header.getAttribute('aria-expanded')).toBe('true'));
    page.done();
  });

  it('on a phone, shows each table row as a card: its title, its columns one under the other, add and remove', async () => {
    const seen: Seen = { values: [], blurs: [] };
    const page = show(<Controlled seen={seen} layout="mobile" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add medication' }));
    const card = screen.getByRole('group', { name: 'Medications 1' });
    expect(card.classList.contains('note-form-card')).toBe(true);
    expect(within(card).getByText('Medications 1')).toBeTruthy();
    const cells = card.querySelectorAll('.note-form-card-cell');
    expect(cells).toHaveLength(3);
    await user.type(within(card).getByRole('textbox', { name: 'Medication (row 1)' }), 'Metformin');
    expect(lastOf(seen).medications).toEqual([{ name: 'Metformin' }]);
    await user.click(within(card).getByRole('button', { name: 'Remove Medications 1' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(lastOf(seen).medications).toBeUndefined());
    page.done();
  });

  it('has no serious or critical axe violations, editable, read-only and on a phone', async () => {
    const variants: Partial<NoteFormProps>[] = [{}, { readOnly: true }, { layout: 'mobile' }];
    for (const variant of variants) {
      const page = show(<Controlled {...variant} initial={{ medications: [{ name: 'A' }] }} />);
      await act(async () => {});
      const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
      page.done();
    }
  });

  it('on a 300-field note, a keystroke updates its field and re-renders only that field', async () => {
    const definition = generatedDefinition(300);
    const seen: Seen = { values: [], blurs: [] };
    const rendered: string[] = [];
    (globalThis as { __noteFormFieldRendered?: (id: string) => void }).__noteFormFieldRendered = (id) =>
      rendered.push(id);
    try {
      const page = show(
        <Controlled definition={definition} seen={seen} initial={withComputedScores(definition, {})} />,
      );
      await waitFor(() => expect(document.querySelectorAll('[data-field]')).toHaveLength(300), {
        timeout: 120_000,
      });
      expect(rendered.length).toBeGreaterThanOrEqual(300);
      // Found through its <label>: Testing Library's queries take minutes on 300 antd fields in jsdom.
      const input = controlLabelled('Field 150');
      rendered.length = 0;
      fireEvent.change(input, { target: { value: 'a' } });
      expect((input as HTMLInputElement).value).toBe('a');
      expect(lastOf(seen).f150).toBe('a');
      expect(rendered).toEqual(['f150']);
      // A keystroke moving the score re-renders that field and the score only.
      rendered.length = 0;
      fireEvent.change(controlLabelled('Field 2'), { target: { value: '7' } });
      expect(document.querySelector('output')!.textContent).toBe('Pain score 7 — Severe pain');
      expect([...rendered].sort()).toEqual(['f2', 'pain']);
      page.done();
    } finally {
      delete (globalThis as { __noteFormFieldRendered?: unknown }).__noteFormFieldRendered;
    }
  });

  it('draws a note longer than any we ship a slice at a time, every field in order, and each section busy until drawn', async () => {
    const definition = generatedDefinition(300);
    const page = show(<Controlled definition={definition} initial={withComputedScores(definition, {})} />);
    const first = document.querySelectorAll('[data-field]').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(300);
    // Every section and its heading is there from the start (the index's links lead somewhere); the sections still
    // to be drawn say they are busy.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(definition.sections.length);
    expect(document.querySelector('.note-form-fields[aria-busy="true"]')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('[data-field]')).toHaveLength(300), {
      timeout: 120_000,
    });
    const ids = [...document.querySelectorAll('[data-field]')].map((element) =>
      element.getAttribute('data-field')!.replace(/^note[a-zA-Z0-9]*-/, ''),
    );
    expect(ids).toEqual(definition.sections.flatMap((section) => section.fields.map((field) => field.id)));
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    page.done();
  });

  it('draws a note of the size we ship in one go', () => {
    const definition = currentDefinitionOf('SOC');
    const page = show(<Controlled definition={definition} initial={withComputedScores(definition, {})} />);
    expect(document.querySelector('[data-field$="-signature"]')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    page.done();
  });

  it('draws every note definition, read-only, with a heading per section', () => {
    for (const definition of NOTE_DEFINITIONS) {
      const page = show(<NoteForm definition={definition} values={{}} onChange={() => {}} readOnly />);
      const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
      expect(headings).toEqual(definition.sections.map((section) => section.title));
      page.done();
    }
  });

  it('draws the start-of-care note editable with no serious or critical axe violations', async () => {
    const definition = currentDefinitionOf('SOC');
    const page = show(<Controlled definition={definition} initial={withComputedScores(definition, {})} />);
    await act(async () => {});
    const results = await axe.run(page.container, { rules: { 'color-contrast': { enabled: false } } });
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    page.done();
  });
});
