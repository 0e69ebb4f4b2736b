// Test data of the print-all tests (never imported by product code): printable notes as the API sends them.
import type { NoteDefinition, PrintableNote } from '@carelane/shared-domain';

export const definition: NoteDefinition = {
  noteType: 'SOC',
  version: 1,
  title: 'Start of care',
  sections: [
    {
      id: 'assessment',
      title: 'Assessment',
      fields: [
        { id: 'reason', label: 'Reason for assessment', kind: 'choice', options: 'assessmentReasons' },
        {
          id: 'homebound',
          label: 'Homebound',
          kind: 'choice',
          options: [
            { value: 'Y', label: 'Yes' },
            { value: 'N', label: 'No' },
          ],
        },
        {
          id: 'homeboundWhy',
          label: 'Why homebound',
          kind: 'text',
          showWhen: { field: 'homebound', in: ['Y'] },
        },
        { id: 'visitDate', label: 'Assessment date', kind: 'date' },
        { id: 'arrived', label: 'Arrived', kind: 'time' },
        { id: 'weightLoss', label: 'Weight loss', kind: 'number', unit: 'lb' },
        { id: 'summary', label: 'Summary', kind: 'text', multiline: true },
      ],
    },
    {
      id: 'medications',
      title: 'Medications',
      fields: [
        {
          id: 'meds',
          label: 'Medications',
          kind: 'table',
          columns: [
            { id: 'name', label: 'Medication', kind: 'text' },
            { id: 'status', label: 'Status', kind: 'choice', options: 'medicationStatus' },
          ],
        },
      ],
    },
    {
      id: 'vitalsAndScores',
      title: 'Vitals and scores',
      fields: [
        { id: 'vitals', label: 'Vital signs', kind: 'vitals', readingTypes: ['temperature', 'pulse'] },
        { id: 'braden', label: 'Braden score', kind: 'score', score: 'braden', inputs: ['weightLoss'] },
      ],
    },
    {
      id: 'plan',
      title: 'Plan of care',
      fields: [
        { id: 'goals', label: 'Goals', kind: 'goals' },
        { id: 'diagnoses', label: 'Diagnoses', kind: 'diagnoses' },
        { id: 'signature', label: 'Clinician signature', kind: 'signature' },
      ],
    },
  ],
};

export function printable(n: number, patientName: string, signer = `Nurse ${n}`): PrintableNote {
  return {
    visit: {
      visitId: 100 + n,
      episodeId: 42,
      status: 'NotesApproved',
      statusLabel: 'Notes Approved',
      lateCancellation: false,
      version: 3,
      dateOfService: `2030-06-0${n}`,
      scheduledStart: `2030-06-0${n}T09:00:00.000Z`,
      scheduledEnd: `2030-06-0${n}T10:00:00.000Z`,
      timeZone: 'America/Chicago',
      timeIn: `2030-06-0${n}T09:02:00.000Z`,
      timeOut: `2030-06-0${n}T09:58:00.000Z`,
      patientId: 9,
      patientName,
      address: null,
      providerId: 40,
      providerName: 'Rivera, Casey',
      providerType: 'RN',
      visitType: 'RN Start of Care',
      referralSourceName: 'Sunrise Home Health',
      enableNotesWorkflow: true,
    },
    note: {
      id: 200 + n,
      visitId: 100 + n,
      noteType: 'SOC',
      definitionVersion: 1,
      values: {
        reason: '01',
        homebound: 'N',
        homeboundWhy: 'Left over from an earlier answer',
        visitDate: `2030-06-0${n}`,
        arrived: '14:05',
        weightLoss: 4,
        summary: 'Patient alert and oriented.\nLives with daughter.',
        meds: [
          { name: 'Metformin 500 mg', status: 'New' },
          { name: 'Lisinopril 10 mg', status: 'Long Standing' },
        ],
        vitals: { temperature: { value: 98.6, site: 'Oral' }, pulse: { value: 72 } },
        braden: { total: 14, level: 'Moderate risk' },
        goals: [
          { category: 'Safety', text: 'Patient will be free from falls throughout certification period.' },
        ],
        diagnoses: { primary: 'E11.9', others: ['I10'] },
        signature: { name: signer, signedAt: `2030-06-0${n}T11:00:00.000Z` },
      },
      version: 4,
      savedAt: `2030-06-0${n}T11:00:00.000Z`,
      savedByName: signer,
      submittedAt: `2030-06-0${n}T11:00:00.000Z`,
    },
    definition,
    signedBy: signer,
  };
}
