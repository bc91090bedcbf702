// The restaurant's profile in the database: read by every screen, written by its manager with a live `restaurant` event.
import type { Restaurant } from '../../contract/restaurant';
import type { Queryable } from '../db/database';
import { recordEvent } from '../live/event-store';

/** What a restaurant that never opened its Settings is: the demo's name and the app's build-time defaults. */
export const DEFAULT_RESTAURANT: Restaurant = {
  name: 'Amber Table',
  currency: 'USD',
  locale: 'en-US',
  languages: ['en', 'es', 'ar'],
  time_zone: 'UTC',
  public_url: null,
  tax: { rate: 0, included: true },
  service_charge: null,
  tips: { presets: [0.1, 0.15, 0.2], custom: true },
  day_starts_at: '04:00',
};

/** The profile; the defaults until a row exists (a provider started before the table was made, or a test). */
export async function readRestaurant(q: Queryable): Promise<Restaurant> {
  const [row] = await q.query<{ profile: Restaurant | string }>('SELECT profile FROM restaurant WHERE id = 1');
  if (!row) return DEFAULT_RESTAURANT;
  // PGlite answers jsonb parsed; pg too, unless a type parser says otherwise: accept both.
  const profile = typeof row.profile === 'string' ? (JSON.parse(row.profile) as Restaurant) : row.profile;
  return { ...DEFAULT_RESTAURANT, ...profile };
}

/**
 * Makes sure the profile row exists (the defaults, or `initial` for a new restaurant), and gives it a public address
 * when it has none and one is configured (PROVIDER_PUBLIC_URL). Safe to run at every start, by every process.
 */
export async function ensureRestaurant(q: Queryable, initial: Partial<Restaurant> = {}): Promise<void> {
  await q.query('INSERT INTO restaurant (id, profile) VALUES (1, $1::jsonb) ON CONFLICT (id) DO NOTHING', [
    JSON.stringify({ ...DEFAULT_RESTAURANT, ...initial }),
  ]);
  if (initial.public_url) {
    await q.query(
      `UPDATE restaurant SET profile = jsonb_set(profile, '{public_url}', to_jsonb($1::text)), updated_at = now()
       WHERE id = 1 AND (profile->>'public_url') IS NULL`,
      [initial.public_url],
    );
  }
}

/** Replaces the profile and tells every open screen, in one transaction (call it inside one). */
export async function writeRestaurant(tx: Queryable, profile: Restaurant): Promise<Restaurant> {
  await tx.query(
    `INSERT INTO restaurant (id, profile, updated_at) VALUES (1, $1::jsonb, now())
     ON CONFLICT (id) DO UPDATE SET profile = EXCLUDED.profile, updated_at = now()`,
    [JSON.stringify(profile)],
  );
  await recordEvent(tx, { type: 'restaurant', payload: profile });
  return profile;
}
