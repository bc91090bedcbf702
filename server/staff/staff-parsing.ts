// Reads the staff calls' requests (bodies, path ids, the orders query, the session cookie), shared with the MSW fake.
import type * as z from 'zod/mini';
import { hasUnstorableText, queryIdSchema } from '../../contract/guest';
import {
  accountChangeSchema,
  cancelOrderSchema,
  dishAvailabilitySchema,
  moveOrderSchema,
  newStaffAccountSchema,
  passwordChangeSchema,
  signInSchema,
  staffNameSchema,
  STAFF_LIMITS,
} from '../../contract/staff';
import { STATION_PATTERN } from '../../contract/kitchen';
import { badRequest, invalid, notFound, type FieldErrors } from '../api/provider-error';
import '../api/zod-messages';
import { normalizeOrderId } from '../orders/order-id';
import type { BoardQuery } from './staff-orders';

export const SESSION_COOKIE = 'staff_session';

export function parseWith<Schema extends z.ZodMiniType>(schema: Schema, body: unknown, what: string): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  const detail = Object.entries(fields)
    .map(([path, reason]) => `${path}: ${reason}`)
    .join('; ');
  throw invalid(`This ${what} is not valid: ${detail}`, fields);
}

export const parseSignIn = (body: unknown) => parseWith(signInSchema, body, 'sign-in');
export const parseNewAccount = (body: unknown) => parseWith(newStaffAccountSchema, body, 'account');
export const parseMove = (body: unknown) => parseWith(moveOrderSchema, body, 'move');
export const parseCancel = (body: unknown) => parseWith(cancelOrderSchema, body, 'cancellation');
export const parseDishPatch = (body: unknown) => parseWith(dishAvailabilitySchema, body, 'change');
export const parsePasswordChange = (body: unknown) => parseWith(passwordChangeSchema, body, 'password change');
export const parseAccountChange = (body: unknown) => parseWith(accountChangeSchema, body, 'account change');

/** An id in the path: anything but a positive integer names nothing, so it is 404 like an unknown id. */
export function pathId(raw: string, what: string): number {
  const parsed = queryIdSchema.safeParse(raw);
  // Past the database's integer range nothing can exist either: 404, never a failed query.
  if (!parsed.success || parsed.data > 2_147_483_647) throw notFound(`There is no ${what} ${raw.slice(0, 40)}`);
  return parsed.data;
}

export function pathOrderId(raw: string): string {
  const value = raw.trim();
  // A NUL or a lone surrogate cannot be stored in PostgreSQL text, so no order has one: 404, never a failed query.
  if (value === '' || value.length > 64 || hasUnstorableText(value)) throw notFound('There is no such order');
  return normalizeOrderId(value);
}

/** An account's name in the path: anything no account could be named (a NUL, a space…) names none: 404. */
export function pathAccountName(raw: string): string {
  const parsed = staffNameSchema.safeParse(raw);
  if (!parsed.success) throw notFound(`There is no account named ${JSON.stringify(raw.slice(0, 40))}`);
  return parsed.data;
}

export function parseBoardQuery(params: URLSearchParams): BoardQuery {
  const status = params.get('status') ?? 'open';
  if (status !== 'open' && status !== 'all') {
    throw badRequest('status must be open or all', { status: 'open or all' });
  }
  const rawLimit = params.get('limit');
  let limit = 100;
  if (rawLimit !== null) {
    const parsed = queryIdSchema.safeParse(rawLimit);
    if (!parsed.success || parsed.data > STAFF_LIMITS.ordersLimitMax) {
      throw badRequest(`limit must be a whole number from 1 to ${STAFF_LIMITS.ordersLimitMax}`, {
        limit: `1 to ${STAFF_LIMITS.ordersLimitMax}`,
      });
    }
    limit = parsed.data;
  }
  const station = params.get('station');
  if (station !== null && !STATION_PATTERN.test(station)) {
    throw badRequest('station must be a station name: lower-case letters, digits and -', {
      station: 'lower-case letters, digits and -',
    });
  }
  return { status, limit, ...(station === null ? {} : { station }) };
}

/** The staff_session cookie's value from a Cookie header, if any. */
export function sessionToken(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const token = value.join('=');
      return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** The Set-Cookie value for a session (or its end, with an empty value and Max-Age=0). */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/api/v1',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
