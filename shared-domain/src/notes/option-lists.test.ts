import { noteOptionSchema } from './definition';
import { NOTE_OPTION_LISTS, READING_TYPES, optionsOfField, readingTypeOf } from './option-lists';

const values = (id: string) => NOTE_OPTION_LISTS[id]!.map((o) => o.value);
const codes = (id: string) => NOTE_OPTION_LISTS[id]!.map((o) => o.exportCode);
const labels = (id: string) => NOTE_OPTION_LISTS[id]!.map((o) => o.label);
const points = (id: string) => NOTE_OPTION_LISTS[id]!.map((o) => o.points);

describe('visit-note option lists (SPEC §3)', () => {
  it('every option parses, and values and labels are unique within a list', () => {
    for (const [id, options] of Object.entries(NOTE_OPTION_LISTS)) {
      expect(options.length).toBeGreaterThan(0);
      for (const option of options) expect(noteOptionSchema.parse(option)).toEqual(option);
      expect({ id, unique: new Set(values(id)).size }).toEqual({ id, unique: options.length });
      expect({ id, unique: new Set(labels(id)).size }).toEqual({ id, unique: options.length });
    }
  });

  it('assessment reasons are 01, 03–09 with the same export codes (no 02)', () => {
    expect(values('assessmentReasons')).toEqual(['01', '03', '04', '05', '06', '07', '08', '09']);
    expect(codes('assessmentReasons')).toEqual(['01', '03', '04', '05', '06', '07', '08', '09']);
    expect(labels('assessmentReasons')).toEqual([
      'Start of care',
      'Resumption of care',
      'Recertification',
      'Other follow-up',
      'Transferred to an inpatient facility – patient not discharged',
      'Transferred to an inpatient facility – patient discharged',
      'Death at home',
      'Discharge from agency',
    ]);
  });

  it('gender is M/F', () => {
    expect(values('gender')).toEqual(['M', 'F']);
  });

  it('living arrangement codes are 01–15', () => {
    const expected = Array.from({ length: 15 }, (_, i) => String(i + 1).padStart(2, '0'));
    expect(values('livingArrangement')).toEqual(expected);
    expect(codes('livingArrangement')).toEqual(expected);
    expect(labels('livingArrangement')[0]).toBe('Lives alone – around the clock assistance');
    expect(labels('livingArrangement')[14]).toBe('Lives in congregate situation – no assistance');
  });

  it('functional assist levels are NT…IND in order', () => {
    expect(values('functionalAssistLevels')).toEqual([
      'NT',
      'Dep',
      'MaxA',
      'ModA',
      'MinA',
      'CGA',
      'SBA',
      'Modl',
      'IND',
    ]);
    expect(labels('functionalAssistLevels')).toContain('Contact guard assistance');
  });

  it('balance grades run Poor- to Great', () => {
    expect(values('balanceGrades')).toEqual([
      'Poor-',
      'Poor',
      'Poor+',
      'Fair-',
      'Fair',
      'Fair+',
      'Good-',
      'Good',
      'Good+',
      'Great',
    ]);
  });

  it('medication status is New, Changed, Long Standing, Discontinued', () => {
    expect(values('medicationStatus')).toEqual(['New', 'Changed', 'Long Standing', 'Discontinued']);
    expect(values('medicationFrequency')).toEqual(expect.arrayContaining(['QD', 'BID', 'TID', 'PRN']));
    expect(values('medicationRoute')).toEqual(expect.arrayContaining(['PO', 'SC', 'IV', 'TOP']));
  });

  it('disciplines are RN, PT, ST/SLP, OT with export codes 01–04', () => {
    expect(values('disciplines')).toEqual(['RN', 'PT', 'ST/SLP', 'OT']);
    expect(codes('disciplines')).toEqual(['01', '02', '03', '04']);
  });

  it('functional scales 0-3 … 0-6 export as 00…06', () => {
    expect(values('functionalScale0to3')).toEqual(['0', '1', '2', '3']);
    expect(codes('functionalScale0to3')).toEqual(['00', '01', '02', '03']);
    expect(values('functionalScale0to4')).toEqual(['0', '1', '2', '3', '4']);
    expect(values('functionalScale0to5')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(codes('functionalScale0to6')).toEqual(['00', '01', '02', '03', '04', '05', '06']);
  });

  it('export-only codes are 00, 01, NA, UK, =, -', () => {
    expect(values('exportCodes')).toEqual(['00', '01', 'NA', 'UK', '=', '-']);
    expect(codes('exportCodes')).toEqual(['00', '01', 'NA', 'UK', '=', '-']);
    expect(labels('exportCodes').slice(0, 4)).toEqual(['No', 'Yes', 'Not applicable', 'Unknown']);
  });

  it('therapy billing codes cover PT, OT and ST evaluation and treatment, each labelled', () => {
    expect(values('therapyBillingCodes')).toEqual(
      expect.arrayContaining(['97161', '97110', '97165', '97530', '92521', '92507']),
    );
    expect(values('ptBillingCodes')).toEqual(expect.arrayContaining(['97161', '97162', '97163', '97110']));
    expect(values('otBillingCodes')).toEqual(expect.arrayContaining(['97165', '97535']));
    expect(values('stBillingCodes')).toEqual(expect.arrayContaining(['92521', '92507', '92526']));
    for (const option of NOTE_OPTION_LISTS.therapyBillingCodes!) {
      expect(option.label.startsWith(`${option.value} `)).toBe(true);
      expect(option.exportCode).toBe(option.value);
    }
  });

  it('therapy units are 1–8 of 15 minutes', () => {
    expect(values('therapyUnits')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(labels('therapyUnits')[0]).toBe('1 unit (15 minutes)');
    expect(labels('therapyUnits')[1]).toBe('2 units (30 minutes)');
    expect(labels('therapyUnits')[7]).toBe('8 units (120 minutes)');
  });

  it('goal durations are 1–9 weeks', () => {
    expect(values('goalDurations')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(labels('goalDurations')[0]).toBe('1 week');
    expect(labels('goalDurations')[8]).toBe('9 weeks');
  });

  it('has the other SPEC §3 lists', () => {
    for (const id of [
      'race',
      'ethnicity',
      'payerSource',
      'dischargeReasons',
      'transferReasons',
      'homeboundReasons',
      'aphasiaTypes',
      'therapyInterventions',
      'safetyMeasures',
      'orientation',
      'mood',
      'woundTypes',
      'pressureUlcerStages',
      'surgicalWoundStatus',
      'stasisUlcerStatus',
      'fallInjuryLevels',
      'vaccines',
      'cognitive',
      'behaviour',
      'painFrequency',
      'vision',
      'hearing',
      'abuseIndicators',
      'emergencyPreparedness',
      'physicianReportingReasons',
      'vitalsSites',
      'vitalsPositions',
      'pulseTypes',
      'medicationReconciliation',
    ]) {
      expect(NOTE_OPTION_LISTS[id]).toBeDefined();
    }
    expect(values('orientation')).toEqual(['Person', 'Place', 'Time', 'Situation']);
    expect(values('vitalsPositions')).toEqual(['Sitting', 'Standing', 'Lying']);
  });
});

describe('assessment score items', () => {
  it.each([
    ['bradenSensoryPerception', [1, 2, 3, 4]],
    ['bradenMoisture', [1, 2, 3, 4]],
    ['bradenActivity', [1, 2, 3, 4]],
    ['bradenMobility', [1, 2, 3, 4]],
    ['bradenNutrition', [1, 2, 3, 4]],
    ['bradenFrictionAndShear', [1, 2, 3]],
  ])('Braden %s scores %p', (id, expected) => {
    expect(points(id)).toEqual(expected);
  });

  it.each([
    'nortonPhysicalCondition',
    'nortonMentalCondition',
    'nortonActivity',
    'nortonMobility',
    'nortonIncontinence',
  ])('the second scale %s scores 4 to 1', (id) => {
    expect(points(id)).toEqual([4, 3, 2, 1]);
  });

  it('fall-risk factors: history of falls 15, each other 5', () => {
    expect(NOTE_OPTION_LISTS.fallRiskFactors![0]).toMatchObject({ value: 'historyOfFalls', points: 15 });
    expect(
      points('fallRiskFactors')
        .slice(1)
        .every((p) => p === 5),
    ).toBe(true);
  });

  it('nutrition-risk factors score 2,3,2,2,2,4,1,1,2,2', () => {
    expect(points('nutritionRiskFactors')).toEqual([2, 3, 2, 2, 2, 4, 1, 1, 2, 2]);
  });

  it('PHQ-2 answers are 0–3 plus NA', () => {
    expect(values('phq2Answers')).toEqual(['0', '1', '2', '3', 'NA']);
    expect(points('phq2Answers')).toEqual([0, 1, 2, 3, undefined]);
  });
});

describe('optionsOfField', () => {
  it('resolves a list id, returns inline options, and nothing for an unknown id', () => {
    expect(optionsOfField({ options: 'gender' })).toBe(NOTE_OPTION_LISTS.gender);
    const inline = [{ value: 'a', label: 'A' }];
    expect(optionsOfField({ options: inline })).toBe(inline);
    expect(optionsOfField({ options: 'noSuchList' })).toEqual([]);
  });
});

describe('READING_TYPES', () => {
  it('has the vitals with their units and plausible ranges', () => {
    expect(READING_TYPES.map((t) => [t.code, t.unit])).toEqual([
      ['temperature', '°F'],
      ['pulse', 'bpm'],
      ['respirations', 'breaths/min'],
      ['systolic', 'mmHg'],
      ['diastolic', 'mmHg'],
      ['oxygenSaturation', '%'],
      ['weight', 'lb'],
      ['bloodSugar', 'mg/dL'],
    ]);
    for (const type of READING_TYPES) {
      expect(type.min).toBeLessThan(type.max);
      if (type.siteList) expect(NOTE_OPTION_LISTS[type.siteList]).toBeDefined();
      if (type.positionList) expect(NOTE_OPTION_LISTS[type.positionList]).toBeDefined();
    }
    expect(readingTypeOf('temperature')).toMatchObject({ min: 90, max: 110 });
    expect(readingTypeOf('oxygenSaturation')!.max).toBe(100);
    expect(readingTypeOf('nope')).toBeUndefined();
  });
});
