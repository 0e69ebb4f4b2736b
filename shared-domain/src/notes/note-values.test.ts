import { noteDefinitionSchema, type NoteDefinition } from './definition';
import {
  isEmptyValue,
  isFieldVisible,
  isTimeOfDay,
  staleSignatureFields,
  validateNoteValues,
  withComputedScores,
} from './note-values';

const definition: NoteDefinition = noteDefinitionSchema.parse({
  noteType: 'SOC',
  version: 1,
  title: 'Test form',
  sections: [
    {
      id: 'visit',
      title: 'Visit',
      fields: [
        { id: 'reason', label: 'Reason', kind: 'choice', options: 'assessmentReasons', required: true },
        {
          id: 'facility',
          label: 'Inpatient facility',
          kind: 'text',
          required: true,
          maxLength: 10,
          showWhen: { field: 'reason', in: ['06', '07'] },
        },
        { id: 'timeIn', label: 'Time in', kind: 'time', required: true },
        { id: 'visitDate', label: 'Visit date', kind: 'date' },
        { id: 'pain', label: 'Pain', kind: 'number', min: 0, max: 10, integer: true },
        { id: 'weightKg', label: 'Weight', kind: 'number', min: 1 },
        { id: 'painScore', label: 'Pain score', kind: 'score', score: 'pain', inputs: ['pain'] },
        { id: 'orientation', label: 'Oriented to', kind: 'choice', options: 'orientation', multiple: true },
        {
          id: 'confusionNotes',
          label: 'Confusion notes',
          kind: 'text',
          required: true,
          showWhen: { field: 'orientation', in: ['Situation'] },
        },
      ],
    },
    {
      id: 'clinical',
      title: 'Clinical',
      fields: [
        {
          id: 'medications',
          label: 'Medications',
          kind: 'table',
          maxRows: 2,
          columns: [
            { id: 'name', label: 'Name', kind: 'text', required: true },
            { id: 'dose', label: 'Dose', kind: 'text' },
            { id: 'status', label: 'Status', kind: 'choice', options: 'medicationStatus' },
            {
              id: 'stopDate',
              label: 'Stopped on',
              kind: 'date',
              required: true,
              showWhen: { field: 'status', in: ['Discontinued'] },
            },
          ],
        },
        {
          id: 'vitals',
          label: 'Vitals',
          kind: 'vitals',
          readingTypes: ['temperature', 'pulse', 'systolic'],
          required: true,
        },
        {
          id: 'fallRiskFactors',
          label: 'Fall risk',
          kind: 'choice',
          options: 'fallRiskFactors',
          multiple: true,
        },
        {
          id: 'fallRiskScore',
          label: 'Fall risk score',
          kind: 'score',
          score: 'fallRisk',
          inputs: ['fallRiskFactors'],
        },
        { id: 'phq1', label: 'Little interest', kind: 'choice', options: 'phq2Answers' },
        { id: 'phq2', label: 'Feeling down', kind: 'choice', options: 'phq2Answers' },
        {
          id: 'phqScore',
          label: 'PHQ-2',
          kind: 'score',
          score: 'phq2',
          inputs: ['phq1', 'phq2'],
          required: true,
        },
        { id: 'diagnoses', label: 'Diagnoses', kind: 'diagnoses', required: true },
        { id: 'goals', label: 'Goals', kind: 'goals' },
        { id: 'signature', label: 'Clinician signature', kind: 'signature', required: true },
      ],
    },
  ],
});

const complete = {
  reason: '01',
  timeIn: '09:30',
  vitals: { temperature: { value: 98.6, site: 'Oral' }, pulse: { value: 72 } },
  phq1: '1',
  phq2: '0',
  phqScore: { total: 1, level: 'Negative screen' },
  diagnoses: { primary: 'I10', others: ['E11.9'] },
  signature: { name: 'Jane Nurse, RN', signedAt: '2026-11-24T15:00:00.000Z' },
};

const save = (values: Record<string, unknown>) => validateNoteValues(definition, values, 'save');
const submit = (values: Record<string, unknown>) => validateNoteValues(definition, values, 'submit');
const fieldOf = (id: string) => definition.sections.flatMap((s) => s.fields).find((f) => f.id === id)!;

