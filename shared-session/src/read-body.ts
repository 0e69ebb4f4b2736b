// Imports nothing: the static sign-in page (shell/src/static-login) reads answers with it as the API client does.

/** An answer's body: its JSON, its text when it is not JSON, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
