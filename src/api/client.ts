// How the app calls the provider: one call is a path and ky's options; its answer is taken from the early script's
// reads when it asked the same, else sent through ky (http-client.ts, loaded on the first call that needs it), then
// validated against the contract. Every failure surfaces as an ApiError.
import type { KyInstance, Options } from 'ky';
import * as z from 'zod/mini';
import { callHeaders, noteAnswer } from './call-rules';
import { apiBaseUrl, REQUEST_TIMEOUT_MS } from './config';
import { takeEarlyAnswer } from './early-answers';
import { ApiError, isAbort } from './errors';
import { errorBodySchema } from '../../contract/guest';

/** One call's options: ky's (method, search params, headers, JSON body, signal). */
export type CallInit = Options;

let httpClient: Promise<KyInstance> | undefined;

/**
 * ky with the app's options. The menu's first screen is answered by the early script's reads, so ky is not on its
 * path: it loads on the first call that needs it, or once the first screen is up (the shell preloads it).
 */
export function loadHttpClient(): Promise<KyInstance> {
  httpClient ??= import('./http-client').then(
    (module) => module.api,
    (error: unknown) => {
      // Not kept: the next call tries to load it again (the network may be back).
      httpClient = undefined;
      throw error;
    },
  );
  return httpClient;
}

/** The URL ky would send a GET to, for finding the early script's answer to it. */
function getUrl(path: string, { searchParams }: CallInit): string {
  const entries =
    searchParams && typeof searchParams === 'object' && !(searchParams instanceof URLSearchParams)
      ? Object.entries(searchParams).filter(([, value]) => value !== undefined)
      : [];
  const query = new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
  return `${apiBaseUrl()}${path}${query ? `?${query}` : ''}`;
}

/**
 * The early script's answer, heard as ky would hear it: within ky's timeout, abortable, a refusal an ApiError; none
 * when the early read failed (the network dropped), so the call is sent again as asked.
 */
async function earlyAnswer(
  url: string,
  answer: Promise<Response>,
  signal: AbortSignal | null | undefined,
): Promise<Response | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const timeoutOrAbort = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError('timeout', 'The provider took too long to answer')),
      REQUEST_TIMEOUT_MS,
    );
    onAbort = () => reject(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const response = await Promise.race([answer.catch(() => undefined), timeoutOrAbort]);
    if (response === undefined) return undefined;
    noteAnswer(url, response.status);
    if (!response.ok) throw await fromResponse(response);
    return response;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Sends a call, or takes the early script's answer to it; a refusal rejects (ky's HTTPError, or an ApiError). Run it inside
 * `asCall`, which turns every failure into an ApiError.
 */
export async function sendCall(path: string, init: CallInit): Promise<Response> {
  if ((init.method ?? 'get').toLowerCase() === 'get') {
    const url = getUrl(path, init);
    const language = new Headers(init.headers as HeadersInit | undefined).get('Accept-Language');
    const answer = takeEarlyAnswer(url, callHeaders(language));
    const response = answer && (await earlyAnswer(url, answer, init.signal));
    if (response) return response;
  }
  const api = await loadHttpClient();
  return api(path, init);
}

async function fromResponse(response: Response, cause?: unknown): Promise<ApiError> {
  const { status } = response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined;
  }
  const requestId = response.headers.get('X-Request-Id') ?? undefined;
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new ApiError('http', `The provider answered ${status}`, { status, requestId, cause: cause ?? response });
  }
  const { code, message, fields } = parsed.data.error;
  return new ApiError('http', message, {
    status,
    code,
    ...(fields ? { fields } : {}),
    requestId,
    cause: cause ?? response,
  });
}

/** Classifies anything a call threw (ky's errors by name, so ky need not be loaded); aborts are rethrown by callers. */
async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'HTTPError' && 'response' in error && error.response instanceof Response)
    return fromResponse(error.response, error);
  if (error instanceof Error && error.name === 'TimeoutError')
    return new ApiError('timeout', 'The provider took too long to answer', { cause: error });
  if (error instanceof SyntaxError)
    return new ApiError('parsing', 'The provider’s answer was not valid JSON', { cause: error });
  // fetch rejects with a TypeError when the network or the provider cannot be reached.
  return new ApiError('fetch', 'The provider could not be reached', { cause: error });
}

/** Runs a call's work (sending it, reading its answer): any failure but an abort surfaces as an ApiError. */
export async function asCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
}

/** Sends a call and reads its JSON answer, not yet validated; every failure surfaces as an ApiError. */
export function requestJson(path: string, init: CallInit = {}): Promise<unknown> {
  return asCall(async () => {
    const text = await (await sendCall(path, init)).text();
    // As ky reads JSON: an empty answer is '', which no schema takes.
    return text === '' ? '' : JSON.parse(text);
  });
}

/** Sends a call and validates its answer; every failure surfaces as an ApiError (aborts pass through untouched). */
export async function request<Schema extends z.core.$ZodType>(
  schema: Schema,
  path: string,
  init: CallInit = {},
): Promise<z.output<Schema>> {
  return parseAnswer(schema, await requestJson(path, init));
}

/** An answer read already, validated against the contract (a `parsing` ApiError when it does not match). */
export function parseAnswer<Schema extends z.core.$ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw new ApiError('parsing', 'The provider’s answer does not match the contract', { cause: parsed.error });
  }
  return parsed.data;
}
