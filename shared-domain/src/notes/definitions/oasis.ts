// The OASIS-style comprehensive assessments: start of care (two versions), resumption, recertification, other
// follow-up, transfer and discharge.
import type { NoteDefinition, NoteField, NoteSection } from '../definition';
import {
  YES_NO,
  assessmentReason,
  assessmentReasonFollowUps,
  assistLevel,
  bradenFields,
  choice,
  date,
  diagnosesField,
  fallRiskFields,
  goalsField,
  inline,
  medicationsSection,
  multi,
  narrative,
  nortonFields,
  nutritionRiskFields,
  painFields,
  phq2Fields,
  section,
  signatureSection,
  text,
  timeInOut,
  vitalsSection,
  woundsField,
} from './fields';

const visitSection = (extra: NoteField[] = []): NoteSection =>
  section('visit', 'Visit', [
    assessmentReason(),
    ...assessmentReasonFollowUps(),
    ...timeInOut(),
    choice('discipline', 'Discipline of the person completing the assessment', 'disciplines', {
      exportItem: 'M0080',
    }),
    ...extra,
  ]);

const historySection = (): NoteSection =>
  section('patientHistory', 'Patient history and diagnoses', [
    diagnosesField(),
    choice('livingArrangement', 'Living arrangement', 'livingArrangement', { exportItem: 'M1100' }),
    multi('homeboundReasons', 'Homebound reasons', 'homeboundReasons'),
    multi('payerSource', 'Payment sources', 'payerSource', { exportItem: 'M0150' }),
  ]);

const sensorySection = (): NoteSection =>
  section('sensory', 'Sensory status', [
    choice('vision', 'Vision', 'vision', { exportItem: 'M1200' }),
    choice('hearing', 'Hearing', 'hearing'),
  ]);

const integumentarySection = (): NoteSection =>
  section('integumentary', 'Integumentary and pressure ulcer risk', [woundsField(), ...bradenFields()]);

const safetySection = (): NoteSection =>
  section('safety', 'Fall risk and safety', [
    ...fallRiskFields(),
    multi('safetyMeasures', 'Safety measures', 'safetyMeasures'),
    multi('emergencyPreparedness', 'Emergency preparedness', 'emergencyPreparedness'),
  ]);

const nutritionSection = (): NoteSection => section('nutrition', 'Nutrition', nutritionRiskFields());

const painSection = (): NoteSection =>
  section(
    'painAssessment',
    'Pain',
    painFields([
      choice('painFrequency', 'Pain frequency', 'painFrequency', { exportItem: 'M1242' }),
      multi('painQuality', 'Pain quality', 'painQuality'),
    ]),
  );

const neuroSection = (): NoteSection =>
  section('neuroEmotional', 'Neuro, emotional and behavioral status', [
    multi('orientation', 'Oriented to', 'orientation'),
    multi('mood', 'Mood', 'mood'),
    choice('cognitive', 'Cognitive functioning', 'cognitive'),
    multi('behaviour', 'Behaviour', 'behaviour'),
    ...phq2Fields(),
    multi('abuseIndicators', 'Abuse indicators', 'abuseIndicators'),
  ]);

const functionalSection = (): NoteSection =>
  section('functionalStatus', 'Functional status', [
    assistLevel('bathingAssist', 'Bathing'),
    assistLevel('dressingAssist', 'Dressing'),
    assistLevel('toiletingAssist', 'Toileting'),
    assistLevel('transferAssist', 'Transferring'),
    assistLevel('ambulationAssist', 'Ambulation'),
    choice('sittingBalance', 'Sitting balance', 'balanceGrades'),
    choice('balanceGrade', 'Standing balance', 'balanceGrades'),
  ]);

const carePlanSection = (goalsRequired = true): NoteSection =>
  section('carePlan', 'Care plan', [
    goalsField(goalsRequired),
    multi('physicianReporting', 'Report to physician when', 'physicianReportingReasons'),
  ]);

const narrativeSection = (): NoteSection =>
  section('summary', 'Summary', [narrative('narrative', 'Narrative')]);

