// The provider under attack, on one provider whose clock the test moves. Signing in: growing waits per account and
// per address, known devices never held back by guesses made elsewhere, a trusted TLS proxy's Secure cookies and
// addresses. Live streams: each ends with its session; staff have a budget of their own; one client's guest streams are
// bounded; replays read only what a stream may see; old events are deleted. Orders: changes in all, and their size.
// The rules' edges are in sign-in-rules.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/orders';
import { createProviderApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { createOrderKeys } from '../../server/orders/order-access';
import { readStreamEventsAfter } from '../../server/live/event-store';
import type { RunningProvider } from '../../server/start';
import { DEFAULT_THROTTLE } from '../../server/staff/sign-in-throttle';
import { openSse, type SseReader } from '../support/sse-reader';
import { callApi, placeOrder, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };
const LIVE = { maxStreams: 4, maxStaffStreams: 3, maxStreamsPerClient: 2 };
const ORDER_CHANGES = { perMinute: 3, total: 5 };
const MAX_ORDER_BYTES = 4 * 1024;

let provider: RunningProvider;
let nowMs = Date.parse('2030-03-01T12:00:00Z');
const tick = (ms: number) => {
  nowMs += ms;
};

beforeAll(async () => {
  provider = await startTestProvider({
    manager: MANAGER,
    clock: () => new Date(nowMs),
    trustProxy: true,
    orderChanges: ORDER_CHANGES,
    maxOrderBytes: MAX_ORDER_BYTES,
    live: { ...LIVE, heartbeatMs: 100, sessionCheckMs: 50, keepEventsMs: 30 * 60_000, pruneEveryMs: 50 },
  });
});
afterAll(async () => {
  await provider?.close();
});

const signIn = (name: string, password: string, headers: Record<string, string> = {}) =>
  callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify({ name, password }), headers });
const sessionOf = (response: Response) =>
  /staff_session=[^;]+/.exec(response.headers.getSetCookie().join('\n'))?.[0] ?? '';
const asManager = async () => sessionOf(await signIn(MANAGER.name, MANAGER.password));
const staffCall = (cookie: string, path: string, init: RequestInit = {}) =>
  callApi(provider.url, path, { ...init, headers: { Cookie: cookie, ...init.headers } });

async function addCook(name: string): Promise<{ name: string; password: string }> {
  const account = { name, password: `${name}-password` };
  const added = await staffCall(await asManager(), 'staff/accounts', {
    method: 'POST',
    body: JSON.stringify({ ...account, role: 'kitchen' }),
  });
  expect(added.status).toBe(201);
  return account;
}

describe('sign-in throttle (fake clock)', () => {
  const retryAfter = (response: Response) => Number(response.headers.get('Retry-After'));
  const deviceOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('staff_device_'))
      ?.split(';')[0] ?? '';

  it('slows an account down after five failures, 1 s then 2 s then 4 s…, and the right password then signs in', async () => {
    const account = await addCook('ada');
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    const waiting = await signIn(account.name, account.password);
    expect(waiting.status).toBe(429);
    expect(retryAfter(waiting)).toBe(1);

    tick(1_000);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect(retryAfter(await signIn(account.name, 'wrong-guess'))).toBe(2);
    tick(2_000);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect(retryAfter(await signIn(account.name, account.password))).toBe(4);
    tick(4_000);
    expect((await signIn(account.name, account.password)).status).toBe(201);
    // A success starts the count again: five more tries before any wait.
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
    expect((await signIn(account.name, 'wrong-guess')).status).toBe(429);
  });

  it('never waits longer than the longest delay, and forgets failures after an hour without one', async () => {
    const account = await addCook('bo');
    let waited = 0;
    for (let round = 0; round < 40; round++) {
      const answer = await signIn(account.name, 'wrong-guess');
      if (answer.status === 429) {
        waited = Math.max(waited, retryAfter(answer));
        tick(retryAfter(answer) * 1000);
      }
    }
    expect(waited).toBe(DEFAULT_THROTTLE.account.maxDelayMs / 1000);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(account.name, 'wrong-guess')).status).toBe(401);
  });

  it('thirty failures from one address slow that address down, but not a device that signed in before', async () => {
    const account = await addCook('cy');
    const known = await signIn(account.name, account.password);
    const device = deviceOf(known);
    expect(device).toMatch(/^staff_device_[\w-]+=[\w-]+\.[\w-]+$/);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`nobody-${attempt}`, 'wrong-guess')).status).toBe(401);
    }
    // Every account behind the address waits now, unless it comes from a device it has used before.
    expect((await signIn(account.name, account.password)).status).toBe(429);
    const fromKnown = await signIn(account.name, account.password, { Cookie: device });
    expect(fromKnown.status).toBe(201);
    // Signing in renews the cookie (a new id, as long again).
    expect(deviceOf(fromKnown)).not.toBe(device);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
  });

  it('a device cookie names one account: it is no known device for another', async () => {
    const first = await addCook('di');
    const second = await addCook('ed');
    const device = deviceOf(await signIn(first.name, first.password));
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(second.name, 'wrong-guess')).status).toBe(401);
    expect((await signIn(second.name, second.password, { Cookie: device })).status).toBe(429);
    tick(DEFAULT_THROTTLE.forgetAfterMs);
  });

  it('behind the trusted proxy: Secure cookies when it says https, and counts by the address it saw', async () => {
    const secure = await signIn(MANAGER.name, MANAGER.password, {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '203.0.113.7',
    });
    expect(secure.status).toBe(201);
    expect(secure.headers.getSetCookie()).toHaveLength(2);
    for (const cookie of secure.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    const plain = await signIn(MANAGER.name, MANAGER.password, { 'X-Forwarded-Proto': 'http' });
    for (const cookie of plain.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure/i);

    const from = (address: string) => ({ 'X-Forwarded-For': `198.51.100.1, ${address}` });
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`nobody-${attempt}`, 'wrong-guess', from('203.0.113.50'))).status).toBe(401);
    }
    expect((await signIn('nobody-else', 'wrong-guess', from('203.0.113.50'))).status).toBe(429);
    expect((await signIn(MANAGER.name, MANAGER.password, from('203.0.113.51'))).status).toBe(201);
  });
});

