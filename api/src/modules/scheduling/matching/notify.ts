import type { Executor } from '../../../db/client';

/**
 * Tells the clinicians who match the given published visits (through the outbox), inside the caller's
 * transaction. Returns how many clinicians were notified.
 * Placeholder: filled in by the matching work of the scheduling issue (#4).
 */
export async function notifyMatchingClinicians(
  _ex: Executor,
  _input: { episodeId: number; visitIds: number[] },
): Promise<number> {
  return 0;
}
