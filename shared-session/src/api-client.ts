import ky, { HTTPError, TimeoutError } from 'ky';
import type * as core from 'zod/v4/core';
import type { AnswerCheck } from './answer-check';
import { buildErrorText, networkErrorText, serverErrorText, unreachableText } from '@carelane/shared-domain';
import { currentPath, getBus, type SessionExpiredEvent } from './bus';
import { readBody } from './read-body';

export type SearchValue = string | number | boolean | null | undefined;
export type SearchParams = Record<string, SearchValue | readonly SearchValue[]>;

export type CallOptions = {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sends this token instead of the client's (sign-in uses it before the session is on the bus). */
  token?: string;
  /** A 401 answer only rejects: no `sessionExpired$` (restoring a session that is simply gone). */
  quietUnauthorized?: boolean;
  /** Outlives the page (fetch keepalive: a save sent as the tab closes); the body must stay under 64 KB. */
  keepalive?: boolean;
};

export type ApiClientOptions = {
  /** Where the API lives; defaults to this page's origin. */
  baseUrl?: string;
  /** The current session's token: '' for a session held by the HttpOnly cookie alone, nullish when signed out. */
  getToken: () => string | null | undefined;
  /** Called once per token when the server answers 401 to a call that sent it. */
  onUnauthorized: (event: SessionExpiredEvent) => void;
  /** In production, server texts mentioning json, sql or crypt are not shown (SPEC §8). */
  production?: boolean;
  /** Milliseconds before a call is given up (default 60 s). */
  timeoutMs?: number;
};

/** What an answer is checked with: a zod schema, or one of the session's own light checks (answer-check.ts). */
export type AnswerSchema = {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
};
/** What the schema answers when it accepts. */
export type AnswerOf<S> = S extends core.$ZodType
  ? core.output<S>
  : S extends AnswerCheck<infer T>
    ? T
    : never;

export type ApiClient = {
  get<S extends AnswerSchema>(path: string, schema: S, options?: CallOptions): Promise<AnswerOf<S>>;
  post<S extends AnswerSchema>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<AnswerOf<S>>;
  put<S extends AnswerSchema>(
    path: string,
    body: unknown,
    schema: S,
    options?: CallOptions,
  ): Promise<AnswerOf<S>>;
  delete<S extends AnswerSchema>(path: string, schema: S, options?: CallOptions): Promise<AnswerOf<S>>;
  /** POSTs raw bytes (a file) as the body, sent as `contentType`; answers what the schema parsed. */
  upload<S extends AnswerSchema>(
    path: string,
    body: Blob | ArrayBuffer | Uint8Array,
    schema: S,
    options?: CallOptions & { contentType?: string },
  ): Promise<AnswerOf<S>>;
  /** GETs bytes (a file), with the name the server gave it in Content-Disposition. */
  download(path: string, options?: CallOptions): Promise<DownloadedFile>;
};

export type DownloadedFile = { blob: Blob; fileName: string | null; contentType: string };

/** Files may take longer than a JSON call. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

/** The file name of a Content-Disposition header: `filename*` (RFC 5987, UTF-8) first, else `filename`. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]!.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(contentDisposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/**
 * - `http`: the server answered with a failure status;
 * - `network`: the server could not be reached (offline, refused, timed out);
 * - `invalid-response`: the answer did not match the expected schema.
 */
export type ApiCallErrorKind = 'http' | 'network' | 'invalid-response';

/** A failed call. `text` is what to show after 'Sorry, {thing} could not be {action}. ' (or alone, offline). */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  readonly kind: ApiCallErrorKind;
  /** HTTP status; 0 when the server was not reached. */
  readonly status: number;
  /** The server's machine-readable code (e.g. VALIDATION, SESSION_EXPIRED), or NETWORK / INVALID_RESPONSE. */
  readonly code: string;
  /** The parsed answer body (the one error shape, for `http`). */
  readonly body: unknown;
  /** The server's error text (SPEC §8), or the offline text for `network`. */
  readonly text: string;
  /** Field errors of a 400 answer, for forms. */
  readonly fieldErrors: ReadonlyArray<{ field: string; message: string }>;

  constructor(init: {
    kind: ApiCallErrorKind;
    status: number;
    code: string;
    body: unknown;
    text: string;
    message: string;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.text = init.text;
    this.fieldErrors = fieldErrorsOf(init.body);
  }
}

