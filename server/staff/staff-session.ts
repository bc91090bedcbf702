// Who is signed in to the console on this request, for the guest calls staff may also make (reading any order).
import type { Context } from 'hono';
import type { Queryable } from '../db/database';
import { sessionToken } from './staff-parsing';
import { findSession, type FoundSession } from './staff-store';

/** The request's valid staff session, or undefined (no cookie, unknown or expired session). */
export async function staffSessionOf(db: Queryable, c: Context, now: Date): Promise<FoundSession | undefined> {
  const token = sessionToken(c.req.header('Cookie'));
  return token === undefined ? undefined : findSession(db, token, now);
}
