// The visit-note option lists of SPEC §3 (label/value pairs, some with an export code) and the vitals reading types
// (SPEC §7 readingTypes). A choice field names a list by its id here (definition.ts `options: string`).
import type { NoteOption } from './definition';

type Row = readonly [value: string, label: string, exportCode?: string, points?: number];

function list(rows: readonly Row[]): readonly NoteOption[] {
  return rows.map(([value, label, exportCode, points]) => ({
    value,
    label,
    ...(exportCode !== undefined ? { exportCode } : {}),
    ...(points !== undefined ? { points } : {}),
  }));
}

/** value = label, no export code. */
function plain(labels: readonly string[]): readonly NoteOption[] {
  return labels.map((label) => ({ value: label, label }));
}

/** Values '0'…`max` exporting as '00'…: the functional scales 0-3 to 0-6 of SPEC §3. */
function scale(max: number): readonly NoteOption[] {
  return Array.from({ length: max + 1 }, (_, n) => ({
    value: String(n),
    label: String(n),
    exportCode: String(n).padStart(2, '0'),
  }));
}

const ASSIST = ['around the clock', 'regular daytime', 'regular nighttime', 'occasional / short-term', 'no'];
const LIVING = ['Lives alone', 'Lives with other persons in the home', 'Lives in congregate situation'];
const livingArrangement: readonly NoteOption[] = LIVING.flatMap((living, l) =>
  ASSIST.map((assist, a) => {
    const code = String(l * ASSIST.length + a + 1).padStart(2, '0');
    return { value: code, label: `${living} – ${assist} assistance`, exportCode: code };
  }),
);

const PT_BILLING: readonly Row[] = [
  ['97161', 'PT evaluation, low complexity'],
  ['97162', 'PT evaluation, moderate complexity'],
  ['97163', 'PT evaluation, high complexity'],
  ['97164', 'PT re-evaluation'],
  ['97110', 'Therapeutic exercise'],
  ['97112', 'Neuromuscular re-education'],
  ['97116', 'Gait training'],
  ['97140', 'Manual therapy'],
  ['97530', 'Therapeutic activities'],
];
const OT_BILLING: readonly Row[] = [
  ['97165', 'OT evaluation, low complexity'],
  ['97166', 'OT evaluation, moderate complexity'],
  ['97167', 'OT evaluation, high complexity'],
  ['97168', 'OT re-evaluation'],
  ['97535', 'Self-care / home management training'],
  ['97530', 'Therapeutic activities'],
  ['97110', 'Therapeutic exercise'],
];
const ST_BILLING: readonly Row[] = [
  ['92521', 'ST evaluation of speech fluency'],
  ['92522', 'ST evaluation of speech sound production'],
  ['92523', 'ST evaluation of speech sound production and language'],
  ['92524', 'ST evaluation of voice'],
  ['92610', 'ST evaluation of swallowing function'],
  ['92507', 'Speech, language, voice or hearing treatment'],
  ['92526', 'Treatment of swallowing dysfunction'],
];
const withCode = (rows: readonly Row[]): readonly NoteOption[] =>
  list(rows.map(([value, label]) => [value, `${value} ${label}`, value]));

