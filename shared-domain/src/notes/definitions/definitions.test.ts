import {
  NOTE_TYPE_CODES,
  fieldsOf,
  noteDefinitionSchema,
  type NoteDefinition,
  type NoteField,
} from '../definition';
import { buildGoalSentence } from '../goal-builder';
import { validateNoteValues, withComputedScores } from '../note-values';
import { optionsOfField } from '../option-lists';
import { PROVIDER_TYPES, VISIT_TYPES } from '../../scheduling/reference-data';
import {
  NOTE_DEFINITIONS,
  NOTE_TYPE_NAMES,
  currentDefinitionOf,
  defaultNoteTypeFor,
  definitionOf,
  definitionVersionsOf,
} from '.';

const fieldOf = (definition: NoteDefinition, id: string) => fieldsOf(definition).find((f) => f.id === id);
const choicesOf = (definition: NoteDefinition) =>
  fieldsOf(definition).flatMap((f) => (f.kind === 'table' ? f.columns : [f]));

describe('NOTE_DEFINITIONS', () => {
  it.each(NOTE_DEFINITIONS.map((d) => [`${d.noteType} v${d.version}`, d] as const))(
    '%s parses through noteDefinitionSchema',
    (_, definition) => {
      expect(noteDefinitionSchema.parse(definition)).toEqual(definition);
    },
  );

  it('every note type has a definition and a name; no version twice', () => {
    for (const code of NOTE_TYPE_CODES) {
      expect(definitionVersionsOf(code).length).toBeGreaterThan(0);
      expect(NOTE_TYPE_NAMES[code]).toBeTruthy();
    }
    const keys = NOTE_DEFINITIONS.map((d) => `${d.noteType}@${d.version}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(NOTE_DEFINITIONS.map((d) => [`${d.noteType} v${d.version}`, d] as const))(
    '%s: labels are unique (none inside another), every choice has options, scores read choices or numbers, a signature is required',
    (_, definition) => {
      const labels = fieldsOf(definition).map((f) => f.label);
      expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
      const lower = labels.map((label) => label.toLowerCase());
      const contained = lower.filter((a) => lower.some((b) => b !== a && b.includes(a)));
      expect(contained).toEqual([]);
      for (const field of fieldsOf(definition)) {
        if (field.kind === 'table') {
          const columns = field.columns.map((c) => c.label);
          expect(new Set(columns).size).toBe(columns.length);
        }
        if (field.kind === 'score') {
          for (const input of field.inputs)
            expect(['choice', 'number']).toContain(fieldOf(definition, input)!.kind);
        }
      }
      for (const field of choicesOf(definition)) {
        if (field.kind === 'choice')
          expect({ id: field.id, n: optionsOfField(field).length > 0 }).toEqual({ id: field.id, n: true });
      }
      expect(fieldOf(definition, 'signature')).toMatchObject({ kind: 'signature', required: true });
      expect(fieldOf(definition, 'timeIn') ?? fieldOf(definition, 'transferDate')).toBeDefined();
    },
  );

  it('empty values save cleanly against every definition', () => {
    for (const definition of NOTE_DEFINITIONS) expect(validateNoteValues(definition, {}, 'save')).toEqual([]);
  });
});

describe('versions', () => {
  it('SOC has versions 1 and 2; version 2 adds the COVID-19 screening and is current', () => {
    expect(definitionVersionsOf('SOC')).toEqual([1, 2]);
    const v1 = definitionOf('SOC', 1)!;
    const v2 = definitionOf('SOC', 2)!;
    expect(currentDefinitionOf('SOC')).toBe(v2);
    expect(fieldOf(v1, 'covidSymptoms')).toBeUndefined();
    expect(fieldOf(v2, 'covidSymptoms')).toMatchObject({ kind: 'choice', multiple: true });
    const v1Ids = fieldsOf(v1).map((f) => f.id);
    expect(fieldsOf(v2).map((f) => f.id)).toEqual(expect.arrayContaining(v1Ids));
  });

  it('an unknown version is undefined', () => {
    expect(definitionOf('SOC', 3)).toBeUndefined();
    expect(definitionOf('SNV', 2)).toBeUndefined();
    expect(currentDefinitionOf('SNV').version).toBe(1);
  });
});

describe.each([1, 2])('start of care v%i', (version) => {
  const soc = definitionOf('SOC', version)!;
  const f = (id: string) => fieldOf(soc, id) as NoteField & Record<string, unknown>;

  it('has the fields the API, the UI and the e2e rely on', () => {
    expect(f('assessmentReason')).toMatchObject({
      kind: 'choice',
      options: 'assessmentReasons',
      required: true,
    });
    expect(f('transferFacility')).toMatchObject({
      kind: 'text',
      showWhen: { field: 'assessmentReason', in: ['06', '07'] },
    });
    expect(f('resumptionDate')).toMatchObject({
      kind: 'date',
      showWhen: { field: 'assessmentReason', in: ['03'] },
    });
    expect(f('timeIn')).toMatchObject({ kind: 'time', required: true });
    expect(f('timeOut')).toMatchObject({ kind: 'time', required: true });
    expect(f('livingArrangement')).toMatchObject({ kind: 'choice', options: 'livingArrangement' });
    expect(f('diagnoses')).toMatchObject({ kind: 'diagnoses' });
    expect(f('vitals')).toMatchObject({
      kind: 'vitals',
      readingTypes: ['temperature', 'pulse', 'respirations', 'systolic', 'diastolic', 'oxygenSaturation'],
    });
    const medications = f('medications') as Extract<NoteField, { kind: 'table' }>;
    expect(medications.columns.map((c) => [c.id, c.kind])).toEqual([
      ['name', 'text'],
      ['dose', 'text'],
      ['frequency', 'choice'],
      ['route', 'choice'],
      ['status', 'choice'],
    ]);
    expect(medications.columns[0]!.required).toBe(true);
    expect(medications.columns[4]).toMatchObject({ options: 'medicationStatus' });
    const wounds = f('wounds') as Extract<NoteField, { kind: 'table' }>;
    expect(wounds.columns.map((c) => c.id)).toEqual([
      'location',
      'type',
      'length',
      'width',
      'depth',
      'stage',
    ]);
    expect(wounds.columns[2]).toMatchObject({ kind: 'number', min: 0, max: 100, unit: 'cm' });
    expect(f('bradenScore')).toMatchObject({ kind: 'score', score: 'braden' });
    expect((f('bradenScore') as { inputs: string[] }).inputs).toHaveLength(6);
    expect(f('fallRiskFactors')).toMatchObject({
      kind: 'choice',
      multiple: true,
      options: 'fallRiskFactors',
    });
    expect(f('fallRiskScore')).toMatchObject({
      kind: 'score',
      score: 'fallRisk',
      inputs: ['fallRiskFactors'],
    });
    expect(f('nutritionRiskScore')).toMatchObject({ kind: 'score', score: 'nutritionRisk' });
    expect(f('pain')).toMatchObject({ kind: 'number', min: 0, max: 10 });
    expect(f('painScore')).toMatchObject({ kind: 'score', score: 'pain', inputs: ['pain'] });
    expect(f('transferAssist')).toMatchObject({ kind: 'choice', options: 'functionalAssistLevels' });
    expect(f('balanceGrade')).toMatchObject({ kind: 'choice', options: 'balanceGrades' });
    expect(f('goals')).toMatchObject({ kind: 'goals', required: true });
    expect(f('narrative')).toMatchObject({ kind: 'text', multiline: true });
    expect(f('signature')).toMatchObject({ kind: 'signature', required: true });
  });

  it('a filled-in note submits; transfer asks for the facility', () => {
    const goal = {
      category: 'Endocrine',
      person: 'Patient',
      action: 'will demonstrate',
      phrase: 'blood glucose between {low} and {high} mg/dL',
      fillIns: { low: '80', high: '130' },
      timeframe: 'within 4 weeks',
    } as const;
    const built = buildGoalSentence(goal);
    const values = withComputedScores(soc, {
      assessmentReason: '01',
      timeIn: '09:00',
      timeOut: '10:15',
      livingArrangement: '06',
      diagnoses: { primary: 'E11.9', others: ['I10'] },
      vitals: {
        temperature: { value: 98.4, site: 'Oral' },
        pulse: { value: 76 },
        systolic: { value: 128, position: 'Sitting' },
      },
      medications: [
        { name: 'Metformin', dose: '500 mg', frequency: 'BID', route: 'PO', status: 'Long Standing' },
      ],
      wounds: [
        {
          location: 'Left heel',
          type: 'Pressure ulcer / injury',
          length: 2,
          width: 1.5,
          depth: 0.2,
          stage: '2',
        },
      ],
      bradenSensoryPerception: '3',
      bradenMoisture: '3',
      bradenActivity: '2',
      bradenMobility: '2',
      bradenNutrition: '3',
      bradenFrictionAndShear: '2',
      fallRiskFactors: ['historyOfFalls', 'age65'],
      pain: 4,
      transferAssist: 'MinA',
      balanceGrade: 'Fair+',
      goals: [{ ...goal, text: built.ok ? built.text : '' }],
      narrative: 'Patient seen for start of care.',
      signature: { name: 'Jane Nurse, RN', signedAt: '2026-11-24T16:00:00.000Z' },
    });
    expect(values.bradenScore).toEqual({ total: 15, level: 'Mild risk' });
    expect(values.fallRiskScore).toEqual({ total: 20, level: 'At risk' });
    expect(validateNoteValues(soc, values, 'submit')).toEqual([]);
    expect(validateNoteValues(soc, { ...values, assessmentReason: '06' }, 'submit')).toEqual([
      { field: 'values.transferFacility', message: 'is required' },
    ]);
    expect(validateNoteValues(soc, { ...values, assessmentReason: '03' }, 'submit')).toEqual([
      { field: 'values.resumptionDate', message: 'is required' },
    ]);
  });
});

describe('therapy, aide and supervisory notes', () => {
  it.each(['PT_EVAL', 'PT_TREAT', 'OT_EVAL', 'OT_TREAT', 'ST_EVAL', 'ST_TREAT'] as const)(
    '%s bills codes of its discipline with units 1-8',
    (code) => {
      const billing = fieldOf(currentDefinitionOf(code), 'billing') as Extract<NoteField, { kind: 'table' }>;
      expect(billing.maxRows).toBe(8);
      const list = { PT: 'ptBillingCodes', OT: 'otBillingCodes', ST: 'stBillingCodes' }[code.slice(0, 2)];
      expect(billing.columns).toEqual([
        expect.objectContaining({ id: 'code', options: list, required: true }),
        expect.objectContaining({ id: 'units', options: 'therapyUnits', required: true }),
      ]);
    },
  );

  it('the aide visit records the tasks performed; the supervisory visit the aide supervision items', () => {
    expect(fieldOf(currentDefinitionOf('AIDE'), 'tasksPerformed')).toMatchObject({
      multiple: true,
      required: true,
    });
    const supervisory = currentDefinitionOf('SUPERVISORY');
    for (const id of ['aideName', 'followsCarePlan', 'infectionControl', 'patientSatisfied'])
      expect(fieldOf(supervisory, id)).toBeDefined();
    expect(fieldOf(supervisory, 'correctiveAction')!.showWhen).toEqual({
      field: 'correctiveActionNeeded',
      in: ['yes'],
    });
  });
});

describe('defaultNoteTypeFor', () => {
  it.each([
    ['RN', 'SOC', 'SOC'],
    ['RN', 'Start of care (OASIS)', 'SOC'],
    ['RN', 'Admission visit', 'SOC'],
    ['RN', 'ROC', 'ROC'],
    ['RN', 'Resumption of care (OASIS)', 'ROC'],
    ['RN', 'Recert', 'RECERT'],
    ['RN', 'Discharge', 'DISCHARGE'],
    ['RN', 'Transfer', 'TRANSFER'],
    ['RN', 'Aide Supervisory Visit', 'SUPERVISORY'],
    ['RN', 'RN Routine', 'SNV'],
    ['RN', 'PRN', 'SNV'],
    ['LVN/LPN', 'LVN Routine', 'SNV'],
    ['PT', 'Eval', 'PT_EVAL'],
    ['PT', 'Re-eval', 'PT_EVAL'],
    ['PT', 'SOC', 'PT_EVAL'],
    ['PT', 'Therapy Routine', 'PT_TREAT'],
    ['PTA', 'Therapy Routine', 'PT_TREAT'],
    ['OT', 'Eval', 'OT_EVAL'],
    ['OTA', 'Therapy Routine', 'OT_TREAT'],
    ['ST/SLP', 'Therapy evaluation', 'ST_EVAL'],
    ['ST/SLP', 'Discharge', 'ST_TREAT'],
    ['HHA', 'Aide Visit', 'AIDE'],
    ['CNA', 'CNA Shift', 'AIDE'],
    ['MSW', 'MSW Visit', 'FOLLOWUP'],
    ['rn', 'soc', 'SOC'],
  ])('%s at a %s visit writes %s', (provider, visit, expected) => {
    expect(defaultNoteTypeFor(provider, visit)).toBe(expected);
  });

  it('gives a note type for every provider type and visit type of the reference data', () => {
    for (const provider of PROVIDER_TYPES) {
      for (const visit of VISIT_TYPES) {
        if (!visit.providerTypeIds.includes(provider.id)) continue;
        expect(NOTE_TYPE_CODES).toContain(defaultNoteTypeFor(provider.type, visit.type));
      }
    }
  });
});