describe('isFieldVisible', () => {
  const facility = fieldOf('facility');
  it('shows a field when the field it depends on holds one of the values', () => {
    expect(isFieldVisible(facility, { reason: '06' })).toBe(true);
    expect(isFieldVisible(facility, { reason: '07' })).toBe(true);
    expect(isFieldVisible(facility, { reason: '01' })).toBe(false);
    expect(isFieldVisible(facility, {})).toBe(false);
    expect(isFieldVisible(fieldOf('reason'), {})).toBe(true);
  });

  it('a multiple choice shows it when any selected value is listed', () => {
    const notes = fieldOf('confusionNotes');
    expect(isFieldVisible(notes, { orientation: ['Person', 'Situation'] })).toBe(true);
    expect(isFieldVisible(notes, { orientation: ['Person'] })).toBe(false);
    expect(isFieldVisible(notes, { orientation: [] })).toBe(false);
  });

  it('a column reads its row, then the top-level values', () => {
    const condition = { showWhen: { field: 'reason', in: ['03'] } };
    expect(isFieldVisible(condition, {}, { reason: '03' })).toBe(true);
    expect(isFieldVisible(condition, { reason: '01' }, { reason: '03' })).toBe(false);
  });
});

describe('withComputedScores', () => {
  it('recomputes every score field into a new object and keeps hidden fields', () => {
    const values = {
      reason: '01',
      facility: 'kept',
      pain: 5,
      fallRiskFactors: ['historyOfFalls'],
      phq1: '2',
      phq2: 'NA',
      painScore: { total: 0, level: 'wrong' },
    };
    const result = withComputedScores(definition, values);
    expect(result).not.toBe(values);
    expect(result).toEqual({
      ...values,
      painScore: { total: 5, level: 'Moderate pain' },
      fallRiskScore: { total: 15, level: 'At risk' },
      phqScore: { total: null, level: 'NA' },
    });
    expect(values.painScore).toEqual({ total: 0, level: 'wrong' });
  });
});

