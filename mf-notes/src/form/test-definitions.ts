// Note definitions the form's tests render (never imported by product code).
import type { NoteDefinition, NoteField } from '@carelane/shared-domain';

/** One field of every kind, a condition, a score and a table. */
export const smallDefinition: NoteDefinition = {
  noteType: 'SNV',
  version: 2,
  title: 'Skilled nursing visit',
  sections: [
    {
      id: 'visit',
      title: 'Visit',
      fields: [
        {
          id: 'reason',
          kind: 'choice',
          label: 'Reason for assessment',
          options: 'assessmentReasons',
          required: true,
        },
        {
          id: 'reasonOther',
          kind: 'text',
          label: 'Resumption details',
          showWhen: { field: 'reason', in: ['03'] },
        },
        { id: 'summary', kind: 'text', label: 'Summary', multiline: true, required: true },
        { id: 'painLevel', kind: 'number', label: 'Pain level', min: 0, max: 10, integer: true },
        { id: 'visitDate', kind: 'date', label: 'Date of visit' },
        { id: 'arrival', kind: 'time', label: 'Time in' },
        { id: 'orientedTo', kind: 'choice', label: 'Oriented to', options: 'orientation', multiple: true },
        { id: 'safety', kind: 'choice', label: 'Safety measures', options: 'safetyMeasures', multiple: true },
      ],
    },
    {
      id: 'screening',
      title: 'Depression screening',
      fields: [
        { id: 'phqInterest', kind: 'choice', label: 'Little interest or pleasure', options: 'phq2Answers' },
        { id: 'phqDown', kind: 'choice', label: 'Feeling down or hopeless', options: 'phq2Answers' },
        {
          id: 'phq2',
          kind: 'score',
          label: 'PHQ-2 score',
          score: 'phq2',
          inputs: ['phqInterest', 'phqDown'],
        },
      ],
    },
    {
      id: 'clinical',
      title: 'Clinical',
      fields: [
        { id: 'vitals', kind: 'vitals', label: 'Vital signs', readingTypes: ['systolic', 'pulse'] },
        {
          id: 'medications',
          kind: 'table',
          label: 'Medications',
          addLabel: 'Add medication',
          columns: [
            { id: 'name', kind: 'text', label: 'Medication' },
            { id: 'dose', kind: 'text', label: 'Dose' },
            { id: 'status', kind: 'choice', label: 'Status', options: 'medicationStatus' },
          ],
        },
        { id: 'diagnoses', kind: 'diagnoses', label: 'Diagnoses' },
        { id: 'goals', kind: 'goals', label: 'Care-plan goals' },
        { id: 'signature', kind: 'signature', label: 'Clinician signature', required: true },
      ],
    },
  ],
};

/** A long note: `count` text and number fields in sections of 20, with a score at the end. */
export function generatedDefinition(count: number): NoteDefinition {
  const fields: NoteField[] = Array.from({ length: count - 1 }, (_, i): NoteField =>
    i % 3 === 2
      ? { id: `f${i}`, kind: 'number', label: `Field ${i}`, min: 0, max: 100 }
      : { id: `f${i}`, kind: 'text', label: `Field ${i}` },
  );
  fields.push({ id: 'pain', kind: 'score', label: 'Pain score', score: 'pain', inputs: ['f2'] });
  const sections = [];
  for (let start = 0; start < fields.length; start += 20) {
    sections.push({
      id: `s${start}`,
      title: `Section ${start / 20 + 1}`,
      fields: fields.slice(start, start + 20),
    });
  }
  return { noteType: 'SOC', version: 1, title: 'Start of care', sections };
}
