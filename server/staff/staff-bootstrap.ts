// Makes sure someone can sign in: the configured manager, or on a first demo start a manager and a cook.
import type { StaffRole } from '../../contract/staff';
import type { Queryable } from '../db/database';
import { randomPassword, type ScryptCost } from './passwords';
import { countAccounts, upsertAccount } from './staff-store';

export interface StaffBootstrap {
  /** From PROVIDER_MANAGER_NAME / PROVIDER_MANAGER_PASSWORD: this manager exists with this password. */
  manager?: { name: string; password: string };
  /** With no manager configured and no account at all: create demo accounts with random passwords. */
  demoAccounts?: boolean;
  passwordCost?: ScryptCost;
}

export interface CreatedAccount {
  name: string;
  role: StaffRole;
  /** Shown once, when created; only its hash is kept. */
  password: string;
}

export async function bootstrapStaff(db: Queryable, options: StaffBootstrap): Promise<CreatedAccount[]> {
  if (options.manager) {
    await upsertAccount(db, options.manager.name, options.manager.password, 'manager', options.passwordCost);
    return [];
  }
  if (!options.demoAccounts || (await countAccounts(db)) > 0) return [];
  const created: CreatedAccount[] = [
    { name: 'manager', role: 'manager', password: randomPassword() },
    { name: 'cook', role: 'kitchen', password: randomPassword() },
  ];
  for (const account of created) {
    await upsertAccount(db, account.name, account.password, account.role, options.passwordCost);
  }
  return created;
}