/** True for an `ApiCallError`, also one made by another copy of this module (a remote's own bundle). */
export function isApiCallError(error: unknown): error is ApiCallError {
  if (error instanceof ApiCallError) return true;
  const candidate = error as Partial<ApiCallError> | null;
  return (
    error instanceof Error &&
    candidate?.name === 'ApiCallError' &&
    typeof candidate.status === 'number' &&
    typeof candidate.text === 'string'
  );
}

function fieldErrorsOf(body: unknown): ApiCallError['fieldErrors'] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is { field: string; message: string } =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { field?: unknown }).field === 'string' &&
      typeof (item as { message?: unknown }).message === 'string',
  );
}

function isOffline(): boolean {
  const navigator = globalThis.navigator as Navigator | undefined;
  return navigator?.onLine === false;
}

/**
 * The text to show for a failed call: 'Sorry, {thing} could not be {action}. ' + the server's text
 * (SPEC §8), or the offline / unreachable text alone when the server was not reached.
 */
export function errorMessage(error: unknown, thing: string, action: string): string {
  if (isApiCallError(error)) {
    return error.kind === 'network' ? error.text : buildErrorText(thing, action, error.text);
  }
  return networkErrorText(error) ?? buildErrorText(thing, action, '');
}

/** webpack replaces `process.env.NODE_ENV` in builds; without it there is no `process` in a browser. */
function isProductionBuild(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return false;
  }
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && (error as { name?: unknown } | null)?.name === 'AbortError';
}

function toSearchParams(values: SearchParams | undefined): URLSearchParams | undefined {
  if (!values) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const list: readonly SearchValue[] = Array.isArray(value) ? value : [value as SearchValue];
    for (const item of list) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params;
}

/** `path` under the API's address (`baseUrl`, by default this page's origin). */
export function apiUrl(baseUrl: string | undefined, path: string): string {
  const page = (globalThis.location as Location | undefined)?.href ?? 'http://localhost/';
  const base = new URL(baseUrl || '/', page).href.replace(/\/+$/, '');
  return base + (path.startsWith('/') ? path : `/${path}`);
}

const DEFAULT_EXPIRED_TEXT = 'Your session has expired. Please sign in again.';
const DEFAULT_REVOKED_TEXT = 'Your session has ended. Please sign in again.';

type Payload = {
  json?: unknown;
  body?: Blob | ArrayBuffer | Uint8Array;
  accept?: string;
  timeout?: number;
};

type ReportUnauthorized = (sentToken: string, code: string, body: unknown) => void;

function createUnauthorizedReporter(options: ApiClientOptions, production: boolean): ReportUnauthorized {
  let reportedToken: string | null = null;
  return (sentToken, code, body) => {
    // Only the current session can expire: a late answer to an older token is ignored, and each
    // token is reported once however many calls fail with it.
    if (reportedToken === sentToken || options.getToken() !== sentToken) return;
    reportedToken = sentToken;
    const expired = code === 'SESSION_EXPIRED';
    options.onUnauthorized({
      reason: expired ? 'expired' : 'revoked',
      message:
        serverErrorText(body, { production }) || (expired ? DEFAULT_EXPIRED_TEXT : DEFAULT_REVOKED_TEXT),
      returnTo: currentPath(),
    });
  };
}

async function toApiCallError(
  error: unknown,
  sentToken: string | undefined,
  call: CallOptions,
  production: boolean,
  reportUnauthorized: ReportUnauthorized,
): Promise<ApiCallError> {
  if (error instanceof HTTPError) {
    const response = error.response;
    const body = await readBody(response).catch(() => undefined);
    const code =
      typeof (body as { code?: unknown } | undefined)?.code === 'string'
        ? (body as { code: string }).code
        : `HTTP_${response.status}`;
    // '' is a session held by the cookie alone: its 401 ends it as well.
    if (response.status === 401 && sentToken !== undefined && !call.quietUnauthorized) {
      reportUnauthorized(sentToken, code, body);
    }
    return new ApiCallError({
      kind: 'http',
      status: response.status,
      code,
      body,
      text: serverErrorText(body, { production }),
      message: error.message,
      cause: error,
    });
  }
  const text = unreachableText(error, !isOffline());
  return new ApiCallError({
    kind: 'network',
    status: 0,
    code: error instanceof TimeoutError ? 'TIMEOUT' : 'NETWORK',
    body: undefined,
    text,
    message: error instanceof Error ? error.message : text,
    cause: error,
  });
}

