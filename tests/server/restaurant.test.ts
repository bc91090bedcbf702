// The restaurant's profile on the provider: kept across restarts, PROVIDER_PUBLIC_URL as its first address, and a change sent live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantSchema } from '../../contract/restaurant';
import type { RunningProvider } from '../../server/start';
import { DEFAULT_RESTAURANT } from '../../server/restaurant/restaurant-store';
import { openSse } from '../support/sse-reader';
import { callApi, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };

async function signIn(url: string): Promise<string> {
  const answer = await callApi(url, 'staff/session', { method: 'POST', body: JSON.stringify(MANAGER) });
  expect(answer.status).toBe(201);
  return /staff_session=[^;]+/.exec(answer.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
}

describe('the restaurant profile', () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ manager: MANAGER, publicUrl: 'https://order.example.com' });
  });
  afterAll(() => provider.close());

  it('starts from the defaults with the configured public address, and sends a change to guests’ streams', async () => {
    const first = restaurantSchema.parse(await (await callApi(provider.url, 'restaurant')).json());
    expect(first).toEqual({ ...DEFAULT_RESTAURANT, public_url: 'https://order.example.com' });

    const guest = await openSse(provider.url);
    try {
      const cookie = await signIn(provider.url);
      const changed = { ...first, name: 'Casa Ámbar', currency: 'EUR', locale: 'es-ES' };
      const answer = await callApi(provider.url, 'staff/restaurant', {
        method: 'PUT',
        headers: { Cookie: cookie },
        body: JSON.stringify(changed),
      });
      expect(answer.status).toBe(200);
      const event = await guest.waitFor((e) => e.type === 'restaurant');
      expect(restaurantSchema.parse(event.data)).toEqual(changed);
      expect(event.id).toBeGreaterThan(0);
    } finally {
      guest.close();
    }
  });
});
