// The secret order keys are made from: PROVIDER_SECRET when set, otherwise made once and kept in the database, so
// every provider process on one database, and every restart, answers the same key for the same order.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { MIN_SECRET_LENGTH } from './order-access';

const SETTING = 'order_key_secret';

export async function loadProviderSecret(db: Queryable, configured?: string): Promise<string> {
  if (configured !== undefined) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`PROVIDER_SECRET must be at least ${MIN_SECRET_LENGTH} characters (128 bits or more)`);
    }
    return configured;
  }
  // Two processes starting together: one insert wins, and both read the winner's secret.
  await db.query('INSERT INTO provider_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SETTING,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM provider_settings WHERE name = $1', [SETTING]);
  if (!row) throw new Error('The provider secret could not be stored');
  return row.value;
}