function parseAnswer<S extends AnswerSchema>(
  schema: S,
  data: unknown,
  response: Response,
  method: string,
  path: string,
): AnswerOf<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiCallError({
      kind: 'invalid-response',
      status: response.status,
      code: 'INVALID_RESPONSE',
      body: data,
      text: '',
      message: `Unexpected answer from ${method.toUpperCase()} ${path}: ${parsed.error.message}`,
      cause: parsed.error,
    });
  }
  return parsed.data as AnswerOf<S>;
}

/**
 * An API client on ky: adds `Authorization: Bearer`, parses answers with the given zod schema, turns
 * failures into `ApiCallError`, reports a 401 through `onUnauthorized` (never touching the page), and
 * never retries (react-query retries reads).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const production = options.production ?? isProductionBuild();
  const reportUnauthorized = createUnauthorizedReporter(options, production);
  const http = ky.create({
    retry: 0,
    timeout: options.timeoutMs ?? 60_000,
    throwHttpErrors: true,
    // Looked up per call, so a stand-in fetch (tests, dev tools) installed later is used.
    fetch: (input, init) => globalThis.fetch(input, init),
  });

  const toCallError = (error: unknown, sentToken: string | undefined, call: CallOptions) =>
    toApiCallError(error, sentToken, call, production, reportUnauthorized);

  /** One call with the session's token; a failure becomes an `ApiCallError` (401 reported once). */
  async function send(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    payload: Payload,
    callOptions: CallOptions,
  ): Promise<{ response: Response; sentToken: string | undefined }> {
    const sentToken = callOptions.token ?? options.getToken() ?? undefined;
    const headers: Record<string, string> = {
      Accept: payload.accept ?? 'application/json',
      ...callOptions.headers,
    };
    if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
    const url = apiUrl(options.baseUrl, path);
    try {
      const response = await http(url, {
        method,
        headers,
        searchParams: toSearchParams(callOptions.searchParams),
        signal: callOptions.signal,
        ...(callOptions.keepalive ? { keepalive: true } : {}),
        ...(payload.json === undefined ? {} : { json: payload.json }),
        ...(payload.body === undefined ? {} : { body: payload.body as BodyInit }),
        ...(payload.timeout === undefined ? {} : { timeout: payload.timeout }),
      });
      return { response, sentToken };
    } catch (error) {
      // A call its caller cancelled (react-query does) stays an AbortError.
      if (isAbort(error, callOptions.signal)) throw error;
      throw await toCallError(error, sentToken, callOptions);
    }
  }

  async function request<S extends AnswerSchema>(
    method: 'get' | 'post' | 'put' | 'delete',
    path: string,
    payload: Payload,
    schema: S,
    callOptions: CallOptions = {},
  ): Promise<AnswerOf<S>> {
    const { response, sentToken } = await send(method, path, payload, callOptions);
    let data: unknown;
    try {
      data = await readBody(response);
    } catch (error) {
      if (isAbort(error, callOptions.signal)) throw error;
      throw await toCallError(error, sentToken, callOptions);
    }
    return parseAnswer(schema, data, response, method, path);
  }

  return {
    get: (path, schema, callOptions) => request('get', path, {}, schema, callOptions),
    post: (path, body, schema, callOptions) =>
      request('post', path, { json: body ?? {} }, schema, callOptions),
    put: (path, body, schema, callOptions) => request('put', path, { json: body ?? {} }, schema, callOptions),
    delete: (path, schema, callOptions) => request('delete', path, {}, schema, callOptions),
    upload: (path, body, schema, { contentType, ...callOptions } = {}) =>
      request('post', path, { body, timeout: TRANSFER_TIMEOUT_MS }, schema, {
        ...callOptions,
        headers: { 'Content-Type': contentType || 'application/octet-stream', ...callOptions.headers },
      }),
    download: async (path, callOptions = {}) => {
      const payload = { accept: '*/*', timeout: TRANSFER_TIMEOUT_MS };
      const { response, sentToken } = await send('get', path, payload, callOptions);
      try {
        return {
          blob: await response.blob(),
          fileName: fileNameOf(response.headers.get('content-disposition')),
          contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isAbort(error, callOptions.signal)) throw error;
        throw await toCallError(error, sentToken, callOptions);
      }
    },
  };
}

/** The page's API client: the session's token from the bus, 401 reported on `sessionExpired$`. */
export const apiClient: ApiClient = createApiClient({
  getToken: () => getBus().session$.getValue()?.token,
  onUnauthorized: (event) => getBus().sessionExpired$.next(event),
});
