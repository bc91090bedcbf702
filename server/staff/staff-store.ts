// Staff accounts and their sessions in the database, so every provider process accepts a session and restarts keep it.
import { createHash, randomBytes } from 'node:crypto';
import type { StaffAccount, StaffRole, StaffSession } from '../../contract/staff';
import type { Database, Queryable } from '../db/database';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { accountExists, accountNotFound } from './staff-errors';
import { noteStaff } from '../ops/request-context';

/** How long a session lasts from sign-in: one long service. */
export const SESSION_HOURS = 12;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SignedIn extends StaffSession {
  /** The cookie's value; only its hash is stored. */
  token: string;
}

export function listAccounts(db: Queryable): Promise<StaffAccount[]> {
  return db.query<StaffAccount>('SELECT name, role FROM staff_accounts ORDER BY role DESC, name');
}

export async function countAccounts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM staff_accounts');
  return row?.count ?? 0;
}

export async function addAccount(db: Queryable, name: string, password: string, role: StaffRole) {
  const hash = await hashPassword(password);
  const rows = await db.query<StaffAccount>(
    `INSERT INTO staff_accounts (name, role, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO NOTHING RETURNING name, role`,
    [name, role, hash],
  );
  if (!rows[0]) throw accountExists(name);
  return rows[0];
}

/** Creates the account, or gives an existing one this password and role (the bootstrap manager). */
export async function upsertAccount(db: Queryable, name: string, password: string, role: StaffRole): Promise<void> {
  await db.query(
    `INSERT INTO staff_accounts (name, role, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET role = EXCLUDED.role, password_hash = EXCLUDED.password_hash`,
    [name, role, await hashPassword(password)],
  );
}

/** Removing an account ends its sessions (ON DELETE CASCADE) in the same statement. */
export async function removeAccount(db: Queryable, name: string): Promise<void> {
  const rows = await db.query('DELETE FROM staff_accounts WHERE name = $1 RETURNING name', [name]);
  if (rows.length === 0) throw accountNotFound(name);
}

/** The account when the password matches, else undefined; an unknown name costs as much time as a wrong password. */
export async function checkPassword(db: Queryable, name: string, password: string): Promise<StaffAccount | undefined> {
  const [row] = await db.query<StaffAccount & { password_hash: string }>(
    'SELECT name, role, password_hash FROM staff_accounts WHERE name = $1',
    [name],
  );
  const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
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

export async function findSession(db: Queryable, token: string, now: Date): Promise<StaffSession | undefined> {
  const [row] = await db.query<{ name: string; role: StaffRole; expires_at: Date | string }>(
    `SELECT a.name, a.role, s.expires_at
     FROM staff_sessions s JOIN staff_accounts a ON a.name = s.staff_name
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  if (row) noteStaff(row.name);
  return row && { name: row.name, role: row.role, expires_at: new Date(row.expires_at).toISOString() };
}

export async function closeSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hashToken(token)]);
}