describe('validateNoteValues on save', () => {
  it('accepts an empty note and a complete one', () => {
    expect(save({})).toEqual([]);
    expect(save(complete)).toEqual([]);
    expect(submit(complete)).toEqual([]);
  });

  it('treats null and empty strings as empty', () => {
    expect(save({ reason: null, facility: '', pain: null, visitDate: '' })).toEqual([]);
  });

  it('refuses keys that are not fields', () => {
    expect(save({ nope: 1 })).toEqual([{ field: 'values.nope', message: 'is not a field of this form' }]);
  });

  it('refuses values that are not an object', () => {
    expect(validateNoteValues(definition, [] as never, 'save')).toEqual([
      { field: 'values', message: 'must be an object' },
    ]);
  });

  it('checks numbers: shape, whole numbers, ranges', () => {
    expect(save({ pain: 11 })).toEqual(
      expect.arrayContaining([{ field: 'values.pain', message: 'must be between 0 and 10' }]),
    );
    expect(save({ pain: -1 })).toContainEqual({ field: 'values.pain', message: 'must be between 0 and 10' });
    expect(save({ pain: 2.5 })).toContainEqual({ field: 'values.pain', message: 'must be a whole number' });
    expect(save({ pain: '5' })).toContainEqual({ field: 'values.pain', message: 'must be a number' });
    expect(save({ weightKg: 0 })).toEqual([{ field: 'values.weightKg', message: 'must be at least 1' }]);
    expect(save({ pain: 0 })).toEqual([]);
    expect(save({ pain: 10 })).toEqual([]);
  });

  it('checks choices against their options', () => {
    expect(save({ reason: '02' })).toEqual([
      { field: 'values.reason', message: 'must be one of the listed options' },
    ]);
    expect(save({ reason: ['01'] })).toEqual([
      { field: 'values.reason', message: 'must be one of the listed options' },
    ]);
    expect(save({ orientation: ['Person', 'Moon'] })).toEqual([
      { field: 'values.orientation', message: 'must be one of the listed options' },
    ]);
    expect(save({ orientation: 'Person' })).toEqual([
      { field: 'values.orientation', message: 'must be one of the listed options' },
    ]);
    expect(save({ orientation: ['Person', 'Person'] })).toEqual([
      { field: 'values.orientation', message: 'is listed twice' },
    ]);
    expect(save({ orientation: ['Person', 'Place'] })).toEqual([]);
  });

  it('checks text, dates and times', () => {
    expect(save({ facility: 'x'.repeat(11) })).toEqual([
      { field: 'values.facility', message: 'must be at most 10 characters' },
    ]);
    expect(save({ facility: 42 })).toEqual([{ field: 'values.facility', message: 'must be text' }]);
    expect(save({ visitDate: '2026-02-30' })).toEqual([
      { field: 'values.visitDate', message: 'must be a date (YYYY-MM-DD)' },
    ]);
    expect(save({ timeIn: '24:00' })).toEqual([
      { field: 'values.timeIn', message: 'must be a time (HH:mm)' },
    ]);
    expect(save({ timeIn: '9:30' })).toEqual([{ field: 'values.timeIn', message: 'must be a time (HH:mm)' }]);
    expect(save({ visitDate: '2026-02-28', timeIn: '23:59' })).toEqual([]);
  });

  it('checks table rows, cells, unknown columns and maxRows', () => {
    expect(save({ medications: 'aspirin' })).toEqual([
      { field: 'values.medications', message: 'must be a list of rows' },
    ]);
    expect(
      save({
        medications: [{ name: 'Aspirin', status: 'Paused' }, 'x', { name: 'Lasix', color: 'blue' }],
      }),
    ).toEqual([
      { field: 'values.medications', message: 'must have at most 2 rows' },
      { field: 'values.medications.0.status', message: 'must be one of the listed options' },
      { field: 'values.medications.1', message: 'must be a row' },
      { field: 'values.medications.2.color', message: 'is not a column of this table' },
    ]);
    expect(save({ medications: [{ name: 'Aspirin', dose: '81 mg', status: 'New' }] })).toEqual([]);
  });

  it('checks vitals: reading types of the field, their ranges, sites and positions', () => {
    expect(save({ vitals: [] })).toEqual([
      { field: 'values.vitals', message: 'must be vital-sign readings' },
    ]);
    expect(
      save({
        vitals: {
          temperature: { value: 120 },
          pulse: { value: 72.5 },
          weight: { value: 150 },
          bogus: { value: 1 },
          systolic: { value: 120, site: 'Left arm', position: 'Upside down' },
        },
      }),
    ).toEqual([
      { field: 'values.vitals.temperature', message: 'must be between 90 and 110' },
      { field: 'values.vitals.pulse', message: 'must be a whole number' },
      { field: 'values.vitals.weight', message: 'is not a reading of this form' },
      { field: 'values.vitals.bogus', message: 'is not a reading of this form' },
      { field: 'values.vitals.systolic.position', message: 'must be one of the listed options' },
    ]);
    expect(save({ vitals: { pulse: 'fast' } })).toEqual([
      { field: 'values.vitals.pulse', message: 'must be a reading with a value' },
    ]);
    expect(save({ vitals: { pulse: { value: 'fast' } } })).toEqual([
      { field: 'values.vitals.pulse', message: 'must be a number' },
    ]);
    expect(save({ vitals: { pulse: { value: 72 }, systolic: { value: 120, position: 'Sitting' } } })).toEqual(
      [],
    );
  });

  it('requires score values to equal their recomputation', () => {
    expect(save({ pain: 5, painScore: { total: 5, level: 'Moderate pain' } })).toEqual([]);
    expect(save({ pain: 5, painScore: { total: 4, level: 'Moderate pain' } })).toEqual([
      { field: 'values.painScore', message: 'does not match its items' },
    ]);
    expect(save({ fallRiskFactors: ['age65'], fallRiskScore: { total: 15, level: 'At risk' } })).toEqual([
      { field: 'values.fallRiskScore', message: 'does not match its items' },
    ]);
    expect(save({ painScore: 'high' })).toEqual([{ field: 'values.painScore', message: 'must be a score' }]);
    expect(save({ painScore: { total: null, level: null } })).toEqual([]);
    expect(save(withComputedScores(definition, { pain: 9, fallRiskFactors: ['age65'] }))).toEqual([]);
  });

  it('checks signatures', () => {
    expect(save({ signature: 'Jane' })).toEqual([
      { field: 'values.signature', message: 'must be a signature (name and time signed)' },
    ]);
    expect(save({ signature: { name: ' ', signedAt: '2026-11-24T15:00:00Z' } })).toHaveLength(1);
    expect(save({ signature: { name: 'Jane', signedAt: 'yesterday' } })).toHaveLength(1);
    expect(save({ signature: { name: 'Jane', signedAt: '2026-11-24T15:00:00Z' } })).toEqual([]);
  });

  it('checks diagnoses: ICD-10 codes, no code twice', () => {
    expect(save({ diagnoses: 'I10' })).toEqual([
      { field: 'values.diagnoses', message: 'must be a primary diagnosis and other diagnoses' },
    ]);
    expect(save({ diagnoses: { primary: 'hypertension', others: ['E11.9', 'I10x', 'E11.9'] } })).toEqual([
      { field: 'values.diagnoses.primary', message: 'must be an ICD-10 code' },
      { field: 'values.diagnoses.others.1', message: 'must be an ICD-10 code' },
      { field: 'values.diagnoses.others.2', message: 'is listed twice' },
    ]);
    expect(save({ diagnoses: { primary: null, others: ['Z99.81'] } })).toEqual([]);
  });

  it('checks goals are a list', () => {
    expect(save({ goals: 'walk' })).toEqual([{ field: 'values.goals', message: 'must be a list of goals' }]);
  });

  it('does not require anything', () => {
    expect(save({ reason: '06' })).toEqual([]);
  });
});

