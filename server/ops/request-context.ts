// What the log knows about the request being answered, wherever in its handling a line is written (AsyncLocalStorage).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';

export interface RequestContext {
  /** Answered in `X-Request-Id` and shown to guests on an error screen, so a complaint can be found in the log. */
  readonly id: string;
  /** The signed-in member of staff, once their session has been read. */
  staff?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Called where a staff session is found valid: the request's log line names who made it. */
export function noteStaff(name: string): void {
  const context = storage.getStore();
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
