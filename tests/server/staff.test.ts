// The staff side's own guarantees: event rows with every change, hashed passwords and sessions, bootstrap accounts.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/orders';
import type { RunningProvider } from '../../server/start';
import { openSse } from '../support/sse-reader';
import type { NewOrder } from '../../contract/orders';
import {
  callApi,
  fetchOrder,
  freshPgliteDir,
  placeOrder,
  SAMPLE_ORDER,
  startTestProvider,
  TEST_PASSWORD_COST,
} from './helpers';
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

// One provider for the tests that do not restart it: each looks only at the orders, events and accounts it made.
describe('staff provider', { timeout: 120_000 }, () => {
  let provider: RunningProvider;
  beforeAll(async () => {
    provider = await startTestProvider({ manager: MANAGER });
  });
  afterAll(async () => {
    await provider?.close();
  });

  it("a staff session reads any order without its key, and follows every order's moves on staff/events", async () => {
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
    const cookie = await signIn(provider.url, MANAGER);
    const board = await openSse(provider.url, { path: 'staff/events', headers: { Cookie: cookie } });
    try {
      expect(board.status).toBe(200);
      const order = await placeOrder(provider.url, await orderWithChoices(provider));
      const placed = await board.waitFor((e) => e.type === 'order');
      // The placing statement writes this event in SQL: the very order the guest was answered, choices and all, plus
      // what only the kitchen reads (stations, allergens, the guest's name), which the guest's schema leaves out.
      const { order_key: _key, ...answered } = order;
      expect(answered.items.some((line) => (line.choices ?? []).length > 0)).toBe(true);
      expect(orderSchema.parse(placed.data)).toEqual(answered);
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
    const cookie = await signIn(provider.url, MANAGER);
    const [{ since } = { since: 0 }] = await provider.db.query<{ since: number }>(
      'SELECT coalesce(max(id), 0)::int AS since FROM events',
    );
    const moved = await placeOrder(provider.url);
    const cancelled = await placeOrder(provider.url);
    const move = (from: string, to: string) =>
      staffCall(provider.url, cookie, `staff/orders/${moved.orderID}/status`, {
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
      // The sign-in's own bookkeeping is no change anyone follows.
      "SELECT type, order_id, payload FROM events WHERE id > $1 AND type <> 'sessions_ended' ORDER BY id",
      [since],
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
    const cookie = await signIn(provider.url, MANAGER);
    await staffCall(provider.url, cookie, 'staff/accounts', {
      method: 'POST',
      body: JSON.stringify({ name: 'sam', password: MANAGER.password, role: 'kitchen' }),
    });
    const hashes = await provider.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM staff_accounts WHERE name IN ('manager', 'sam')",
    );
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

    // Ends every session: the last test of the shared provider.
    await provider.db.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second'");
    expect((await staffCall(provider.url, cookie, 'staff/session')).status).toBe(401);
  });
});

// Three starts of a provider on disk take a while on a busy 2-core machine: a generous limit, nothing timed.
describe('staff accounts across restarts', { timeout: 120_000 }, () => {
  let provider: RunningProvider | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  it('creates a demo manager and cook once; sessions survive a restart, but not a new PROVIDER_MANAGER_PASSWORD', async () => {
    const dir = await freshPgliteDir('staff-bootstrap');
    try {
      const options = { storage: { kind: 'pglite', dataDir: dir.path } as const, passwordCost: TEST_PASSWORD_COST };
      provider = await startProvider({ ...options, demoStaff: true });
      const created = provider.createdStaff;
      expect(created.map(({ name, role }) => ({ name, role }))).toEqual([
        { name: 'manager', role: 'manager' },
        { name: 'cook', role: 'kitchen' },
      ]);
      const cookie = await signIn(provider.url, created[1] ?? MANAGER);
      const managerCookie = await signIn(provider.url, created[0] ?? MANAGER);
      await provider.close();

      provider = await startProvider({ ...options, demoStaff: true });
      expect(provider.createdStaff).toEqual([]);
      const who = await staffCall(provider.url, cookie, 'staff/session');
      expect(await who.json()).toMatchObject({ name: 'cook', role: 'kitchen' });
      expect((await staffCall(provider.url, managerCookie, 'staff/session')).status).toBe(200);
      await provider.close();

      // A configured manager password replaces the demo one.
      provider = await startProvider({
        ...options,
        demoStaff: true,
        manager: { name: 'manager', password: 'a-real-password' },
      });
      await signIn(provider.url, { name: 'manager', password: 'a-real-password' });
      const old = await callApi(provider.url, 'staff/session', {
        method: 'POST',
        body: JSON.stringify({ name: 'manager', password: created[0]?.password }),
      });
      expect(old.status).toBe(401);
      // A new PROVIDER_MANAGER_PASSWORD is a reset: the sessions opened with the old one have ended; others have not.
      expect((await staffCall(provider.url, managerCookie, 'staff/session')).status).toBe(401);
      expect((await staffCall(provider.url, cookie, 'staff/session')).status).toBe(200);
    } finally {
      await provider?.close();
      provider = undefined;
      await dir.remove();
    }
  });

  it('a first start that fails (its port taken) keeps no account whose password nobody saw', async () => {
    const dir = await freshPgliteDir('staff-failed-start');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const options = { storage: { kind: 'pglite', dataDir: dir.path } as const, passwordCost: TEST_PASSWORD_COST };
      const port = (busy.address() as AddressInfo).port;
      await expect(startProvider({ ...options, demoStaff: true, port })).rejects.toThrow(/EADDRINUSE/);

      provider = await startProvider({ ...options, demoStaff: true });
      const created = provider.createdStaff;
      expect(created.map(({ name }) => name)).toEqual(['manager', 'cook']);
      await signIn(provider.url, created[0] ?? MANAGER);
    } finally {
      busy.close();
      await provider?.close();
      provider = undefined;
      await dir.remove();
    }
  });
});
