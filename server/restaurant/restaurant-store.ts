// The restaurant's profile. Placeholder answering the defaults until the profile's own store lands on main.
import type { Restaurant } from '../../contract/restaurant';
import type { Queryable } from '../db/database';

const DEFAULTS: Restaurant = {
  name: 'Amber Table',
  currency: 'USD',
  locale: 'en-US',
  languages: ['en', 'es', 'ar'],
  time_zone: 'UTC',
  public_url: 'http://127.0.0.1:4173',
  tax: { rate: 0, included: true },
  service_charge: null,
  tips: null,
  day_starts_at: '04:00',
};

export async function readRestaurant(_q: Queryable): Promise<Restaurant> {
  return DEFAULTS;
}
