// Makes sure someone can sign in: the configured manager, or on a first demo start a manager and a cook.
import type { StaffRole } from '../../contract/staff';
import type { Database, Queryable } from '../db/database';
import { randomPassword, type Passwords } from './passwords';
import { endSessions } from './staff-store';

export interface StaffBootstrap {
  /** From PROVIDER_MANAGER_NAME / PROVIDER_MANAGER_PASSWORD: this manager exists with this password. */
  manager?: { name: string; password: string };
  /** With no manager configured and no account at all: create demo accounts with random passwords. */
  demoAccounts?: boolean;
}

export interface CreatedAccount {
  name: string;
  role: StaffRole;
  /** Shown once, when created; only its hash is kept. */
  password: string;
}

async function countAccounts(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM staff_accounts');
  return row?.count ?? 0;
}

// Any constant: the same for every provider process sharing one PostgreSQL database.
const BOOTSTRAP_LOCK_KEY = 741_852_964;

/**
 * One process at a time (a transaction-scoped advisory lock), so of two providers started together exactly one makes
 * the demo accounts, and only the passwords that were stored are returned to be shown.
 */
export async function bootstrapStaff(
  db: Database,
  passwords: Passwords,
  options: StaffBootstrap,
): Promise<CreatedAccount[]> {
  const { manager } = options;
  if (!manager && (!options.demoAccounts || (await countAccounts(db)) > 0)) return [];
  const created: CreatedAccount[] = manager
    ? []
    : [
        { name: 'manager', role: 'manager', password: randomPassword() },
        { name: 'cook', role: 'kitchen', password: randomPassword() },
      ];
  // Worked out before the lock is taken, so the transaction holding it stays short.
  const hashes = await Promise.all(created.map((account) => passwords.hash(account.password)));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK_KEY]);
    if (manager) {
      const [row] = await tx.query<{ role: StaffRole; password_hash: string }>(
        'SELECT role, password_hash FROM staff_accounts WHERE name = $1',
        [manager.name],
      );
      if (row?.role === 'manager' && (await passwords.verify(manager.password, row.password_hash))) return [];
      await tx.query(
        `INSERT INTO staff_accounts (name, role, password_hash) VALUES ($1, 'manager', $2)
         ON CONFLICT (name) DO UPDATE SET role = EXCLUDED.role, password_hash = EXCLUDED.password_hash`,
        [manager.name, await passwords.hash(manager.password)],
      );
      // A new PROVIDER_MANAGER_PASSWORD is a reset: sessions opened with the old one end now.
      if (row) await endSessions(tx, manager.name);
      return [];
    }
    // Another process may have made them while this one waited for the lock.
    if ((await countAccounts(tx)) > 0) return [];
    for (const [index, account] of created.entries()) {
      await tx.query('INSERT INTO staff_accounts (name, role, password_hash) VALUES ($1, $2, $3)', [
        account.name,
        account.role,
        hashes[index],
      ]);
    }
    return created;
  });
}

/**
 * Removes the demo accounts a start made when that start then failed (its port busy, say): their passwords were never
 * shown, and leaving them would make the next start say the accounts exist. Only while they are the only accounts.
 */
export async function withdrawCreatedAccounts(db: Queryable, created: readonly CreatedAccount[]): Promise<void> {
  if (created.length === 0) return;
  const names = created.map((account) => account.name);
  await db.query(
    `DELETE FROM staff_accounts
     WHERE name = ANY ($1::text[]) AND NOT EXISTS (SELECT FROM staff_accounts WHERE name <> ALL ($1::text[]))`,
    [names],
  );
}
