// Started by the entry before any code of ours loads, so remotes.json arrives beside the scripts instead of
// after them (one round trip less before the first page). No imports: the entry must not take shared modules.

/** Where the deployment file is served: next to the shell's index.html. */
export const REMOTES_FILE = '/remotes.json';

const KEY = Symbol.for('carelane.remotesFileRequest');
type Holder = Record<symbol, Promise<Response> | undefined>;

/** Fetches the deployment file (never from a cache: a redeployed area must be seen at the next load). */
export function requestRemotesFile(): Promise<Response> {
  return fetch(REMOTES_FILE, { cache: 'no-store', headers: { Accept: 'application/json' } });
}

/** Starts the request for the bootstrap to take. */
export function startRemotesFileRequest(): void {
  try {
    const request = requestRemotesFile();
    request.catch(() => undefined); // its failure is read by whoever takes it
    (globalThis as unknown as Holder)[KEY] = request;
  } catch {
    // No fetch: the bootstrap asks again.
  }
}

/** The request started by the entry, once; then undefined (a retry fetches anew). */
export function takeRemotesFileRequest(): Promise<Response> | undefined {
  const holder = globalThis as unknown as Holder;
  const request = holder[KEY];
  holder[KEY] = undefined;
  return request;
}
