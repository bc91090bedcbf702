// Live events on one provider (PGlite): who gets which event, replay after a reconnect, resync, heartbeats, the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../server/live/event-store';
import type { RunningProvider } from '../../server/start';
import { errorBodySchema, summarySchema } from '../../contract/guest';
import { orderSchema } from '../../contract/orders';
import { openSse, type LiveEvent, type SseReader } from '../support/sse-reader';
import { placeOrder, startTestProvider } from './helpers';

const isOrder = (orderID: string, status?: string) => (event: LiveEvent) =>
  event.type === 'order' &&
  (event.data as { orderID?: string }).orderID === orderID &&
  (status === undefined || (event.data as { status?: string }).status === status);

/** Marks a dish sold out the way the console does: the change and its event in one transaction. */
async function setAvailable(provider: RunningProvider, menuId: number, available: boolean): Promise<void> {
  await provider.db.transaction(async (tx) => {
    const [row] = await tx.query<{ prep_minutes: number }>(
      'UPDATE menu_items SET available = $2 WHERE id = $1 RETURNING prep_minutes',
      [menuId, available],
    );
    await recordEvent(tx, { type: 'menu', payload: { menu_id: menuId, available, prep_minutes: row?.prep_minutes } });
  });
}

describe('live events', () => {
  let provider: RunningProvider;
  const open: SseReader[] = [];
  const watch = async (...args: Parameters<typeof openSse>) => {
    const reader = await openSse(...args);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    provider = await startTestProvider({
      live: { heartbeatMs: 40, maxStreams: 6, replayLimit: 3, summaryEveryMs: 50 },
    });
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await provider.close();
  });

  it("sends an order's moves to that order's stream only, as whole orders with increasing ids", async () => {
    const mine = await placeOrder(provider.url);
    const other = await placeOrder(provider.url);
    const guest = await watch(provider.url, { orderID: mine.orderID, orderKey: mine.order_key });
    const otherGuest = await watch(provider.url, { orderID: other.orderID, orderKey: other.order_key });
    const publicOnly = await watch(provider.url);
    expect(guest.status).toBe(200);

    await provider.kitchen.advance(mine.orderID);
    await provider.kitchen.advance(mine.orderID);
    await provider.kitchen.advance(other.orderID);

    const ready = await guest.waitFor(isOrder(mine.orderID, 'ready'));
    const preparing = await guest.waitFor(isOrder(mine.orderID, 'preparing'));
    expect(orderSchema.parse(ready.data).items).toEqual(mine.items);
    expect(ready.id).toBeGreaterThan(preparing.id ?? Infinity);
    await otherGuest.waitFor(isOrder(other.orderID, 'preparing'));
    // The public stream hears the kitchen's load change, never anyone's order.
    summarySchema.parse((await publicOnly.waitFor((event) => event.type === 'summary')).data);
    expect(guest.events.filter((event) => event.type === 'order').map((event) => event.data)).toEqual([
      preparing.data,
      ready.data,
    ]);
    expect(otherGuest.events.some(isOrder(mine.orderID))).toBe(false);
    expect(publicOnly.events.some((event) => event.type === 'order')).toBe(false);
    for (const reader of [guest, otherGuest, publicOnly]) reader.close();
  });

  it('sends a dish going sold out to every stream', async () => {
    const order = await placeOrder(provider.url);
    const guest = await watch(provider.url, { orderID: order.orderID, orderKey: order.order_key });
    const publicOnly = await watch(provider.url);
    await setAvailable(provider, 33, false);
    for (const reader of [guest, publicOnly]) {
      const event = await reader.waitFor((e) => e.type === 'menu');
      expect(event.data).toEqual({ menu_id: 33, available: false, prep_minutes: expect.any(Number) });
    }
    await setAvailable(provider, 33, true);
    await publicOnly.waitFor((e) => e.type === 'menu' && (e.data as { available: boolean }).available);
    guest.close();
    publicOnly.close();
  });

  it('replays what a reconnecting client missed (Last-Event-ID), then carries on live', async () => {
    const order = await placeOrder(provider.url);
    const first = await watch(provider.url, { orderID: order.orderID, orderKey: order.order_key });
    await provider.kitchen.advance(order.orderID);
    const seen = await first.waitFor(isOrder(order.orderID, 'preparing'));
    first.close();

    await provider.kitchen.advance(order.orderID);
    await setAvailable(provider, 47, false);
    const again = await watch(provider.url, {
      orderID: order.orderID,
      orderKey: order.order_key,
      lastEventId: seen.id,
    });
    await again.waitFor((event) => event.type === 'menu');
    expect(again.events.map((event) => [event.type, (event.data as { status?: string }).status])).toEqual([
      ['order', 'ready'],
      ['menu', undefined],
    ]);
    expect(again.events.every((event) => (event.id ?? 0) > (seen.id ?? 0))).toBe(true);

    await provider.kitchen.advance(order.orderID);
    await again.waitFor(isOrder(order.orderID, 'served'));
    await setAvailable(provider, 47, true);
    again.close();
  });

  it('answers resync when the client is too far behind, or names an id this provider never sent', async () => {
    const order = await placeOrder(provider.url);
    const first = await watch(provider.url, { orderID: order.orderID, orderKey: order.order_key });
    await provider.kitchen.advance(order.orderID);
    const seen = await first.waitFor(isOrder(order.orderID));
    first.close();
    // More missed events than the replay limit (3).
    for (const available of [false, true, false, true]) await setAvailable(provider, 12, available);
    const behind = await watch(provider.url, {
      orderID: order.orderID,
      orderKey: order.order_key,
      lastEventId: seen.id,
    });
    const resync = await behind.waitFor((event) => event.type === 'resync');
    expect(resync.id).toBeGreaterThan(seen.id ?? Infinity);
    expect(behind.events.filter((event) => event.type === 'menu')).toEqual([]);

    const future = await watch(provider.url, { lastEventId: 9_000_000 });
    await future.waitFor((event) => event.type === 'resync');
    behind.close();
    future.close();
  });

  it('keeps idle streams open with comment heartbeats', async () => {
    const idle = await watch(provider.url);
    await expect.poll(() => idle.comments, { timeout: 5000 }).toBeGreaterThan(2);
    idle.close();
  });

  it('refuses streams beyond its cap with 503, and frees a place when a client leaves', async () => {
    for (const reader of open) reader.close();
    await expect.poll(() => provider.live.streamCount, { timeout: 5000 }).toBe(0);
    const held = await Promise.all(Array.from({ length: 6 }, () => watch(provider.url)));
    const refused = await watch(provider.url);
    expect(refused.status).toBe(503);
    held[0]?.close();
    await expect.poll(() => provider.live.streamCount, { timeout: 5000 }).toBe(5);
    expect((await watch(provider.url)).status).toBe(200);
    for (const reader of open) reader.close();
    await expect.poll(() => provider.live.streamCount, { timeout: 5000 }).toBe(0);
  });

  it("answers 404 for an order's events without its key or with another order's, as for an unknown order", async () => {
    const [order, other] = [await placeOrder(provider.url), await placeOrder(provider.url)];
    expect((await watch(provider.url, { orderID: order.orderID })).status).toBe(404);
    expect((await watch(provider.url, { orderID: order.orderID, orderKey: other.order_key })).status).toBe(404);
    expect((await watch(provider.url, { orderID: order.orderID, orderKey: order.order_key })).status).toBe(200);
  });

  it.each([
    ['an unknown order', { orderID: 'NOSUCH00' }, 404],
    ['a Last-Event-ID that is not an id', { headers: { 'Last-Event-ID': 'yesterday' } }, 400],
    ['no bearer token', { token: 'wrong' }, 401],
    ['staff events without a staff session', { path: 'staff/events' }, 401],
  ] as const)('answers %s with the contract error', async (_name, options, status) => {
    const response = await fetch(
      `${provider.url}/api/v1/${'path' in options ? options.path : 'events'}${'orderID' in options ? `?orderID=${options.orderID}` : ''}`,
      {
        headers: {
          Authorization: `Bearer ${'token' in options ? options.token : 'demo-token'}`,
          ...('headers' in options ? options.headers : {}),
        },
      },
    );
    expect(response.status).toBe(status);
    errorBodySchema.parse(await response.json());
  });
});

describe('live events from the kitchen at its pace', () => {
  it('streams each step the kitchen takes, and ends every stream when the provider closes', async () => {
    const provider = await startTestProvider({ kitchenSeconds: 0.2 });
    try {
      const order = await placeOrder(provider.url);
      // From the first event on (Last-Event-ID 0): the moves the kitchen made before the stream opened are replayed,
      // so the stream hears every step however long opening it took on a busy machine.
      const guest = await openSse(provider.url, { orderID: order.orderID, orderKey: order.order_key, lastEventId: 0 });
      await guest.waitFor(isOrder(order.orderID, 'served'));
      const statuses = guest.events.filter(isOrder(order.orderID)).map((e) => (e.data as { status: string }).status);
      expect(statuses).toEqual(['received', 'preparing', 'ready', 'served']);
      await provider.close();
      // Ends rather than hangs: close() must not wait for the client to go away.
      await guest.ended;
      expect(provider.live.streamCount).toBe(0);
    } finally {
      await provider.close();
    }
  });
});
