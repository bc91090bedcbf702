// Staff accounts and their sessions in the database, so every provider process accepts a session and restarts keep it.
import { createHash, randomBytes } from 'node:crypto';
import type { StaffAccount, StaffRole, StaffSession } from '../../contract/staff';
import type { Database, Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';
import type { Passwords } from './passwords';
import { accountExists, accountNotFound } from './staff-errors';

/** How long a session lasts from sign-in: one long service. */
export const SESSION_HOURS = 12;

/**
 * The event that tells every provider process an account's sessions changed (ended, or all but one): each closes the
 * live streams whose session is gone. Not sent on any stream (server/live/live-hub.ts).
 */
export const SESSIONS_ENDED_EVENT = 'sessions_ended';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SignedIn extends StaffSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
}

/** A request's session, with the hash that names it among the account's others. */
export interface FoundSession extends StaffSession {
  tokenHash: string;
}

export function listAccounts(db: Queryable): Promise<StaffAccount[]> {
  return db.query<StaffAccount>('SELECT name, role FROM staff_accounts ORDER BY role DESC, name');
}

export async function addAccount(db: Queryable, passwords: Passwords, name: string, password: string, role: StaffRole) {
  const hash = await passwords.hash(password);
  const rows = await db.query<StaffAccount>(
    `INSERT INTO staff_accounts (name, role, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO NOTHING RETURNING name, role`,
    [name, role, hash],
  );
  if (!rows[0]) throw accountExists(name);
  return rows[0];
}

/**
 * Ends the account's sessions but `keep` (a token hash), and tells every process to close their live streams, in the
 * caller's transaction.
 */
export async function endSessions(tx: Queryable, name: string, keep?: string): Promise<void> {
  await tx.query('DELETE FROM staff_sessions WHERE staff_name = $1 AND token_hash IS DISTINCT FROM $2', [
    name,
    keep ?? null,
  ]);
  await recordEvent(tx, { type: SESSIONS_ENDED_EVENT, payload: { name } });
}

export interface AccountChange {
  password?: string;
  role?: StaffRole;
}

/**
 * Gives an account a new password, a new role or both, and ends its sessions but `keep` (the caller's own, when it
 * changes its own password), closing their live streams: a password that leaked stops working everywhere at once.
 */
export async function changeAccount(
  db: Database,
  passwords: Passwords,
  name: string,
  change: AccountChange,
  keep?: string,
): Promise<StaffAccount> {
  const hash = change.password === undefined ? null : await passwords.hash(change.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<StaffAccount>(
      `UPDATE staff_accounts SET password_hash = coalesce($2, password_hash), role = coalesce($3, role)
       WHERE name = $1 RETURNING name, role`,
      [name, hash, change.role ?? null],
    );
    if (!row) throw accountNotFound(name);
    await endSessions(tx, name, keep);
    return row;
  });
}

/** Removing an account ends its sessions (ON DELETE CASCADE) and closes their live streams. */
export async function removeAccount(db: Database, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query('DELETE FROM staff_accounts WHERE name = $1 RETURNING name', [name]);
    if (rows.length === 0) throw accountNotFound(name);
    await recordEvent(tx, { type: SESSIONS_ENDED_EVENT, payload: { name } });
  });
}

/** The account's stored hash, or undefined for an unknown name. */
export async function passwordHashOf(
  db: Queryable,
  name: string,
): Promise<(StaffAccount & { hash: string }) | undefined> {
  const [row] = await db.query<StaffAccount & { password_hash: string }>(
    'SELECT name, role, password_hash FROM staff_accounts WHERE name = $1',
    [name],
  );
  return row && { name: row.name, role: row.role, hash: row.password_hash };
}

/** The account when the password matches, else undefined; an unknown name costs as much time as a wrong password. */
export async function checkPassword(
  db: Queryable,
  passwords: Passwords,
  name: string,
  password: string,
): Promise<StaffAccount | undefined> {
  const row = await passwordHashOf(db, name);
  const matches = await passwords.verify(password, row?.hash);
  return row && matches ? { name: row.name, role: row.role } : undefined;
}

export async function openSession(db: Database, account: StaffAccount, now: Date): Promise<SignedIn> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    // Sessions that ended long ago are dropped as new ones start, so the table never grows without bound.
    await tx.query('DELETE FROM staff_sessions WHERE expires_at < $1', [now]);
    await tx.query('INSERT INTO staff_sessions (token_hash, staff_name, expires_at) VALUES ($1, $2, $3)', [
      hashToken(token),
      account.name,
      expires,
    ]);
  });
  return { ...account, expires_at: expires.toISOString(), token };
}

export async function findSession(db: Queryable, token: string, now: Date): Promise<FoundSession | undefined> {
  const tokenHash = hashToken(token);
  const [row] = await db.query<{ name: string; role: StaffRole; expires_at: Date | string }>(
    `SELECT a.name, a.role, s.expires_at
     FROM staff_sessions s JOIN staff_accounts a ON a.name = s.staff_name
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, now],
  );
  return row && { name: row.name, role: row.role, expires_at: new Date(row.expires_at).toISOString(), tokenHash };
}

/** Of these sessions (token hashes), the ones still open at `now`. */
export async function openSessions(db: Queryable, tokenHashes: readonly string[], now: Date): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db.query<{ token_hash: string }>(
    'SELECT token_hash FROM staff_sessions WHERE token_hash = ANY ($1::text[]) AND expires_at > $2',
    [[...tokenHashes], now],
  );
  return new Set(rows.map((row) => row.token_hash));
}

/** Signing out ends this session and closes its live streams. */
export async function closeSession(db: Database, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ staff_name: string }>(
      'DELETE FROM staff_sessions WHERE token_hash = $1 RETURNING staff_name',
      [hashToken(token)],
    );
    if (row) await recordEvent(tx, { type: SESSIONS_ENDED_EVENT, payload: { name: row.staff_name } });
  });
}