describe('live streams', () => {
  const readers: SseReader[] = [];
  const watch = async (options: Parameters<typeof openSse>[1] = {}) => {
    const reader = await openSse(provider.url, options);
    readers.push(reader);
    return reader;
  };
  const staffStream = (cookie: string) => watch({ path: 'staff/events', headers: { Cookie: cookie } });
  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
  /** Resolves true once the provider has ended the stream, false if it is still open after a while. */
  const endsSoon = (reader: SseReader) =>
    Promise.race([reader.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 3_000))]);
  const closeAll = async () => {
    for (const reader of readers.splice(0)) reader.close();
    await expect.poll(() => provider.live.streamCount, { timeout: 5_000 }).toBe(0);
  };

  afterAll(() => {
    for (const reader of readers.splice(0)) reader.close();
  });

  it("a new password, a reset, a removal or signing out closes that session's open streams at once, and only those", async () => {
    const cook = await addCook('fay');
    const here = sessionOf(await signIn(cook.name, cook.password));
    const elsewhere = sessionOf(await signIn(cook.name, cook.password));
    const manager = await asManager();
    const [hereStream, elsewhereStream, managerStream] = await Promise.all([
      staffStream(here),
      staffStream(elsewhere),
      staffStream(manager),
    ]);
    for (const reader of [hereStream, elsewhereStream, managerStream]) expect(reader.status).toBe(200);

    const changed = await staffCall(here, 'staff/session/password', {
      method: 'PUT',
      body: JSON.stringify({ current_password: cook.password, new_password: 'fay-new-password' }),
    });
    expect(changed.status).toBe(204);
    expect(await endsSoon(elsewhereStream)).toBe(true);
    // The session that changed it goes on, and so does everyone else's.
    expect(await Promise.race([hereStream.ended.then(() => 'ended'), Promise.resolve('open')])).toBe('open');

    const reset = await staffCall(manager, `staff/accounts/${cook.name}`, {
      method: 'PATCH',
      body: JSON.stringify({ password: 'fay-reset-password' }),
    });
    expect(reset.status).toBe(200);
    expect(await endsSoon(hereStream)).toBe(true);

    const other = await addCook('gus');
    const otherStream = await staffStream(sessionOf(await signIn(other.name, other.password)));
    expect((await staffCall(manager, `staff/accounts/${other.name}`, { method: 'DELETE' })).status).toBe(204);
    expect(await endsSoon(otherStream)).toBe(true);

    expect((await staffCall(manager, 'staff/session', { method: 'DELETE' })).status).toBe(204);
    expect(await endsSoon(managerStream)).toBe(true);
    // A stream cannot be reopened with an ended session.
    expect((await staffStream(here)).status).toBe(401);
    await closeAll();
  });

  it('ends a staff stream when its session expires', async () => {
    const reader = await staffStream(await asManager());
    expect(reader.status).toBe(200);
    tick(13 * 3_600_000);
    expect(await endsSoon(reader)).toBe(true);
    await closeAll();
  });

  it('never refuses staff for guests: guests beyond their budget get 503, one address beyond its bound 429', async () => {
    const [first, second, third] = await Promise.all([
      watch(from('192.0.2.10')),
      watch(from('192.0.2.10')),
      watch(from('192.0.2.10')),
    ]);
    expect([first?.status, second?.status, third?.status].sort()).toEqual([200, 200, 429]);
    const tooMany = [first, second, third].find((reader) => reader?.status === 429);
    expect(tooMany?.events).toEqual([]);
    await watch(from('192.0.2.11'));
    await watch(from('192.0.2.12'));
    expect(provider.live.streamCount).toBe(LIVE.maxStreams);
    expect((await watch(from('192.0.2.13'))).status).toBe(503);

    const manager = await asManager();
    const staff = await Promise.all(Array.from({ length: LIVE.maxStaffStreams }, () => staffStream(manager)));
    expect(staff.map((reader) => reader.status)).toEqual(Array(LIVE.maxStaffStreams).fill(200));
    await closeAll();
  });

  it("reads a guest's replay through indexes, never the other orders' events in between", async () => {
    const mine = await placeOrder(provider.url);
    const [{ since } = { since: 0 }] = await provider.db.query<{ since: number }>(
      'SELECT coalesce(max(id), 0)::int AS since FROM events',
    );
    await provider.db.query(
      `INSERT INTO events (type, order_id, payload)
       SELECT 'order', $1, '{}'::jsonb FROM generate_series(1, 3000)`,
      [(await placeOrder(provider.url)).orderID],
    );
    await provider.kitchen.advance(mine.orderID);
    await provider.db.query('ANALYZE events');
    const [{ upTo } = { upTo: 0 }] = await provider.db.query<{ upTo: number }>(
      'SELECT max(id)::int AS "upTo" FROM events',
    );
    const replayed = await readStreamEventsAfter(
      provider.db,
      since,
      upTo,
      { orderId: mine.orderID, staff: false },
      100,
    );
    expect(replayed.map((event) => [event.type, event.orderId])).toEqual([['order', mine.orderID]]);

    // The same statement, explained: every row it reads is one it returns.
    let explained: unknown;
    const spy = {
      ...provider.db,
      query: async <Row>(sql: string, params: readonly unknown[] = []) => {
        explained = await provider.db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
        return [] as Row[];
      },
    };
    await readStreamEventsAfter(spy, since, upTo, { orderId: mine.orderID, staff: false }, 100);
    const plan = JSON.stringify(explained);
    expect(plan).not.toContain('Seq Scan');
    const read = [...plan.matchAll(/"Actual Rows":\s*(\d+)/g)].map((match) => Number(match[1]));
    const removed = [...plan.matchAll(/"Rows Removed by (?:Filter|Index Recheck)":\s*(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...read)).toBeLessThanOrEqual(1);
    expect(removed.reduce((sum, rows) => sum + rows, 0)).toBe(0);
  });

  it('deletes events older than the replay window; a reconnect from before them gets resync', async () => {
    const order = await placeOrder(provider.url);
    await provider.kitchen.advance(order.orderID);
    const [{ last } = { last: 0 }] = await provider.db.query<{ last: number }>(
      'SELECT max(id)::int AS last FROM events',
    );
    await provider.db.query("UPDATE events SET created_at = now() - interval '2 hours' WHERE id <= $1", [last]);
    await provider.kitchen.advance(order.orderID);
    await expect
      .poll(
        async () =>
          (await provider.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE id <= $1', [last]))[0]
            ?.n,
        {
          timeout: 5_000,
        },
      )
      .toBe(0);
    const remaining = await provider.db.query<{ id: number }>('SELECT id FROM events');
    expect(remaining.length).toBeGreaterThan(0);

    const reader = await watch({ orderID: order.orderID, orderKey: order.order_key, lastEventId: last - 1 });
    expect((await reader.waitFor((event) => event.type === 'resync')).type).toBe('resync');
    await closeAll();
  });
});

