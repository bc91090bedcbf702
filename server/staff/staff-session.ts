// Who is signed in to the console on this request, for the guest calls staff may also make (reading any order).
import type { Context } from 'hono';
import type { Queryable } from '../db/database';
import { sessionToken } from './staff-parsing';
import { forbidden, signedOut } from './staff-errors';
import { noteStaff } from '../ops/request-context';
import { findSession, type FoundSession } from './staff-store';

/** The request's valid staff session, or undefined (no cookie, unknown or expired session). */
export async function staffSessionOf(db: Queryable, c: Context, now: Date): Promise<FoundSession | undefined> {
  const token = sessionToken(c.req.header('Cookie'));
  const found = token === undefined ? undefined : await findSession(db, token, now);
  if (found) noteStaff(c, found.name);
  return found;
}

/**
 * The request's staff session, or the refusal: 401 when nobody is signed in, 403 when a manager is needed and this is
 * someone else. `what` finishes "Only a manager may …". For routes outside server/staff that staff may call.
 */
export async function requireStaff(
  db: Queryable,
  c: Context,
  now: Date,
  need: { role?: 'manager'; what?: string } = {},
): Promise<FoundSession> {
  const found = await staffSessionOf(db, c, now);
  if (!found) throw signedOut();
  if (need.role === 'manager' && found.role !== 'manager') throw forbidden(need.what ?? 'do this');
  return found;
}
