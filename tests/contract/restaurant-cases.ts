// The restaurant's profile (contract v1.2): anyone with the token reads it, only a manager changes it, and bad values are named.
import { expect } from 'vitest';
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import type { Call } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, withCookie } from './staff-cases';

const put = (body: unknown): Call => ({ method: 'PUT', path: 'staff/restaurant', body });

const PROFILE: Restaurant = {
  name: 'Casa Ámbar',
  currency: 'EUR',
  locale: 'es-ES',
  languages: ['es', 'en'],
  time_zone: 'Europe/Madrid',
  public_url: 'https://pedidos.example.com',
  tax: { rate: 0.1, included: true },
  service_charge: { rate: 0.05, applies_to: 'food' },
  tips: { presets: [0.05, 0.1], custom: true },
  day_starts_at: '05:00',
};

export const restaurantCases: ContractCase[] = [
  {
    name: 'restaurant: anyone with the token reads the profile; without it 401',
    async run(client) {
      const profile = await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema);
      expect(profile.languages.length).toBeGreaterThan(0);
      await client.expectError({ path: 'restaurant', auth: false }, 401);
    },
  },
  {
    name: 'restaurant: only a manager changes it (401 signed out, 403 for the kitchen), and the change is what everyone reads',
    async run(client) {
      const before = await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema);
      await refused(client, put(PROFILE), 401, 'unauthorized');
      await refused(client, withCookie(await asCook(client), put(PROFILE)), 403, 'forbidden');
      const manager = await asManager(client);
      try {
        const saved = await client.expectOk(withCookie(manager, put(PROFILE)), 200, restaurantSchema);
        expect(saved).toEqual(PROFILE);
        expect(await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema)).toEqual(PROFILE);
      } finally {
        await client.expectOk(withCookie(manager, put(before)), 200, restaurantSchema);
      }
    },
  },
  {
    name: 'restaurant: bad values are 422 naming each field, and nothing changes',
    async run(client) {
      const before = await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema);
      const manager = await asManager(client);
      const bad = {
        ...PROFILE,
        currency: 'XYZ',
        time_zone: 'Mars/Olympus_Mons',
        locale: 'not a locale',
        tax: { rate: -0.1, included: true },
        day_starts_at: '25:00',
        public_url: 'https://example.com/menu',
      };
      await refused(client, withCookie(manager, put(bad)), 422, 'invalid', [
        'locale',
        'tax.rate',
        'day_starts_at',
        'public_url',
      ]);
      // What only the runtime knows is checked once the shape is right.
      await refused(
        client,
        withCookie(manager, put({ ...PROFILE, currency: 'XYZ', time_zone: 'Mars/Base' })),
        422,
        'invalid',
        ['currency', 'time_zone'],
      );
      await refused(client, withCookie(manager, put({ ...PROFILE, languages: ['es', 'es'] })), 422, 'invalid', [
        'languages',
      ]);
      await client.expectError({ ...withCookie(manager, put(PROFILE)), body: undefined, rawBody: '{"name":' }, 400);
      expect(await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema)).toEqual(before);
    },
  },
];
