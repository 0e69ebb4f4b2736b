// The demo's orientation: "Welcome to Carelane", required of every provider type (three sections, a
// three-question quiz, pass mark 67%), passed by the seeded clinicians whose credential state is 3 — but not by a
// clinician who signs in (the demo clinician takes it). Draws nothing from the scheduling seed's random sequence.
import { and, eq, isNull } from 'drizzle-orm';
import { PROVIDER_TYPES } from '@carelane/shared-domain';
import type { Tx } from './client';
import {
  orientationProgress,
  orientationQuestions,
  orientationQuizAttempts,
  orientationSections,
  orientations,
  providers,
} from './schema';

export const WELCOME_ORIENTATION = {
  title: 'Welcome to Carelane',
  description: 'How Carelane works for clinicians: your visits, your notes, and who to call.',
  passMark: 67,
  sections: [
    {
      title: 'Who we are',
      text:
        'Carelane staffs home-care visits for home health agencies. Agencies post visits; we match them to ' +
        'credentialed clinicians near the patient, and you choose the work you take.',
      videoUrl: 'https://videos.carelane.example/welcome/who-we-are',
    },
    {
      title: 'Your visits',
      text:
        'Check in when you arrive and check out when you leave: the check-in and check-out times are the ' +
        'record of the visit. Then write the visit note the same day.',
      videoUrl: null,
    },
    {
      title: 'When something goes wrong',
      text:
        'If you cannot make a visit, tell your care coordinator at once so the patient is not left without ' +
        'care. In an emergency at the patient’s home, call 911 first.',
      videoUrl: 'https://videos.carelane.example/welcome/when-something-goes-wrong',
    },
  ],
  questions: [
    {
      question: 'When do you check in to a visit?',
      options: ['When I arrive at the patient', 'When I accept the visit', 'At the end of the day'],
      correctOption: 0,
    },
    {
      question: 'When is the visit note due?',
      options: ['Within a week', 'The same day', 'Only when asked'],
      correctOption: 1,
    },
    {
      question: 'You cannot make a visit. What do you do first?',
      options: ['Nothing', 'Send the patient a message', 'Tell your care coordinator at once'],
      correctOption: 2,
    },
  ],
} as const;

/** The welcome orientation, and its pass by every credentialed (state 3) seeded clinician without a login. */
export async function seedDemoOrientations(tx: Tx): Promise<void> {
  const w = WELCOME_ORIENTATION;
  const [orientation] = await tx
    .insert(orientations)
    .values({
      title: w.title,
      description: w.description,
      providerTypeIds: PROVIDER_TYPES.map((t) => t.id),
      required: true,
      passMark: w.passMark,
    })
    .returning({ id: orientations.id, version: orientations.version });
  const orientationId = orientation!.id;
  const sections = await tx
    .insert(orientationSections)
    .values(w.sections.map((s, index) => ({ orientationId, index, ...s })))
    .returning({ id: orientationSections.id });
  await tx
    .insert(orientationQuestions)
    .values(w.questions.map((q, index) => ({ orientationId, index, ...q, options: [...q.options] })));
  const passing = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.credentialState, 3), isNull(providers.userId)));
  if (!passing.length) return;
  const passedAt = (c: { id: number }) => new Date(Date.now() - ((c.id * 7) % 60) * 86_400_000);
  await tx.insert(orientationProgress).values(
    passing.map((c) => ({
      providerId: c.id,
      orientationId,
      sectionsViewed: sections.map((s) => s.id),
      attempts: 1,
      lastScore: 100,
      passedAt: passedAt(c),
    })),
  );
  await tx.insert(orientationQuizAttempts).values(
    passing.map((c) => ({
      providerId: c.id,
      orientationId,
      orientationVersion: orientation!.version,
      answers: w.questions.map((q) => q.correctOption),
      score: 100,
      passed: true,
      createdAt: passedAt(c),
    })),
  );
}
