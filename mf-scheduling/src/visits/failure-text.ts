import { isApiCallError } from '@carelane/shared-session';

/** A SPEC §8 failure text of its own ('Assignment update failed!.', ...) followed by the server's text. */
export function failureText(specText: string, error: unknown): string {
  const detail = isApiCallError(error) ? error.text : '';
  return detail ? `${specText} ${detail}` : specText;
}