describe('orders', () => {
  const add = (order: { orderID: string; order_key?: string | undefined }, note = '') =>
    callApi(provider.url, 'menu', {
      method: 'POST',
      headers: { 'X-Order-Key': order.order_key ?? '' },
      body: JSON.stringify({ orderID: order.orderID, menu_id: 34, quantity: 1, note }),
    });

  it('takes so many changes a minute and so many in all: then 409 too_many_changes, however long one waits', async () => {
    const order = await placeOrder(provider.url);
    for (let change = 0; change < ORDER_CHANGES.perMinute; change++) expect((await add(order)).status).toBe(201);
    expect((await add(order)).status).toBe(429);
    tick(60_000);
    for (let change = ORDER_CHANGES.perMinute; change < ORDER_CHANGES.total; change++) {
      expect((await add(order)).status).toBe(201);
    }
    tick(3_600_000);
    const spent = await add(order);
    expect(spent.status).toBe(409);
    expect(await spent.json()).toMatchObject({ error: { code: 'too_many_changes' } });
    const lines = await provider.db.query('SELECT 1 FROM order_lines WHERE order_id = $1', [order.orderID]);
    expect(lines).toHaveLength(2 + ORDER_CHANGES.total);
  });

  it('refuses an order, or an addition, that would be too large to send whole to every screen (422)', async () => {
    const note = 'n'.repeat(200);
    const big = { table_id: 4, items: Array.from({ length: 20 }, () => ({ menu_id: 33, quantity: 1, note })) };
    const placed = await callApi(provider.url, 'orders', { method: 'POST', body: JSON.stringify(big) });
    expect(placed.status).toBe(422);
    expect(await placed.json()).toMatchObject({ error: { fields: { items: 'order too large' } } });

    const order = orderSchema.parse(
      await (
        await callApi(provider.url, 'orders', {
          method: 'POST',
          body: JSON.stringify({ ...big, items: big.items.slice(0, 8) }),
        })
      ).json(),
    );
    const [{ events } = { events: 0 }] = await provider.db.query<{ events: number }>(
      'SELECT count(*)::int AS events FROM events WHERE order_id = $1',
      [order.orderID],
    );
    let answer = await add(order, note);
    while (answer.status === 201) answer = await add(order, note);
    expect(answer.status).toBe(422);
    const sizes = await provider.db.query<{ bytes: number }>(
      'SELECT octet_length(payload::text) AS bytes FROM events WHERE order_id = $1',
      [order.orderID],
    );
    expect(sizes.length).toBeGreaterThan(events);
    for (const { bytes } of sizes) expect(bytes).toBeLessThanOrEqual(MAX_ORDER_BYTES + 512);
  });
});