const covidSection = (): NoteSection =>
  section('covid19', 'COVID-19 screening', [
    multi(
      'covidSymptoms',
      'COVID-19 symptoms',
      inline(
        'Fever or chills',
        'Cough',
        'Shortness of breath',
        'Loss of taste or smell',
        'Sore throat',
        'None',
      ),
    ),
    choice('covidExposure', 'Contact with a COVID-19 case in the last 14 days', YES_NO),
    multi('vaccines', 'Vaccines received', 'vaccines'),
  ]);

const comprehensive = (extra: { visit?: NoteField[]; covid?: boolean } = {}): NoteSection[] => [
  visitSection(extra.visit),
  historySection(),
  vitalsSection(),
  ...(extra.covid ? [covidSection()] : []),
  sensorySection(),
  medicationsSection(),
  integumentarySection(),
  safetySection(),
  nutritionSection(),
  painSection(),
  neuroSection(),
  functionalSection(),
  carePlanSection(),
  narrativeSection(),
  signatureSection(),
];

export const SOC_V1: NoteDefinition = {
  noteType: 'SOC',
  version: 1,
  title: 'Start of care (OASIS) assessment',
  sections: comprehensive(),
};

/** Version 2 adds the COVID-19 screening section. */
export const SOC_V2: NoteDefinition = {
  noteType: 'SOC',
  version: 2,
  title: 'Start of care (OASIS) assessment',
  sections: comprehensive({ covid: true }),
};

export const ROC_V1: NoteDefinition = {
  noteType: 'ROC',
  version: 1,
  title: 'Resumption of care (OASIS) assessment',
  sections: comprehensive({
    visit: [date('inpatientDischargeDate', 'Inpatient discharge date', { exportItem: 'M1005' })],
    covid: true,
  }),
};

export const RECERT_V1: NoteDefinition = {
  noteType: 'RECERT',
  version: 1,
  title: 'Recertification (OASIS) assessment',
  sections: comprehensive({
    visit: [choice('continuedNeed', 'Skilled need continues', YES_NO, { required: true })],
  }),
};

export const FOLLOWUP_V1: NoteDefinition = {
  noteType: 'FOLLOWUP',
  version: 1,
  title: 'Other follow-up (OASIS) assessment',
  sections: [
    visitSection([text('followUpReason', 'Reason for follow-up', { required: true, maxLength: 500 })]),
    section('patientHistory', 'Diagnoses', [diagnosesField()]),
    vitalsSection(),
    medicationsSection(),
    section('integumentary', 'Wounds', [woundsField()]),
    painSection(),
    functionalSection(),
    section('carePlan', 'Care plan', [goalsField(false)]),
    narrativeSection(),
    signatureSection(),
  ],
};

export const TRANSFER_V1: NoteDefinition = {
  noteType: 'TRANSFER',
  version: 1,
  title: 'Transfer to an inpatient facility (OASIS)',
  sections: [
    section('visit', 'Transfer', [
      assessmentReason(),
      ...assessmentReasonFollowUps(),
      date('transferDate', 'Date of transfer', { required: true, exportItem: 'M0906' }),
      multi('transferReasons', 'Reasons for transfer', 'transferReasons', { required: true }),
      choice('falls', 'Falls since the last assessment', 'fallInjuryLevels'),
    ]),
    section('patientHistory', 'Diagnoses', [diagnosesField()]),
    medicationsSection(),
    narrativeSection(),
    signatureSection(),
  ],
};

export const DISCHARGE_V1: NoteDefinition = {
  noteType: 'DISCHARGE',
  version: 1,
  title: 'Discharge from agency (OASIS)',
  sections: [
    visitSection([
      choice('dischargeReason', 'Reason for discharge', 'dischargeReasons', { required: true }),
      date('dischargeDate', 'Discharge date', { required: true, exportItem: 'M0906' }),
    ]),
    section('patientHistory', 'Diagnoses', [diagnosesField()]),
    vitalsSection(),
    medicationsSection(),
    section('integumentary', 'Integumentary and pressure ulcer risk', [woundsField(), ...nortonFields()]),
    painSection(),
    functionalSection(),
    section('carePlan', 'Goals', [
      goalsField(false),
      choice('goalsMet', 'Goals met at discharge', inline('All met', 'Partially met', 'Not met'), {
        required: true,
      }),
    ]),
    narrativeSection(),
    signatureSection(),
  ],
};
