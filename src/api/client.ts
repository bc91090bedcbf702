// The one ky instance every provider call goes through: base URL, bearer header, the 503 rule, and answer validation.
import ky, { HTTPError, TimeoutError, type ResponsePromise } from 'ky';
import * as z from 'zod/mini';
import { deviceStore } from '../device/device-store';
import { currentLanguage } from '../device/language';
import {
  adoptRuntimeConfig,
  apiBaseUrl,
  apiToken,
  readRuntimeConfig,
  REQUEST_TIMEOUT_MS,
  SESSION_API_KEY,
} from './config';
import { takeEarlyAnswer } from './early-answers';
import { ApiError, isAbort } from './errors';
import { errorBodySchema } from '../../contract/guest';

const sessionApiKey = deviceStore(SESSION_API_KEY, z.string(), { storage: 'session', format: 'text' });

/** Spec §8: any call answering 503 ends the session's key (the live stream's calls too). */
export function forgetSessionApiKey() {
  sessionApiKey.remove();
}

export const api = ky.create({
  prefixUrl: apiBaseUrl(),
  timeout: REQUEST_TIMEOUT_MS,
  // TanStack Query decides about retries for reads, the checkout machine for orders; ky retrying too would multiply them.
  retry: 0,
  // The first screen's reads may already be on their way, sent by index.html's early script (src/early.ts).
  fetch: (input, init) =>
    input instanceof Request ? takeEarlyAnswer(input, () => fetch(input, init)) : fetch(input, init),
  hooks: {
    beforeRequest: [
      (request) => {
        request.headers.set('Authorization', `Bearer ${apiToken()}`);
        request.headers.set('Accept', 'application/json');
        // The guest's language, unless the call asks for another (the console asks for the restaurant's own).
        if (!request.headers.has('Accept-Language')) request.headers.set('Accept-Language', currentLanguage());
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // Spec §8: a 503 ends the session's key; a 500 gets no special handling.
        if (response.status === 503) sessionApiKey.remove();
        // Outside staff/ a 401 can only be the app's token (staff calls also answer it for an ended session).
        if (response.status === 401 && !new URL(request.url).pathname.includes('/staff/')) {
          void import('./token-refusal').then(({ recoverRefusedToken }) =>
            recoverRefusedToken({ token: apiToken(), read: readRuntimeConfig, adopt: adoptRuntimeConfig }),
          );
        }
      },
    ],
  },
});

async function fromHttpError(error: HTTPError): Promise<ApiError> {
  const { status } = error.response;
  let body: unknown;
  try {
    body = await error.response.clone().json();
  } catch {
    body = undefined;
  }
  const requestId = error.response.headers.get('X-Request-Id') ?? undefined;
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new ApiError('http', `The provider answered ${status}`, { status, requestId, cause: error });
  }
  const { code, message, fields } = parsed.data.error;
  return new ApiError('http', message, { status, code, ...(fields ? { fields } : {}), requestId, cause: error });
}

/** Classifies anything a ky call threw; aborts are not errors and are rethrown untouched by callers. */
async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return fromHttpError(error);
  if (error instanceof TimeoutError)
    return new ApiError('timeout', 'The provider took too long to answer', { cause: error });
  if (error instanceof SyntaxError)
    return new ApiError('parsing', 'The provider’s answer was not valid JSON', { cause: error });
  // fetch rejects with a TypeError when the network or the provider cannot be reached.
  return new ApiError('fetch', 'The provider could not be reached', { cause: error });
}

/** Sends a call and reads its JSON answer, not yet validated; every failure surfaces as an ApiError. */
export async function requestJson(send: () => ResponsePromise): Promise<unknown> {
  try {
    return await send().json();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
}

/** Sends a call and validates its answer; every failure surfaces as an ApiError (aborts pass through untouched). */
export async function request<Schema extends z.core.$ZodType>(
  schema: Schema,
  send: () => ResponsePromise,
): Promise<z.output<Schema>> {
  return parseAnswer(schema, await requestJson(send));
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
export async function requestNoContent(send: () => ResponsePromise): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw await toApiError(error);
  }
}