describe('validateNoteValues on submit', () => {
  it('requires every visible required field', () => {
    expect(submit({})).toEqual([
      { field: 'values.reason', message: 'is required' },
      { field: 'values.timeIn', message: 'is required' },
      { field: 'values.vitals', message: 'is required' },
      { field: 'values.phqScore', message: 'is required' },
      { field: 'values.diagnoses', message: 'is required' },
      { field: 'values.signature', message: 'is required' },
    ]);
  });

  it('requires a field shown by its condition, not a hidden one', () => {
    expect(submit({ ...complete, reason: '06' })).toEqual([
      { field: 'values.facility', message: 'is required' },
    ]);
    expect(submit({ ...complete, reason: '06', facility: '  ' })).toEqual([
      { field: 'values.facility', message: 'is required' },
    ]);
    expect(submit({ ...complete, reason: '06', facility: 'St. Mary' })).toEqual([]);
    expect(submit({ ...complete, reason: '01', facility: 'kept' })).toEqual([]);
    expect(submit({ ...complete, orientation: ['Situation'] })).toEqual([
      { field: 'values.confusionNotes', message: 'is required' },
    ]);
  });

  it('requires required cells of each row, a column condition reading its row', () => {
    expect(
      submit({
        ...complete,
        medications: [{ dose: '10 mg' }, { name: 'Lasix', status: 'Discontinued' }],
      }),
    ).toEqual([
      { field: 'values.medications.0.name', message: 'is required' },
      { field: 'values.medications.1.stopDate', message: 'is required' },
    ]);
  });

  it('an empty vitals reading, diagnoses without a primary, an unsigned note are empty', () => {
    expect(
      submit({
        ...complete,
        vitals: { pulse: { value: null, site: 'Radial' } },
        diagnoses: { primary: null, others: [] },
      }),
    ).toEqual([
      { field: 'values.vitals', message: 'is required' },
      { field: 'values.diagnoses', message: 'is required' },
    ]);
    expect(submit({ ...complete, signature: null })).toEqual([
      { field: 'values.signature', message: 'is required' },
    ]);
  });

  it('a required score needs its items answered; NA counts as answered', () => {
    expect(submit({ ...complete, phq2: undefined, phqScore: undefined })).toEqual([
      { field: 'values.phqScore', message: 'is required' },
    ]);
    expect(submit({ ...complete, phq2: 'NA', phqScore: { total: null, level: 'NA' } })).toEqual([]);
  });

  it('reports a wrong value once, not also as required', () => {
    expect(submit({ ...complete, reason: '02' })).toEqual([
      { field: 'values.reason', message: 'must be one of the listed options' },
    ]);
  });
});

