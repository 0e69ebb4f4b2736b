// The routine visit notes: skilled nursing visit, HHA/CNA visit and the supervisory visit of an aide.
import type { NoteDefinition, NoteOption } from '../definition';
import {
  YES_NO,
  choice,
  diagnosesField,
  fallRiskFields,
  goalsField,
  inline,
  medicationsSection,
  multi,
  narrative,
  painFields,
  section,
  signatureSection,
  text,
  timeInOut,
  vitalsSection,
  woundsField,
} from './fields';

export const SNV_V1: NoteDefinition = {
  noteType: 'SNV',
  version: 1,
  title: 'Skilled nursing visit',
  sections: [
    section('visit', 'Visit', [
      ...timeInOut(),
      multi('homeboundReasons', 'Homebound reasons', 'homeboundReasons', { required: true }),
      diagnosesField(),
    ]),
    vitalsSection([
      'temperature',
      'pulse',
      'respirations',
      'systolic',
      'diastolic',
      'oxygenSaturation',
      'weight',
      'bloodSugar',
    ]),
    section('assessment', 'Assessment', [
      ...painFields(),
      multi('orientation', 'Oriented to', 'orientation'),
      multi('mood', 'Mood', 'mood'),
      ...fallRiskFields(),
    ]),
    medicationsSection(),
    section('integumentary', 'Wounds', [woundsField()]),
    section('interventions', 'Skilled interventions', [
      narrative('skilledInterventions', 'Skilled interventions performed', { required: true }),
      narrative('patientResponse', 'Patient response'),
      multi('safetyMeasures', 'Safety measures', 'safetyMeasures'),
      goalsField(false),
    ]),
    section('summary', 'Summary', [narrative('narrative', 'Narrative')]),
    signatureSection(),
  ],
};

const AIDE_TASKS: NoteOption[] = inline(
  'Tub or shower bath',
  'Bed bath',
  'Sponge bath',
  'Hair care',
  'Shampoo',
  'Oral care',
  'Shave',
  'Nail care',
  'Skin care',
  'Dressing',
  'Toileting assistance',
  'Incontinence care',
  'Catheter care',
  'Transfers',
  'Ambulation',
  'Range of motion exercises',
  'Meal preparation',
  'Feeding assistance',
  'Light housekeeping',
  'Laundry',
  'Medication reminder',
  'Vital signs taken',
);

export const AIDE_V1: NoteDefinition = {
  noteType: 'AIDE',
  version: 1,
  title: 'HHA/CNA visit',
  sections: [
    section('visit', 'Visit', [...timeInOut()]),
    section('care', 'Care provided', [
      multi('tasksPerformed', 'Tasks performed', AIDE_TASKS, { required: true }),
      choice('patientTolerance', 'Patient tolerated care', inline('Well', 'Fair', 'Poorly'), {
        required: true,
      }),
      choice('patientRefusedTasks', 'Patient refused any task', YES_NO),
      text('refusedTasks', 'Tasks refused', {
        required: true,
        maxLength: 500,
        showWhen: { field: 'patientRefusedTasks', in: ['yes'] },
      }),
    ]),
    vitalsSection(['temperature', 'pulse', 'respirations', 'systolic', 'diastolic']),
    section('summary', 'Observations', [narrative('observations', 'Observations and changes in condition')]),
    signatureSection('Aide signature'),
  ],
};

const SUPERVISION: NoteOption[] = inline('Satisfactory', 'Needs improvement', 'Not observed');
const supervisionItem = (id: string, label: string) => choice(id, label, SUPERVISION, { required: true });

export const SUPERVISORY_V1: NoteDefinition = {
  noteType: 'SUPERVISORY',
  version: 1,
  title: 'Aide supervisory visit',
  sections: [
    section('visit', 'Visit', [
      ...timeInOut(),
      text('aideName', 'Aide supervised', { required: true, maxLength: 200 }),
      choice('aidePresent', 'Aide present during the visit', YES_NO, { required: true }),
    ]),
    section('supervision', 'Aide supervision', [
      supervisionItem('arrivesOnTime', 'Arrives on time and as scheduled'),
      supervisionItem('followsCarePlan', 'Follows the aide care plan'),
      supervisionItem('infectionControl', 'Uses infection control practices'),
      supervisionItem('communication', 'Communicates well with the patient and family'),
      supervisionItem('respectsPrivacy', 'Respects the patient’s privacy and property'),
      supervisionItem('reportsChanges', 'Reports changes in the patient’s condition'),
      supervisionItem('patientSatisfied', 'Patient or caregiver satisfied with the aide'),
      choice('carePlanUpdated', 'Aide care plan updated', YES_NO),
      choice('correctiveActionNeeded', 'Corrective action needed', YES_NO, { required: true }),
      narrative('correctiveAction', 'Corrective action taken', {
        required: true,
        showWhen: { field: 'correctiveActionNeeded', in: ['yes'] },
      }),
    ]),
    section('summary', 'Summary', [narrative('narrative', 'Comments')]),
    signatureSection('Supervisor signature'),
  ],
};