describe('a commit whose acknowledgement is lost', () => {
  // The provider's own app over the shared database, whose next transaction commits and then fails as a connection
  // that died before the COMMIT's answer arrived would.
  let loseNextAck = false;
  const app = () => {
    const db = provider.db;
    const flaky: Database = {
      ...db,
      async transaction(fn, options) {
        const result = await db.transaction(fn, options);
        if (loseNextAck) {
          loseNextAck = false;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        }
        return result;
      },
    };
    return createProviderApp({
      db: flaky,
      token: 'demo-token',
      orderKeys: createOrderKeys('a-secret-for-this-test-only'),
    });
  };
  const place = (body: unknown, key?: string) =>
    app().request('/api/v1/orders', {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-token',
        'Content-Type': 'application/json',
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify(body),
    });
  const ordersNoted = async (note: string) =>
    (await provider.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE note = $1', [note]))[0]?.n;

  it('may have placed the order although the answer was 503: with an Idempotency-Key, the retry finds it', async () => {
    const keyed = { table_id: 2, note: 'lost ack, keyed', items: [{ menu_id: 33, quantity: 1 }] };
    loseNextAck = true;
    expect((await place(keyed, 'lost-ack-retry-1')).status).toBe(503);
    const retry = await place(keyed, 'lost-ack-retry-1');
    expect(retry.status).toBe(200);
    expect(orderSchema.parse(await retry.json()).note).toBe('lost ack, keyed');
    expect(await ordersNoted('lost ack, keyed')).toBe(1);

    // Without a key nothing can tell the retry from a new order: the first was placed all the same.
    const plain = { ...keyed, note: 'lost ack, no key' };
    loseNextAck = true;
    expect((await place(plain)).status).toBe(503);
    expect(await ordersNoted('lost ack, no key')).toBe(1);
  });
});
