// What the log knows about the request being answered: its id, and who made it once their session is read. Kept on
// Hono's context and handed to what logs for the request, not in an AsyncLocalStorage: on Node 20 that turns on a hook
// for every promise the process makes, a sixth of a busy provider's CPU (bench/README.md).
import type { Context } from 'hono';
import { randomInt } from 'node:crypto';

export interface RequestContext {
  /** Answered in `X-Request-Id` and shown to guests on an error screen, so a complaint can be found in the log. */
  readonly id: string;
  /** The signed-in member of staff, once their session has been read. */
  staff?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    request: RequestContext;
  }
}

/** Fields a log line carries to be found beside its request's own line: `{ request_id }`, or none. */
export type LogFields = { readonly request_id?: string };

/** The request's context, set by the request log (server/http/request-log.ts); undefined in an app without it. */
export const requestOf = (c: Context): RequestContext | undefined => c.get('request') as RequestContext | undefined;

/** What ties a line logged while answering `c` to the request's own line. */
export function requestFields(c: Context): LogFields {
  const id = requestOf(c)?.id;
  return id === undefined ? {} : { request_id: id };
}

/** Called where a staff session is found valid: the request's log line names who made it. */
export function noteStaff(c: Context, name: string): void {
  const context = requestOf(c);
  if (context) context.staff = name;
}

// Crockford's base 32: no I, L, O or U, so an id read out over the phone cannot be misheard as another.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short id a guest can read out: `7K3M-9QX2` (40 random bits; unique enough within a log's retention). */
export function newRequestId(): string {
  let id = '';
  for (let i = 0; i < 8; i++) id += ALPHABET[randomInt(32)];
  return `${id.slice(0, 4)}-${id.slice(4)}`;
}

/** An id sent by a proxy in front (nginx's `$request_id`, a load balancer's trace id), when it is harmless to log. */
export function acceptedRequestId(header: string | undefined): string | undefined {
  return header !== undefined && /^[A-Za-z0-9._:-]{6,64}$/.test(header) ? header : undefined;
}