describe('helpers', () => {
  it('isTimeOfDay', () => {
    expect(isTimeOfDay('00:00')).toBe(true);
    expect(isTimeOfDay('23:60')).toBe(false);
  });

  it('isEmptyValue per kind', () => {
    expect(isEmptyValue(fieldOf('orientation'), [])).toBe(true);
    expect(isEmptyValue(fieldOf('medications'), [])).toBe(true);
    expect(isEmptyValue(fieldOf('vitals'), {})).toBe(true);
    expect(isEmptyValue(fieldOf('vitals'), { pulse: { value: 60 } })).toBe(false);
    expect(isEmptyValue(fieldOf('pain'), 0)).toBe(false);
    expect(isEmptyValue(fieldOf('facility'), ' ')).toBe(true);
  });
});

describe('goals in note values', () => {
  const goal = {
    category: 'Falls',
    person: 'Patient',
    action: 'will have',
    phrase: 'no falls',
    fillIns: {},
    timeframe: 'throughout certification period',
    text: 'Patient will have no falls throughout certification period.',
  };

  it('accepts built goals and names each refused one by index', () => {
    expect(save({ goals: [goal] })).toEqual([]);
    expect(save({ goals: [goal, { ...goal, text: 'Patient will fly.' }, 'x'] })).toEqual([
      { field: 'values.goals.1', message: 'does not match its parts' },
      { field: 'values.goals.2', message: 'must be a goal from the goal builder' },
    ]);
  });
});

describe('validateNoteValues on a draft save (issue 24)', () => {
  const draft = (values: Record<string, unknown>) => validateNoteValues(definition, values, 'draft');

  it('keeps a value out of range or not whole as typed, and refuses it on submit', () => {
    const typed = { ...complete, pain: 11, weightKg: 0, vitals: { pulse: { value: 400 } } };
    expect(draft(typed)).toEqual([]);
    expect(draft({ medications: [{ name: 'Metformin' }], pain: 2.5 })).toEqual([]);
    expect(submit(typed)).toEqual(
      expect.arrayContaining([
        { field: 'values.pain', message: 'must be between 0 and 10' },
        { field: 'values.weightKg', message: 'must be at least 1' },
        { field: 'values.vitals.pulse', message: 'must be between 20 and 250' },
      ]),
    );
  });

  it('still refuses the wrong shape, a value not an option, too long a text and a field that is not one', () => {
    expect(draft({ pain: '5' })).toEqual([{ field: 'values.pain', message: 'must be a number' }]);
    expect(draft({ reason: '02' })).toEqual([
      { field: 'values.reason', message: 'must be one of the listed options' },
    ]);
    expect(draft({ confusionNotes: 'x'.repeat(20_001) })).toHaveLength(1);
    expect(draft({ vitals: { pulse: { value: 'fast' } } })).toEqual([
      { field: 'values.vitals.pulse', message: 'must be a number' },
    ]);
    expect(draft({ nope: 1 })).toEqual([{ field: 'values.nope', message: 'is not a field of this form' }]);
  });
});

describe('staleSignatureFields (issue 24)', () => {
  it('clears a signature kept through a change, never a new one or an unchanged note', () => {
    expect(staleSignatureFields(definition, complete, { ...complete, timeIn: '10:00' })).toEqual([
      'signature',
    ]);
    expect(staleSignatureFields(definition, complete, { ...complete })).toEqual([]);
    const reordered = {
      ...complete,
      signature: { signedAt: complete.signature.signedAt, name: complete.signature.name },
    };
    expect(staleSignatureFields(definition, complete, reordered)).toEqual([]);
    const resigned = {
      ...complete,
      timeIn: '10:00',
      signature: { name: 'Jane', signedAt: '2026-11-25T10:00:00Z' },
    };
    expect(staleSignatureFields(definition, complete, resigned)).toEqual([]);
    const unsigned = { ...complete, signature: undefined };
    expect(staleSignatureFields(definition, unsigned, { ...unsigned, timeIn: '10:00' })).toEqual([]);
    expect(staleSignatureFields(definition, null, complete)).toEqual([]);
  });
});
