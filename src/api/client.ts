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

/** Sends a call, or takes the early script's answer to it; a refusal rejects (ky's HTTPError, or an ApiError). */
async function send(path: string, init: CallInit): Promise<Response> {
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

/** Sends a call and reads its JSON answer, not yet validated; every failure surfaces as an ApiError. */
export async function requestJson(path: string, init: CallInit = {}): Promise<unknown> {
  try {
    const text = await (await send(path, init)).text();
    // As ky reads JSON: an empty answer is '', which no schema takes.
    return text === '' ? '' : JSON.parse(text);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
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

/**
 * A list answer read already, validated against the list held from before: an item that reads exactly as the held item
 * of the same `key` is that item (validated when it came), and only new or changed items go through the schema. A
 * refetch that finds little changed then checks little, and every unchanged item keeps its object. Any item that does
 * not match fails the whole answer, as `parseAnswer` of the list would.
 */
export function parseListAnswer<Schema extends z.core.$ZodType>(
  itemSchema: Schema,
  body: unknown,
  held: readonly z.output<Schema>[] | undefined,
  key: string,
): z.output<Schema>[] {
  if (held === undefined || held.length === 0 || !Array.isArray(body)) return parseAnswer(z.array(itemSchema), body);
  const heldByKey = new Map<unknown, unknown>();
  for (const item of held) if (isRecord(item)) heldByKey.set(item[key], item);
  const items: z.output<Schema>[] = [];
  for (const raw of body) {
    const known = isRecord(raw) ? heldByKey.get(raw[key]) : undefined;
    if (known !== undefined && sameJson(raw, known)) {
      items.push(known as z.output<Schema>);
      continue;
    }
    const parsed = z.safeParse(itemSchema, raw);
    if (!parsed.success) return parseAnswer(z.array(itemSchema), body);
    items.push(parsed.data);
  }
  return items;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values (what JSON.parse gives and what a schema without transforms returns). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const name of keys) {
    if (!Object.hasOwn(b, name)) return false;
    if (!sameJson((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name])) return false;
  }
  return true;
}

/** Sends a call whose success has no body (204); failures surface as ApiError like any other call. */
export async function requestNoContent(path: string, init: CallInit = {}): Promise<void> {
  try {
    await send(path, init);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
}

/** Sends a call whose answer is a file (the day's CSV); failures surface as ApiError like any other call. */
export async function requestBlob(path: string, init: CallInit = {}): Promise<Blob> {
  try {
    return await (await send(path, init)).blob();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
}
