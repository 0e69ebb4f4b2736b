import { goalGroups, goalRecords, goalsBehind, type GoalNoteRow } from './goal-tracker';

const goal = (phrase: string, text = `Patient will have ${phrase}.`) => ({
  category: 'Falls',
  person: 'Patient',
  action: 'will have',
  phrase,
  fillIns: {},
  timeframe: null,
  text,
});

let nextId = 1;
const note = (over: Partial<GoalNoteRow>): GoalNoteRow => {
  const id = nextId++;
  return {
    noteId: id,
    visitId: id,
    episodeId: 1,
    patientId: 10,
    providerId: 100,
    providerTypeId: 1,
    dateOfService: '2026-03-01',
    startAt: '2026-03-01T15:00:00Z',
    goals: [],
    goalsMet: undefined,
    ...over,
  };
};

// The worked example (decision 056).
// Episode 1 (patient 10): SOC on 03-01 by clinician 100 sets "no falls" and "pain at or below {level}" (3);
// a visit on 03-05 by clinician 200 revises the pain goal (level 2); discharge on 03-09 by 200 says "All met".
// Episode 2 (patient 20): SOC on 03-02 by clinician 100 sets "no falls"; discharge on 03-04 says "Not met";
// a later visit on 03-06 adds "no hospitalizations" (after the verdict: in progress).
// Episode 3 (patient 30): one visit by clinician 200 with "no falls", no discharge: in progress.
const rows: GoalNoteRow[] = [
  note({
    dateOfService: '2026-03-01',
    goals: [goal('no falls'), goal('pain at or below {level}', 'Pain 3.')],
  }),
  note({
    dateOfService: '2026-03-05',
    providerId: 200,
    goals: [goal('pain at or below {level}', 'Pain 2.')],
  }),
  note({ dateOfService: '2026-03-09', providerId: 200, goalsMet: 'All met', goals: 'not a list' }),
  note({
    episodeId: 2,
    patientId: 20,
    dateOfService: '2026-03-02',
    goals: [goal('no falls'), { junk: true }],
  }),
  note({ episodeId: 2, patientId: 20, dateOfService: '2026-03-04', goalsMet: 'Not met' }),
  note({ episodeId: 2, patientId: 20, dateOfService: '2026-03-06', goals: [goal('no hospitalizations')] }),
  note({
    episodeId: 3,
    patientId: 30,
    providerId: 200,
    dateOfService: '2026-03-03',
    goals: [goal('no falls')],
  }),
];

describe('goal tracker', () => {
  const records = goalRecords(rows);

  it('counts each goal of an episode once, as its latest note has it, with the discharge verdict', () => {
    expect(records.map((r) => [r.episodeId, r.text, r.dateOfService, r.providerId, r.status]).sort()).toEqual(
      [
        [1, 'Pain 2.', '2026-03-05', 200, 'met'],
        [1, 'Patient will have no falls.', '2026-03-01', 100, 'met'],
        [2, 'Patient will have no falls.', '2026-03-02', 100, 'notMet'],
        [2, 'Patient will have no hospitalizations.', '2026-03-06', 100, 'inProgress'],
        [3, 'Patient will have no falls.', '2026-03-03', 200, 'inProgress'],
      ].sort(),
    );
  });

  it('gives the figures per patient and per clinician, worst first', () => {
    expect(goalGroups(records, 'patient')).toEqual([
      { id: 20, goals: 2, met: 0, inProgress: 1, notMet: 1, metRate: 0 },
      { id: 30, goals: 1, met: 0, inProgress: 1, notMet: 0, metRate: 0 },
      { id: 10, goals: 2, met: 2, inProgress: 0, notMet: 0, metRate: 1 },
    ]);
    expect(goalGroups(records, 'clinician')).toEqual([
      { id: 100, goals: 3, met: 1, inProgress: 1, notMet: 1, metRate: 1 / 3 },
      { id: 200, goals: 2, met: 1, inProgress: 1, notMet: 0, metRate: 0.5 },
    ]);
  });

  it('lists the goals behind every figure, as many as the figure', () => {
    for (const groupBy of ['patient', 'clinician'] as const)
      for (const g of goalGroups(records, groupBy)) {
        expect(goalsBehind(records, groupBy, g.id)).toHaveLength(g.goals);
        for (const status of ['met', 'inProgress', 'notMet'] as const)
          expect(goalsBehind(records, groupBy, g.id, status)).toHaveLength(g[status]);
      }
    expect(goalsBehind(records, 'clinician', 100).map((r) => r.text)).toEqual([
      'Patient will have no hospitalizations.',
      'Patient will have no falls.',
      'Patient will have no falls.',
    ]);
  });

  it('says partially met is not met, a same-day later verdict counts, and no clinician is not grouped', () => {
    const partial = goalRecords([
      note({
        episodeId: 9,
        dateOfService: '2026-04-01',
        startAt: '2026-04-01T10:00:00Z',
        goals: [goal('x')],
      }),
      note({
        episodeId: 9,
        dateOfService: '2026-04-01',
        startAt: '2026-04-01T12:00:00Z',
        goalsMet: 'Partially met',
      }),
      note({ episodeId: 8, providerId: null, goals: [goal('y')] }),
    ]);
    expect(partial.map((r) => r.status)).toEqual(['notMet', 'inProgress']);
    expect(goalGroups(partial, 'clinician').map((g) => g.id)).toEqual([100]);
  });
});
