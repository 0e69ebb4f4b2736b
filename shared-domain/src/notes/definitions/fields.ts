// Building blocks of the note definitions: fields and the sections several note types share.
import type { NoteCondition, NoteField, NoteOption, NoteSection, SimpleField } from '../definition';

type Common = {
  required?: boolean;
  showWhen?: NoteCondition;
  exportItem?: string;
  help?: string;
};

export const text = (
  id: string,
  label: string,
  extra: Common & { multiline?: boolean; maxLength?: number } = {},
) => ({ id, label, kind: 'text', ...extra }) satisfies SimpleField;

export const narrative = (id: string, label: string, extra: Common = {}) =>
  text(id, label, { multiline: true, maxLength: 5000, ...extra });

export const number = (
  id: string,
  label: string,
  extra: Common & { min?: number; max?: number; integer?: boolean; unit?: string } = {},
) => ({ id, label, kind: 'number', ...extra }) satisfies SimpleField;

export const date = (id: string, label: string, extra: Common = {}) =>
  ({ id, label, kind: 'date', ...extra }) satisfies SimpleField;

export const time = (id: string, label: string, extra: Common = {}) =>
  ({ id, label, kind: 'time', ...extra }) satisfies SimpleField;

export const choice = (
  id: string,
  label: string,
  options: string | NoteOption[],
  extra: Common & { multiple?: boolean } = {},
) => ({ id, label, kind: 'choice', options, ...extra }) satisfies SimpleField;

export const multi = (id: string, label: string, options: string | NoteOption[], extra: Common = {}) =>
  choice(id, label, options, { multiple: true, ...extra });

export const inline = (...labels: string[]): NoteOption[] => labels.map((label) => ({ value: label, label }));

export const YES_NO: NoteOption[] = [
  { value: 'yes', label: 'Yes', exportCode: '01' },
  { value: 'no', label: 'No', exportCode: '00' },
];

export const section = (id: string, title: string, fields: NoteField[]): NoteSection => ({
  id,
  title,
  fields,
});

export const timeInOut = (): NoteField[] => [
  time('timeIn', 'Time in', { required: true }),
  time('timeOut', 'Time out', { required: true }),
];

export const assessmentReason = (): NoteField =>
  choice('assessmentReason', 'Reason for assessment', 'assessmentReasons', {
    required: true,
    exportItem: 'M0100',
  });

/** The field the "show B when A is …" conditions hang on: transfer (06, 07) and resumption (03). */
export const assessmentReasonFollowUps = (): NoteField[] => [
  date('resumptionDate', 'Resumption of care date', {
    required: true,
    showWhen: { field: 'assessmentReason', in: ['03'] },
    exportItem: 'M0032',
  }),
  text('transferFacility', 'Inpatient facility name', {
    required: true,
    maxLength: 200,
    showWhen: { field: 'assessmentReason', in: ['06', '07'] },
  }),
];

export const NURSING_READINGS = [
  'temperature',
  'pulse',
  'respirations',
  'systolic',
  'diastolic',
  'oxygenSaturation',
];

export const vitalsSection = (readingTypes: string[] = NURSING_READINGS, required = false): NoteSection =>
  section('vitalSigns', 'Vital signs', [
    { id: 'vitals', label: 'Vital signs', kind: 'vitals', readingTypes, ...(required ? { required } : {}) },
    choice('pulseType', 'Pulse type', 'pulseTypes'),
  ]);

export const diagnosesField = (required = false): NoteField => ({
  id: 'diagnoses',
  label: 'Primary and other diagnoses (ICD-10)',
  kind: 'diagnoses',
  exportItem: 'M1021',
  ...(required ? { required } : {}),
});

export const medicationsSection = (): NoteSection =>
  section('medicationProfile', 'Medications', [
    {
      id: 'medications',
      label: 'Medication profile',
      kind: 'table',
      addLabel: 'Add medication',
      maxRows: 60,
      columns: [
        text('name', 'Medication name', { required: true, maxLength: 200 }),
        text('dose', 'Dose', { maxLength: 100 }),
        choice('frequency', 'Frequency', 'medicationFrequency'),
        choice('route', 'Route', 'medicationRoute'),
        choice('status', 'Status', 'medicationStatus'),
      ],
    },
    choice('medicationReconciliation', 'Medication reconciliation', 'medicationReconciliation'),
  ]);