export const NOTE_OPTION_LISTS: Record<string, readonly NoteOption[]> = {
  // M0100-style: there is no 02.
  assessmentReasons: list([
    ['01', 'Start of care', '01'],
    ['03', 'Resumption of care', '03'],
    ['04', 'Recertification', '04'],
    ['05', 'Other follow-up', '05'],
    ['06', 'Transferred to an inpatient facility – patient not discharged', '06'],
    ['07', 'Transferred to an inpatient facility – patient discharged', '07'],
    ['08', 'Death at home', '08'],
    ['09', 'Discharge from agency', '09'],
  ]),
  gender: list([
    ['M', 'Male', '1'],
    ['F', 'Female', '2'],
  ]),
  race: list([
    ['americanIndian', 'American Indian or Alaska Native', 'A'],
    ['asian', 'Asian', 'B'],
    ['black', 'Black or African American', 'C'],
    ['nativeHawaiian', 'Native Hawaiian or Other Pacific Islander', 'D'],
    ['white', 'White', 'E'],
    ['other', 'Other', 'F'],
    ['declined', 'Patient unable or declined to respond', 'X'],
  ]),
  ethnicity: list([
    ['notHispanic', 'Not of Hispanic, Latino/a or Spanish origin', 'A'],
    ['mexican', 'Mexican, Mexican American, Chicano/a', 'B'],
    ['puertoRican', 'Puerto Rican', 'C'],
    ['cuban', 'Cuban', 'D'],
    ['otherHispanic', 'Another Hispanic, Latino or Spanish origin', 'E'],
    ['declined', 'Patient unable or declined to respond', 'X'],
  ]),
  payerSource: list([
    ['0', 'None; no charge for current services', '0'],
    ['1', 'Medicare (traditional fee-for-service)', '1'],
    ['2', 'Medicare (HMO / managed care / Advantage plan)', '2'],
    ['3', 'Medicaid (traditional fee-for-service)', '3'],
    ['4', 'Medicaid (HMO / managed care)', '4'],
    ['5', "Workers' compensation", '5'],
    ['6', 'Title programs (e.g. Title III, V or XX)', '6'],
    ['7', 'Other government (e.g. TriCare, VA)', '7'],
    ['8', 'Private insurance', '8'],
    ['9', 'Private HMO / managed care', '9'],
    ['10', 'Self-pay', '10'],
    ['11', 'Other', '11'],
    ['UK', 'Unknown', 'UK'],
  ]),
  livingArrangement,
  dischargeReasons: plain([
    'Goals met',
    'Patient moved out of service area',
    'Patient refused further care',
    'Transferred to another agency',
    'Admitted to hospice',
    'Physician request',
    'No longer homebound',
    'Other',
  ]),
  transferReasons: plain([
    'Acute illness or exacerbation',
    'Fall or injury',
    'Scheduled procedure or surgery',
    'Unplanned hospitalization',
    'Skilled nursing facility admission',
    'Other',
  ]),
  homeboundReasons: plain([
    'Requires assistance of another person to leave home',
    'Requires an assistive device to leave home',
    'Leaving home is medically contraindicated',
    'Considerable and taxing effort to leave home',
    'Dyspnea on minimal exertion',
    'Unsteady gait / high fall risk',
    'Cognitive impairment requires supervision',
    'Bedbound or chairbound',
  ]),
  aphasiaTypes: plain(['Expressive', 'Receptive', 'Global', 'Anomic', 'Conduction', 'None']),
  therapyInterventions: plain([
    'Therapeutic exercise',
    'Gait training',
    'Transfer training',
    'Balance training',
    'Home exercise program',
    'ADL training',
    'Fine motor coordination',
    'Energy conservation',
    'Cognitive retraining',
    'Dysphagia treatment',
    'Speech and language treatment',
    'Patient / caregiver education',
  ]),
  safetyMeasures: plain([
    'Fall precautions',
    'Clear pathways',
    'Use of assistive device',
    'Grab bars / shower chair',
    'Emergency plan in place',
    'Oxygen safety',
    'Infection control',
    'Bleeding precautions',
    'Seizure precautions',
    'Aspiration precautions',
    'Medication safety',
    'Smoke detectors',
  ]),
  orientation: plain(['Person', 'Place', 'Time', 'Situation']),
  mood: plain([
    'Calm',
    'Cooperative',
    'Anxious',
    'Depressed',
    'Agitated',
    'Irritable',
    'Withdrawn',
    'Flat affect',
  ]),
  cognitive: plain([
    'Alert and oriented',
    'Forgetful',
    'Confused',
    'Requires prompting',
    'Impaired judgment',
    'Lethargic',
    'Comatose',
  ]),
  behaviour: plain([
    'Appropriate',
    'Verbal aggression',
    'Physical aggression',
    'Wandering',
    'Disruptive',
    'Delusional / hallucinating',
    'Socially inappropriate',
  ]),
  painFrequency: list([
    ['0', 'Patient has no pain', '00'],
    ['1', 'Less often than daily', '01'],
    ['2', 'Daily, but not constantly', '02'],
    ['3', 'All of the time', '03'],
  ]),
  painQuality: plain(['Aching', 'Burning', 'Cramping', 'Dull', 'Sharp', 'Stabbing', 'Throbbing', 'Tingling']),
  functionalAssistLevels: list([
    ['NT', 'Not tested'],
    ['Dep', 'Dependent'],
    ['MaxA', 'Maximal assistance'],
    ['ModA', 'Moderate assistance'],
    ['MinA', 'Minimal assistance'],
    ['CGA', 'Contact guard assistance'],
    ['SBA', 'Stand-by assistance'],
    ['Modl', 'Modified independent'],
    ['IND', 'Independent'],
  ]),
  balanceGrades: plain([
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
  ]),
  woundTypes: plain([
    'Pressure ulcer / injury',
    'Surgical wound',
    'Stasis ulcer',
    'Arterial ulcer',
    'Diabetic ulcer',
    'Skin tear',
    'Laceration',
    'Burn',
    'Abrasion',
    'Other',
  ]),
  pressureUlcerStages: list([
    ['1', 'Stage 1', '1'],
    ['2', 'Stage 2', '2'],
    ['3', 'Stage 3', '3'],
    ['4', 'Stage 4', '4'],
    ['unstageableDressing', 'Unstageable – non-removable dressing or device', 'U1'],
    ['unstageableSlough', 'Unstageable – slough and/or eschar', 'U2'],
    ['deepTissueInjury', 'Unstageable – deep tissue injury', 'U3'],
    ['NA', 'Not a pressure ulcer', 'NA'],
  ]),
  surgicalWoundStatus: list([
    ['0', 'Newly epithelialized', '00'],
    ['1', 'Fully granulating', '01'],
    ['2', 'Early / partial granulation', '02'],
    ['3', 'Not healing', '03'],
  ]),
  stasisUlcerStatus: list([
    ['1', 'Fully granulating', '01'],
    ['2', 'Early / partial granulation', '02'],
    ['3', 'Not healing', '03'],
  ]),
  fallInjuryLevels: list([
    ['0', 'No injury', '00'],
    ['1', 'Injury (except major)', '01'],
    ['2', 'Major injury', '02'],
  ]),
  medicationFrequency: list([
    ['QD', 'Once daily'],
    ['BID', 'Twice daily'],
    ['TID', 'Three times daily'],
    ['QID', 'Four times daily'],
    ['Q4H', 'Every 4 hours'],
    ['Q6H', 'Every 6 hours'],
    ['Q8H', 'Every 8 hours'],
    ['Q12H', 'Every 12 hours'],
    ['HS', 'At bedtime'],
    ['PRN', 'As needed'],
    ['QW', 'Once a week'],
    ['QM', 'Once a month'],
    ['ONCE', 'One time only'],
  ]),
  medicationRoute: list([
    ['PO', 'By mouth'],
    ['SL', 'Sublingual'],
    ['TOP', 'Topical'],
    ['TD', 'Transdermal'],
    ['INH', 'Inhalation'],
    ['SC', 'Subcutaneous'],
    ['IM', 'Intramuscular'],
    ['IV', 'Intravenous'],
    ['PR', 'Rectal'],
    ['OPH', 'Ophthalmic'],
    ['OT', 'Otic'],
    ['NAS', 'Nasal'],
    ['GT', 'Gastrostomy tube'],
  ]),
  medicationStatus: plain(['New', 'Changed', 'Long Standing', 'Discontinued']),
  medicationReconciliation: plain([
    'Reconciled, no discrepancies',
    'Discrepancies found, physician notified',
    'Duplicate therapy found',
    'Drug interaction found',
    'Patient non-adherent',
  ]),
  vaccines: plain([
    'Influenza',
    'Pneumococcal',
    'COVID-19',
    'Tetanus (Td/Tdap)',
    'Shingles (zoster)',
    'Hepatitis B',
  ]),
  vision: plain(['Normal', 'Glasses', 'Contacts', 'Partially impaired', 'Severely impaired', 'Blind']),
  hearing: plain(['Normal', 'Hearing aid', 'Mildly impaired', 'Severely impaired', 'Deaf']),
  abuseIndicators: plain([
    'None observed',
    'Unexplained bruises or injuries',
    'Neglect of hygiene or nutrition',
    'Fearful of caregiver',
    'Financial exploitation suspected',
    'Verbal or emotional abuse suspected',
  ]),
  emergencyPreparedness: plain([
    'Emergency plan reviewed',
    'Emergency contacts posted',
    'Evacuation plan in place',
    'Medications and supplies for 72 hours',
    'Registered with local emergency services',
  ]),
  physicianReportingReasons: plain([
    'Temperature above 100.4 °F',
    'Pulse below 50 or above 120',
    'Systolic pressure below 90 or above 180',
    'Diastolic pressure below 50 or above 100',
    'Blood sugar below 60 or above 300 mg/dL',
    'Oxygen saturation below 90 %',
    'New or worsening pain',
    'Signs of wound infection',
    'Fall',
  ]),
  vitalsSites: plain([
    'Oral',
    'Axillary',
    'Tympanic',
    'Temporal',
    'Rectal',
    'Left arm',
    'Right arm',
    'Left leg',
    'Right leg',
    'Radial',
    'Apical',
    'Finger',
  ]),
  vitalsPositions: plain(['Sitting', 'Standing', 'Lying']),
  pulseTypes: plain(['Regular', 'Irregular', 'Weak', 'Bounding', 'Thready']),
  disciplines: list([
    ['RN', 'RN', '01'],
    ['PT', 'PT', '02'],
    ['ST/SLP', 'ST/SLP', '03'],
    ['OT', 'OT', '04'],
  ]),
  functionalScale0to3: scale(3),
  functionalScale0to4: scale(4),
  functionalScale0to5: scale(5),
  functionalScale0to6: scale(6),
  exportCodes: list([
    ['00', 'No', '00'],
    ['01', 'Yes', '01'],
    ['NA', 'Not applicable', 'NA'],
    ['UK', 'Unknown', 'UK'],
    ['=', 'Not assessed (=)', '='],
    ['-', 'Not assessed (-)', '-'],
  ]),
  ptBillingCodes: withCode(PT_BILLING),
  otBillingCodes: withCode(OT_BILLING),
  stBillingCodes: withCode(ST_BILLING),
  therapyBillingCodes: withCode(
    [...PT_BILLING, ...OT_BILLING, ...ST_BILLING].filter(
      ([value], i, all) => all.findIndex(([other]) => other === value) === i,
    ),
  ),
  therapyUnits: list(
    Array.from({ length: 8 }, (_, i): Row => {
      const n = i + 1;
      return [String(n), `${n} ${n === 1 ? 'unit' : 'units'} (${n * 15} minutes)`];
    }),
  ),
  goalDurations: list(
    Array.from({ length: 9 }, (_, i): Row => [String(i + 1), `${i + 1} ${i === 0 ? 'week' : 'weeks'}`]),
  ),

  // Assessment score items (scores.ts): an option's points are what it scores.
  bradenSensoryPerception: list([
    ['1', 'Completely limited', undefined, 1],
    ['2', 'Very limited', undefined, 2],
    ['3', 'Slightly limited', undefined, 3],
    ['4', 'No impairment', undefined, 4],
  ]),
  bradenMoisture: list([
    ['1', 'Constantly moist', undefined, 1],
    ['2', 'Very moist', undefined, 2],
    ['3', 'Occasionally moist', undefined, 3],
    ['4', 'Rarely moist', undefined, 4],
  ]),
  bradenActivity: list([
    ['1', 'Bedfast', undefined, 1],
    ['2', 'Chairfast', undefined, 2],
    ['3', 'Walks occasionally', undefined, 3],
    ['4', 'Walks frequently', undefined, 4],
  ]),
  bradenMobility: list([
    ['1', 'Completely immobile', undefined, 1],
    ['2', 'Very limited', undefined, 2],
    ['3', 'Slightly limited', undefined, 3],
    ['4', 'No limitation', undefined, 4],
  ]),
  bradenNutrition: list([
    ['1', 'Very poor', undefined, 1],
    ['2', 'Probably inadequate', undefined, 2],
    ['3', 'Adequate', undefined, 3],
    ['4', 'Excellent', undefined, 4],
  ]),
  bradenFrictionAndShear: list([
    ['1', 'Problem', undefined, 1],
    ['2', 'Potential problem', undefined, 2],
    ['3', 'No apparent problem', undefined, 3],
  ]),
  nortonPhysicalCondition: list([
    ['4', 'Good', undefined, 4],
    ['3', 'Fair', undefined, 3],
    ['2', 'Poor', undefined, 2],
    ['1', 'Very bad', undefined, 1],
  ]),
  nortonMentalCondition: list([
    ['4', 'Alert', undefined, 4],
    ['3', 'Apathetic', undefined, 3],
    ['2', 'Confused', undefined, 2],
    ['1', 'Stuporous', undefined, 1],
  ]),
  nortonActivity: list([
    ['4', 'Ambulant', undefined, 4],
    ['3', 'Walks with help', undefined, 3],
    ['2', 'Chairbound', undefined, 2],
    ['1', 'Bedfast', undefined, 1],
  ]),
  nortonMobility: list([
    ['4', 'Full', undefined, 4],
    ['3', 'Slightly limited', undefined, 3],
    ['2', 'Very limited', undefined, 2],
    ['1', 'Immobile', undefined, 1],
  ]),
  nortonIncontinence: list([
    ['4', 'Not incontinent', undefined, 4],
    ['3', 'Occasionally incontinent', undefined, 3],
    ['2', 'Usually incontinent of urine', undefined, 2],
    ['1', 'Doubly incontinent', undefined, 1],
  ]),
  fallRiskFactors: list([
    ['historyOfFalls', 'History of falls (within the last 3 months)', undefined, 15],
    ['age65', 'Age 65 or older', undefined, 5],
    ['secondaryDiagnosis', 'Three or more co-existing diagnoses', undefined, 5],
    ['ambulatoryAid', 'Uses an ambulatory aid', undefined, 5],
    ['impairedGait', 'Impaired gait or balance', undefined, 5],
    ['impairedCognition', 'Impaired judgment or forgets limitations', undefined, 5],
    ['incontinence', 'Incontinence or urgency', undefined, 5],
    ['polypharmacy', 'Four or more prescribed medications', undefined, 5],
    ['visualImpairment', 'Visual impairment', undefined, 5],
    ['environmentalHazards', 'Environmental hazards in the home', undefined, 5],
  ]),
  nutritionRiskFactors: list([
    ['illness', 'Has an illness or condition that changed the kind or amount of food eaten', undefined, 2],
    ['fewMeals', 'Eats fewer than 2 meals per day', undefined, 3],
    ['fewFruits', 'Eats few fruits, vegetables or milk products', undefined, 2],
    ['alcohol', 'Has 3 or more drinks of beer, liquor or wine almost every day', undefined, 2],
    ['mouthProblems', 'Has tooth or mouth problems that make it hard to eat', undefined, 2],
    ['money', 'Does not always have enough money to buy food', undefined, 4],
    ['eatsAlone', 'Eats alone most of the time', undefined, 1],
    ['drugs', 'Takes 3 or more prescribed or over-the-counter drugs a day', undefined, 1],
    ['weightChange', 'Lost or gained 10 pounds in the last 6 months without wanting to', undefined, 2],
    ['unableToShop', 'Not always physically able to shop, cook or feed self', undefined, 2],
  ]),
  phq2Answers: list([
    ['0', 'Not at all (0–1 day)', '00', 0],
    ['1', 'Several days (2–6 days)', '01', 1],
    ['2', 'More than half of the days (7–11 days)', '02', 2],
    ['3', 'Nearly every day (12–14 days)', '03', 3],
    ['NA', 'No response', 'NA'],
  ]),
};

