// What the orientation pages' tests answer for the API (never imported by product code).
export const orientation = {
  id: 4,
  title: 'Welcome to Carelane',
  description: 'How Carelane works.',
  providerTypeIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  required: true,
  passMark: 67,
  active: true,
  sections: [
    { id: 11, index: 0, title: 'Who we are', text: 'We staff visits.', videoUrl: 'https://videos.example/a' },
    { id: 12, index: 1, title: 'Your visits', text: 'Check in.', videoUrl: null },
  ],
  questions: [
    {
      id: 21,
      index: 0,
      question: 'When do you check in?',
      options: ['On arrival', 'Never'],
      correctOption: 0,
    },
  ],
  updatedAt: '2026-05-01T10:00:00.000Z',
  version: 2,
};

export const summary = {
  id: 4,
  title: 'Welcome to Carelane',
  providerTypeIds: orientation.providerTypeIds,
  required: true,
  passMark: 67,
  active: true,
  sectionCount: 2,
  questionCount: 1,
  passedCount: 40,
  updatedAt: '2026-05-01T10:00:00.000Z',
};

export const myList = (status: 'NotStarted' | 'InProgress' | 'Passed' = 'NotStarted', viewed = 0) => ({
  providerId: 9,
  providerName: 'Casey Rivera',
  rows: [
    {
      orientationId: 4,
      title: 'Welcome to Carelane',
      description: 'How Carelane works.',
      required: true,
      assigned: false,
      dueOn: null,
      passMark: 67,
      sectionCount: 2,
      sectionsViewed: viewed,
      attempts: 0,
      lastScore: null,
      passedAt: null,
      status,
    },
  ],
  evaluations: [],
  complete: status === 'Passed',
});

export const takeView = (viewed: number[]) => ({
  providerId: 9,
  orientationId: 4,
  title: orientation.title,
  description: orientation.description,
  passMark: 67,
  sections: orientation.sections.map((s) => ({ ...s, viewed: viewed.includes(s.id) })),
  questions: [
    { id: 21, index: 0, question: 'When do you check in?', options: ['On arrival', 'Never'] },
    { id: 22, index: 1, question: 'When is the note due?', options: ['Same day', 'Next week'] },
    { id: 23, index: 2, question: 'Who do you call?', options: ['Nobody', 'Your coordinator'] },
  ],
  attempts: 0,
  lastScore: null,
  passedAt: null,
  status: viewed.length ? 'InProgress' : 'NotStarted',
});