const WOUND_SIZE = { min: 0, max: 100, unit: 'cm' } as const;
export const woundsField = (): NoteField => ({
  id: 'wounds',
  label: 'Wounds',
  kind: 'table',
  addLabel: 'Add wound',
  maxRows: 20,
  columns: [
    text('location', 'Location', { required: true, maxLength: 200 }),
    choice('type', 'Wound type', 'woundTypes', { required: true }),
    number('length', 'Length', WOUND_SIZE),
    number('width', 'Width', WOUND_SIZE),
    number('depth', 'Depth', WOUND_SIZE),
    choice('stage', 'Pressure ulcer stage', 'pressureUlcerStages'),
  ],
});

export const bradenFields = (): NoteField[] => [
  choice('bradenSensoryPerception', 'Sensory perception', 'bradenSensoryPerception'),
  choice('bradenMoisture', 'Moisture', 'bradenMoisture'),
  choice('bradenActivity', 'Activity', 'bradenActivity'),
  choice('bradenMobility', 'Mobility', 'bradenMobility'),
  choice('bradenNutrition', 'Nutrition intake', 'bradenNutrition'),
  choice('bradenFrictionAndShear', 'Friction and shear', 'bradenFrictionAndShear'),
  {
    id: 'bradenScore',
    label: 'Braden score',
    kind: 'score',
    score: 'braden',
    inputs: [
      'bradenSensoryPerception',
      'bradenMoisture',
      'bradenActivity',
      'bradenMobility',
      'bradenNutrition',
      'bradenFrictionAndShear',
    ],
  },
];

export const nortonFields = (): NoteField[] => [
  choice('nortonPhysicalCondition', 'Physical condition', 'nortonPhysicalCondition'),
  choice('nortonMentalCondition', 'Mental condition', 'nortonMentalCondition'),
  choice('nortonActivity', 'Activity level', 'nortonActivity'),
  choice('nortonMobility', 'Mobility level', 'nortonMobility'),
  choice('nortonIncontinence', 'Incontinence', 'nortonIncontinence'),
  {
    id: 'nortonScore',
    label: 'Pressure ulcer risk score',
    kind: 'score',
    score: 'norton',
    inputs: [
      'nortonPhysicalCondition',
      'nortonMentalCondition',
      'nortonActivity',
      'nortonMobility',
      'nortonIncontinence',
    ],
  },
];

export const fallRiskFields = (): NoteField[] => [
  multi('fallRiskFactors', 'Fall risk factors', 'fallRiskFactors'),
  {
    id: 'fallRiskScore',
    label: 'Fall risk score',
    kind: 'score',
    score: 'fallRisk',
    inputs: ['fallRiskFactors'],
  },
];

export const nutritionRiskFields = (): NoteField[] => [
  multi('nutritionRiskFactors', 'Nutrition risk factors', 'nutritionRiskFactors'),
  {
    id: 'nutritionRiskScore',
    label: 'Nutrition risk score',
    kind: 'score',
    score: 'nutritionRisk',
    inputs: ['nutritionRiskFactors'],
  },
];

export const painFields = (extra: NoteField[] = []): NoteField[] => [
  number('pain', 'Pain intensity (0-10)', { min: 0, max: 10, integer: true }),
  { id: 'painScore', label: 'Pain level', kind: 'score', score: 'pain', inputs: ['pain'] },
  ...extra,
];

export const phq2Fields = (): NoteField[] => [
  choice('phq2Interest', 'Little interest or pleasure in doing things', 'phq2Answers', {
    exportItem: 'D0150A',
  }),
  choice('phq2Depressed', 'Feeling down, depressed or hopeless', 'phq2Answers', { exportItem: 'D0150B' }),
  {
    id: 'phq2Score',
    label: 'PHQ-2 score',
    kind: 'score',
    score: 'phq2',
    inputs: ['phq2Interest', 'phq2Depressed'],
  },
];

export const assistLevel = (id: string, label: string): NoteField =>
  choice(id, label, 'functionalAssistLevels');

export const goalsField = (required = true): NoteField => ({
  id: 'goals',
  label: 'Care-plan goals',
  kind: 'goals',
  ...(required ? { required } : {}),
});

export const signatureSection = (label = 'Clinician signature'): NoteSection =>
  section('signOff', 'Signature', [{ id: 'signature', label, kind: 'signature', required: true }]);

export const billingField = (codes: 'ptBillingCodes' | 'otBillingCodes' | 'stBillingCodes'): NoteField => ({
  id: 'billing',
  label: 'Billing codes and units',
  kind: 'table',
  addLabel: 'Add billing code',
  maxRows: 8,
  required: true,
  columns: [
    choice('code', 'Billing code', codes, { required: true }),
    choice('units', 'Units', 'therapyUnits', { required: true }),
  ],
});