/** The options of a choice field: its own, or the shared list it names (none for an unknown list id). */
export function optionsOfField(field: { options: string | readonly NoteOption[] }): readonly NoteOption[] {
  return typeof field.options === 'string' ? (NOTE_OPTION_LISTS[field.options] ?? []) : field.options;
}

/** A vitals reading type (SPEC §7 readingTypes): its plausible range and the lists its site and position use. */
export type ReadingType = {
  code: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  /** Whole numbers only. */
  integer: boolean;
  siteList?: string;
  positionList?: string;
};

export const READING_TYPES: readonly ReadingType[] = [
  {
    code: 'temperature',
    label: 'Temperature',
    unit: '°F',
    min: 90,
    max: 110,
    integer: false,
    siteList: 'vitalsSites',
  },
  { code: 'pulse', label: 'Pulse', unit: 'bpm', min: 20, max: 250, integer: true, siteList: 'vitalsSites' },
  { code: 'respirations', label: 'Respirations', unit: 'breaths/min', min: 4, max: 60, integer: true },
  {
    code: 'systolic',
    label: 'Blood pressure systolic',
    unit: 'mmHg',
    min: 50,
    max: 300,
    integer: true,
    siteList: 'vitalsSites',
    positionList: 'vitalsPositions',
  },
  {
    code: 'diastolic',
    label: 'Blood pressure diastolic',
    unit: 'mmHg',
    min: 20,
    max: 200,
    integer: true,
    siteList: 'vitalsSites',
    positionList: 'vitalsPositions',
  },
  { code: 'oxygenSaturation', label: 'Oxygen saturation', unit: '%', min: 50, max: 100, integer: true },
  { code: 'weight', label: 'Weight', unit: 'lb', min: 1, max: 1000, integer: false },
  { code: 'bloodSugar', label: 'Blood sugar', unit: 'mg/dL', min: 10, max: 800, integer: true },
];

export function readingTypeOf(code: string): ReadingType | undefined {
  return READING_TYPES.find((type) => type.code === code);
}
