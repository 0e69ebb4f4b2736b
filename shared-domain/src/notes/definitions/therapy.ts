// The therapy notes: PT, OT and ST evaluation and treatment, each with its billing codes and units of 15 minutes.
import type { NoteDefinition, NoteField, NoteSection, NoteTypeCode } from '../definition';
import {
  assistLevel,
  billingField,
  choice,
  diagnosesField,
  fallRiskFields,
  goalsField,
  inline,
  multi,
  narrative,
  number,
  painFields,
  section,
  signatureSection,
  timeInOut,
  vitalsSection,
} from './fields';

type Discipline = {
  name: string;
  billing: 'ptBillingCodes' | 'otBillingCodes' | 'stBillingCodes';
  /** The discipline's own assessment fields. */
  assessment: () => NoteField[];
};

const PT: Discipline = {
  name: 'PT',
  billing: 'ptBillingCodes',
  assessment: () => [
    assistLevel('bedMobilityAssist', 'Bed mobility'),
    assistLevel('transferAssist', 'Transferring'),
    assistLevel('gaitAssist', 'Gait assistance'),
    number('gaitDistance', 'Gait distance', { min: 0, max: 5000, integer: true, unit: 'ft' }),
    choice(
      'assistiveDevice',
      'Assistive device',
      inline('None', 'Cane', 'Quad cane', 'Walker', 'Rolling walker', 'Wheelchair'),
    ),
    choice('sittingBalance', 'Sitting balance', 'balanceGrades'),
    choice('balanceGrade', 'Standing balance', 'balanceGrades'),
    ...fallRiskFields(),
  ],
};

const OT: Discipline = {
  name: 'OT',
  billing: 'otBillingCodes',
  assessment: () => [
    assistLevel('feedingAssist', 'Feeding'),
    assistLevel('groomingAssist', 'Grooming'),
    assistLevel('bathingAssist', 'Bathing'),
    assistLevel('upperDressingAssist', 'Upper body dressing'),
    assistLevel('lowerDressingAssist', 'Lower body dressing'),
    assistLevel('toiletingAssist', 'Toileting'),
    choice('fineMotor', 'Fine motor coordination', inline('Intact', 'Impaired', 'Not tested')),
    choice('sittingBalance', 'Sitting balance', 'balanceGrades'),
  ],
};

const ST: Discipline = {
  name: 'ST',
  billing: 'stBillingCodes',
  assessment: () => [
    choice('aphasiaType', 'Aphasia type', 'aphasiaTypes'),
    choice(
      'speechIntelligibility',
      'Speech intelligibility',
      inline('Intelligible', 'Mostly intelligible', 'Partly intelligible', 'Unintelligible'),
    ),
    choice(
      'swallowing',
      'Swallowing',
      inline('Normal', 'Mild dysphagia', 'Moderate dysphagia', 'Severe dysphagia'),
    ),
    choice(
      'dietTexture',
      'Recommended diet texture',
      inline('Regular', 'Soft', 'Minced and moist', 'Pureed', 'Liquidised', 'Nothing by mouth'),
    ),
    choice('cognitive', 'Cognitive functioning', 'cognitive'),
    multi('orientation', 'Oriented to', 'orientation'),
  ],
};

const THERAPY_READINGS = ['pulse', 'systolic', 'diastolic', 'oxygenSaturation'];

const billingSection = (discipline: Discipline): NoteSection =>
  section('billing', 'Billing', [billingField(discipline.billing)]);

function evaluation(code: NoteTypeCode, discipline: Discipline): NoteDefinition {
  return {
    noteType: code,
    version: 1,
    title: `${discipline.name} evaluation`,
    sections: [
      section('visit', 'Visit', [
        ...timeInOut(),
        diagnosesField(),
        narrative('priorLevelOfFunction', 'Prior level of function'),
        multi('homeboundReasons', 'Homebound reasons', 'homeboundReasons'),
      ]),
      vitalsSection(THERAPY_READINGS),
      section('painAssessment', 'Pain', painFields()),
      section('assessment', `${discipline.name} assessment`, discipline.assessment()),
      section('plan', 'Plan of care', [
        multi('interventions', 'Planned interventions', 'therapyInterventions', { required: true }),
        choice('planDuration', 'Plan duration', 'goalDurations', { required: true }),
        number('visitsPerWeek', 'Visits per week', { min: 1, max: 7, integer: true, required: true }),
        goalsField(true),
        choice('rehabPotential', 'Rehab potential', inline('Good', 'Fair', 'Poor'), { required: true }),
      ]),
      billingSection(discipline),
      section('summary', 'Summary', [narrative('narrative', 'Assessment summary')]),
      signatureSection('Therapist signature'),
    ],
  };
}

function treatment(code: NoteTypeCode, discipline: Discipline): NoteDefinition {
  return {
    noteType: code,
    version: 1,
    title: `${discipline.name} treatment`,
    sections: [
      section('visit', 'Visit', [...timeInOut()]),
      vitalsSection(THERAPY_READINGS),
      section('painAssessment', 'Pain', painFields()),
      section('treatment', 'Treatment', [
        multi('interventions', 'Interventions performed', 'therapyInterventions', { required: true }),
        narrative('treatmentDetails', 'Treatment details'),
        choice('patientTolerance', 'Patient tolerated treatment', inline('Well', 'Fair', 'Poorly'), {
          required: true,
        }),
        choice('goalProgress', 'Progress toward goals', inline('Progressing', 'Goal met', 'Not progressing')),
      ]),
      section('assessment', `${discipline.name} status`, discipline.assessment()),
      billingSection(discipline),
      section('summary', 'Summary', [narrative('narrative', 'Treatment summary')]),
      signatureSection('Therapist signature'),
    ],
  };
}

export const PT_EVAL_V1 = evaluation('PT_EVAL', PT);
export const PT_TREAT_V1 = treatment('PT_TREAT', PT);
export const OT_EVAL_V1 = evaluation('OT_EVAL', OT);
export const OT_TREAT_V1 = treatment('OT_TREAT', OT);
export const ST_EVAL_V1 = evaluation('ST_EVAL', ST);
export const ST_TREAT_V1 = treatment('ST_TREAT', ST);
