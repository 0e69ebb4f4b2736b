// The goal builder's data from shared-domain (goal-builder.ts), in the shapes the builder's selects take.
import {
  GOAL_PERSONS,
  GOAL_PHRASE_SEED,
  buildGoalSentence,
  fillInsOf,
  type Goal,
} from '@carelane/shared-domain';

export type { Goal };

/** One phrase of the library: the API's templates, or shared-domain's seed. */
export type PhraseRow = { category: string; person: string; action: string; phrase: string };

/** The seed phrase library, used when GET /api/notes/templates fails. */
export const SEED_PHRASES: readonly PhraseRow[] = GOAL_PHRASE_SEED;

/** The persons to choose from when the library has none for the category. */
export const personsFallback = (): string[] => [...GOAL_PERSONS];

/** The sentence so far: blank fill-ins shown as [name] until they are typed. */
export function previewSentence(parts: {
  person: string;
  action: string;
  phrase: string;
  fillIns: Record<string, string>;
  timeframe: string | null;
}): string {
  const filled = Object.fromEntries(
    fillInsOf(parts.phrase).map((name) => [name, parts.fillIns[name]?.trim() || `[${name}]`]),
  );
  const built = buildGoalSentence({ ...parts, fillIns: filled });
  return built.ok ? built.text : '';
}

/** The goal to store: its fill-ins trimmed and only the phrase's own; null while one is blank. */
export function buildGoal(parts: {
  category: string;
  person: string;
  action: string;
  phrase: string;
  fillIns: Record<string, string>;
  timeframe: string | null;
}): Goal | null {
  const fillIns = Object.fromEntries(
    fillInsOf(parts.phrase).map((name) => [name, (parts.fillIns[name] ?? '').trim()]),
  );
  const built = buildGoalSentence({ ...parts, fillIns });
  if (!built.ok) return null;
  return { ...parts, fillIns, text: built.text } as Goal;
}
