// Table sessions on the provider's live streams: a guest's service request reaches staff/events, and never a guest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../server/live/event-store';
import type { RunningProvider } from '../../server/start';
import { serviceRequestSchema } from '../../contract/orders';
import { openSse } from '../support/sse-reader';
import { callApi, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };

describe('table sessions on the live streams', { timeout: 60_000 }, () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ manager: MANAGER, live: { heartbeatMs: 1_000 } });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('a waiter call and its closing reach staff/events as request events; a guest stream hears neither', async () => {
    const signIn = await callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify(MANAGER) });
    const cookie = /staff_session=[^;]+/.exec(signIn.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
    const [table] = await provider.db.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = 3');
    const staffStream = await openSse(provider.url, { path: 'staff/events', headers: { Cookie: cookie } });
    const guestStream = await openSse(provider.url);
    try {
      const asked = await callApi(provider.url, 'table/requests', {
        method: 'POST',
        body: JSON.stringify({ kind: 'waiter' }),
        headers: { 'X-Table-Key': table?.table_key ?? '' },
      });
      expect(asked.status).toBe(201);
      const request = serviceRequestSchema.parse(await asked.json());
      const heard = await staffStream.waitFor((event) => event.type === 'request');
      expect(serviceRequestSchema.parse(heard.data)).toMatchObject({ id: request.id, table_id: 3, done_at: null });

      const done = await callApi(provider.url, `staff/requests/${request.id}/done`, {
        method: 'POST',
        headers: { Cookie: cookie },
      });
      expect(done.status).toBe(200);
      const closed = await staffStream.waitFor(
        (event) => event.type === 'request' && (event.data as { done_at?: unknown }).done_at != null,
      );
      expect(closed.data).toMatchObject({ id: request.id });

      // A later public event reaches the guest stream in id order: had a request event been sent, it came first.
      await provider.db.transaction((tx) =>
        recordEvent(tx, { type: 'menu', payload: { menu_id: 33, available: true, prep_minutes: 12 } }),
      );
      await guestStream.waitFor((event) => event.type === 'menu');
      expect(guestStream.events.some((event) => event.type === 'request')).toBe(false);
    } finally {
      staffStream.close();
      guestStream.close();
    }
  });
});
