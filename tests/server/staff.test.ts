// The staff side's own guarantees: event rows with every change, hashed passwords and sessions, bootstrap accounts.
import { afterEach, describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/guest';
import type { RunningProvider } from '../../server/start';
import { openSse } from '../support/sse-reader';
import type { NewOrder } from '../../contract/guest';
import { callApi, fetchOrder, placeOrder, restartableDatabase, SAMPLE_ORDER, startTestProvider } from './helpers';
import { startProvider } from '../../server/start';

const MANAGER = { name: 'manager', password: 'manager-password' };

async function signIn(url: string, account: { name: string; password: string }): Promise<string> {
  const response = await callApi(url, 'staff/session', { method: 'POST', body: JSON.stringify(account) });
  expect(response.status).toBe(201);
  return /staff_session=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
}

/** SAMPLE_ORDER plus a dish with options, its groups' choices picked from the database as a guest would. */
async function orderWithChoices(provider: RunningProvider): Promise<NewOrder> {
  const groups = await provider.db.query<{ menu_id: number; min: number; max: number; choices: number[] }>(
    `SELECT g.menu_id, g.min, g.max, array_agg(c.id ORDER BY c.sort, c.id) AS choices
     FROM option_groups g JOIN option_choices c ON c.group_id = g.id AND c.available
     WHERE g.menu_id = (SELECT min(menu_id) FROM option_groups)
     GROUP BY g.id ORDER BY g.sort, g.id`,
  );
  const picked = groups.flatMap((group) => group.choices.slice(0, Math.min(group.max, Math.max(group.min, 1))));
  const menuId = groups[0]?.menu_id ?? 0;
  return { ...SAMPLE_ORDER, items: [...SAMPLE_ORDER.items, { menu_id: menuId, quantity: 3, choices: picked }] };
}

const staffCall = (url: string, cookie: string, path: string, init: RequestInit = {}) =>
  callApi(url, path, { ...init, headers: { Cookie: cookie, ...init.headers } });

describe('staff provider', () => {
  let provider: RunningProvider | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  it("a staff session reads any order without its key, and follows every order's moves on staff/events", async () => {
    provider = await startTestProvider({ manager: MANAGER });
    const cookie = await signIn(provider.url, MANAGER);
    const order = await placeOrder(provider.url);
    const read = await staffCall(provider.url, cookie, `orders?orderID=${order.orderID}`);
    expect(read.status).toBe(200);
    // Without the session or the key, the same read is the 404 of an unknown order.
    expect(await fetchOrder(provider.url, { orderID: order.orderID })).toBeUndefined();
    const board = await openSse(provider.url, { path: 'staff/events', headers: { Cookie: cookie } });
    try {
      expect(board.status).toBe(200);
      await staffCall(provider.url, cookie, `staff/orders/${order.orderID}/status`, {
        method: 'POST',
        body: JSON.stringify({ from: 'received', to: 'preparing' }),
      });
      const event = await board.waitFor((e) => e.type === 'order');
      expect(event.data).toEqual(expect.objectContaining({ orderID: order.orderID, status: 'preparing' }));
    } finally {
      board.close();
    }
  });

  it('staff/events carries a new order as it is placed, and each line a guest adds or removes', async () => {
    provider = await startTestProvider({ manager: MANAGER });
    const cookie = await signIn(provider.url, MANAGER);
    const board = await openSse(provider.url, { path: 'staff/events', headers: { Cookie: cookie } });
    try {
      expect(board.status).toBe(200);
      const order = await placeOrder(provider.url, await orderWithChoices(provider));
      const placed = await board.waitFor((e) => e.type === 'order');
      // The placing statement writes this event in SQL: the very order the guest was answered, choices and all.
      const { order_key: _key, ...answered } = order;
      expect(answered.items.some((line) => (line.choices ?? []).length > 0)).toBe(true);
      expect(placed.data).toEqual(answered);
      const guest = { 'X-Order-Key': order.order_key ?? '' };
      const added = await callApi(provider.url, 'menu', {
        method: 'POST',
        headers: guest,
        body: JSON.stringify({ orderID: order.orderID, menu_id: 34, quantity: 1 }),
      });
      expect(added.status).toBe(201);
      const grown = await board.waitFor(
        (e) => e.type === 'order' && (e.data as { items: unknown[] }).items.length === 4,
      );
      const lines = (grown.data as { items: { line_id: number; menu_id: number }[] }).items;
      const lineId = lines.find((line) => line.menu_id === 34)?.line_id;
      const seen = board.events.length;
      const removed = await callApi(provider.url, `menu?orderID=${order.orderID}&line_id=${lineId}`, {
        method: 'DELETE',
        headers: guest,
      });
      expect(removed.status).toBe(200);
      const shrunk = await board.waitFor(
        (e) => e.type === 'order' && (e.data as { items: unknown[] }).items.length === 3,
        15_000,
        seen,
      );
      expect(shrunk.data).toEqual(expect.objectContaining({ orderID: order.orderID }));
    } finally {
      board.close();
    }
  });

  it('writes an event row with every new order, status change, cancel and availability change, and none for a refused one', async () => {
    provider = await startTestProvider({ manager: MANAGER });
    const cookie = await signIn(provider.url, MANAGER);
    const moved = await placeOrder(provider.url);
    const cancelled = await placeOrder(provider.url);
    const move = (from: string, to: string) =>
      staffCall(provider!.url, cookie, `staff/orders/${moved.orderID}/status`, {
        method: 'POST',
        body: JSON.stringify({ from, to }),
      });
    expect((await move('received', 'preparing')).status).toBe(200);
    expect((await move('received', 'preparing')).status).toBe(409);
    const cancel = await staffCall(provider.url, cookie, `staff/orders/${cancelled.orderID}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Out of burrata' }),
    });
    expect(orderSchema.parse(await cancel.json()).cancel_reason).toBe('Out of burrata');
    await staffCall(provider.url, cookie, 'staff/menu/21', {
      method: 'PATCH',
      body: JSON.stringify({ available: false }),
    });
    await provider.kitchen.advance(moved.orderID);

    const events = await provider.db.query<{ type: string; order_id: string | null; payload: Record<string, unknown> }>(
      'SELECT type, order_id, payload FROM events ORDER BY id',
    );
    expect(events).toEqual([
      // Each order as it is placed, so the kitchen board hears of it.
      {
        type: 'order',
        order_id: moved.orderID,
        payload: expect.objectContaining({ orderID: moved.orderID, status: 'received' }),
      },
      {
        type: 'order',
        order_id: cancelled.orderID,
        payload: expect.objectContaining({ orderID: cancelled.orderID, status: 'received' }),
      },
      {
        type: 'order',
        order_id: moved.orderID,
        payload: expect.objectContaining({ orderID: moved.orderID, status: 'preparing' }),
      },
      {
        type: 'order',
        order_id: cancelled.orderID,
        payload: expect.objectContaining({ status: 'cancelled', cancel_reason: 'Out of burrata' }),
      },
      { type: 'menu', order_id: null, payload: expect.objectContaining({ menu_id: 21, available: false }) },
      {
        type: 'order',
        order_id: moved.orderID,
        payload: expect.objectContaining({ orderID: moved.orderID, status: 'ready' }),
      },
    ]);
  });

  it('keeps only salted scrypt hashes of passwords and hashes of session tokens; an expired session is refused', async () => {
    provider = await startTestProvider({ manager: MANAGER });
    const cookie = await signIn(provider.url, MANAGER);
    await staffCall(provider.url, cookie, 'staff/accounts', {
      method: 'POST',
      body: JSON.stringify({ name: 'sam', password: MANAGER.password, role: 'kitchen' }),
    });
    const hashes = await provider.db.query<{ password_hash: string }>('SELECT password_hash FROM staff_accounts');
    expect(hashes).toHaveLength(2);
    for (const { password_hash } of hashes) {
      expect(password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
      expect(password_hash).not.toContain(MANAGER.password);
    }
    // The same password, two different salts.
    expect(hashes[0]?.password_hash).not.toBe(hashes[1]?.password_hash);
    const token = cookie.split('=')[1] ?? '';
    const stored = await provider.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions');
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    await provider.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second'");
    expect((await staffCall(provider.url, cookie, 'staff/session')).status).toBe(401);
  });

  it('creates a demo manager and cook once, on a first start without PROVIDER_MANAGER_PASSWORD; sessions survive a restart', async () => {
    const data = await restartableDatabase();
    try {
      provider = await startProvider({ database: data.database, demoStaff: true });
      const created = provider.createdStaff;
      // The real cost (OWASP's floor), which other tests lower to save time.
      const hashes = await provider.db.query<{ password_hash: string }>('SELECT password_hash FROM staff_accounts');
      expect(hashes.map(({ password_hash }) => password_hash.split('$').slice(0, 4).join('$'))).toEqual([
        'scrypt$32768$8$1',
        'scrypt$32768$8$1',
      ]);
      expect(created.map(({ name, role }) => ({ name, role }))).toEqual([
        { name: 'manager', role: 'manager' },
        { name: 'cook', role: 'kitchen' },
      ]);
      const cookie = await signIn(provider.url, created[1] ?? MANAGER);
      await provider.close();

      provider = await startProvider({ database: data.database, demoStaff: true });
      expect(provider.createdStaff).toEqual([]);
      const who = await staffCall(provider.url, cookie, 'staff/session');
      expect(await who.json()).toMatchObject({ name: 'cook', role: 'kitchen' });
      await provider.close();

      // A configured manager password replaces the demo one.
      provider = await startProvider({
        database: data.database,
        demoStaff: true,
        manager: { name: 'manager', password: 'a-real-password' },
      });
      await signIn(provider.url, { name: 'manager', password: 'a-real-password' });
      const old = await callApi(provider.url, 'staff/session', {
        method: 'POST',
        body: JSON.stringify({ name: 'manager', password: created[0]?.password }),
      });
      expect(old.status).toBe(401);
    } finally {
      await provider?.close();
      provider = undefined;
      await data.dispose();
    }
  });
});
