// The restaurant's calls (contract v1.1: staff sessions, accounts, board, dishes, floor) as request → answer cases.
import { expect } from 'vitest';
import { errorBodySchema, menuItemSchema, menuItemsSchema } from '../../contract/guest';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, ordersSchema, type Order } from '../../contract/orders';
import {
  staffAccountSchema,
  staffAccountsSchema,
  staffSessionSchema,
  staffTableSchema,
  staffTablesSchema,
} from '../../contract/staff';
import type { Answer, Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';

/** Both targets have this manager: the fake by default, the real provider through its bootstrap settings. */
export const CONTRACT_MANAGER = { name: 'manager', password: 'manager-password' } as const;
const COOK = { name: 'cook', password: 'cook-password' } as const;
const DISH_TO_SELL_OUT = 21;

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

function cookieOf(answer: Answer): string {
  const header = answer.headers.get('Set-Cookie') ?? '';
  const match = /staff_session=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`No session cookie in ${JSON.stringify(header)}`);
  return `staff_session=${match[1]}`;
}

export async function signIn(client: ContractClient, account: { name: string; password: string }): Promise<string> {
  const answer = await client.call({ method: 'POST', path: 'staff/session', body: account });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return cookieOf(answer);
}

export const asManager = (client: ContractClient) => signIn(client, CONTRACT_MANAGER);

/** The cook's account exists on every target (a manager adds it when missing), then the cook signs in. */
export async function asCook(client: ContractClient): Promise<string> {
  const manager = await asManager(client);
  const added = await client.call({
    method: 'POST',
    path: 'staff/accounts',
    body: { ...COOK, role: 'kitchen' },
    headers: { Cookie: manager },
  });
  expect([201, 409]).toContain(added.status);
  return signIn(client, COOK);
}

export const withCookie = (cookie: string, call: Call): Call => ({
  ...call,
  headers: { ...call.headers, Cookie: cookie },
});

/** A refusal in the contract's error shape with this status and code. */
export async function refused(client: ContractClient, call: Call, status: number, code: string, fields: string[] = []) {
  const answer = await client.call(call);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const { error } = errorBodySchema.parse(answer.body);
  expect(error.code).toBe(code);
  expect(error.message).not.toBe('');
  for (const field of fields) expect(Object.keys(error.fields ?? {})).toContain(field);
  return answer;
}

const ORDER: NewOrder = { table_id: 7, items: [{ menu_id: 33, quantity: 1, note: 'no olives' }] };

/** Places an order as a guest; keeps the order key (if the provider gives one) for reading it back as that guest. */
async function placeAsGuest(client: ContractClient, order: NewOrder = ORDER): Promise<{ order: Order; key?: string }> {
  const answer = await client.call({
    method: 'POST',
    path: 'orders',
    body: order,
    headers: { 'Idempotency-Key': unique('staff-case') },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const key = (answer.body as { order_key?: unknown }).order_key;
  return { order: orderSchema.parse(answer.body), ...(typeof key === 'string' ? { key } : {}) };
}

async function guestView(client: ContractClient, placed: { order: Order; key?: string }): Promise<Order> {
  const [order] = await client.expectOk(
    {
      path: 'orders',
      query: { orderID: placed.order.orderID },
      headers: placed.key ? { 'X-Order-Key': placed.key } : {},
    },
    200,
    ordersSchema,
  );
  if (!order) throw new Error('No order');
  return order;
}

const move = (orderID: string, from: string, to: string): Call => ({
  method: 'POST',
  path: `staff/orders/${orderID}/status`,
  body: { from, to },
});
const cancel = (orderID: string, reason: unknown): Call => ({
  method: 'POST',
  path: `staff/orders/${orderID}/cancel`,
  body: { reason },
});

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `staff: ${name}`, run };
}

export const staffCases: ContractCase[] = [
  // --- Sessions -----------------------------------------------------------------------------------------------
  scenario('sign in answers who and until when, with an HttpOnly SameSite=Strict cookie on /api/v1', async (client) => {
    const answer = await client.call({ method: 'POST', path: 'staff/session', body: CONTRACT_MANAGER });
    expect(answer.status).toBe(201);
    const session = staffSessionSchema.parse(answer.body);
    expect(session).toMatchObject({ name: 'manager', role: 'manager' });
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());
    const cookie = answer.headers.getSetCookie().find((one) => one.startsWith('staff_session=')) ?? '';
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{20,}/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\/api\/v1(;|$)/);
    const who = await client.expectOk(withCookie(cookieOf(answer), { path: 'staff/session' }), 200, staffSessionSchema);
    expect(who).toMatchObject({ name: 'manager', role: 'manager' });
  }),
  scenario('a wrong password and an unknown name are both 401 bad_credentials', async (client) => {
    const call = (body: unknown): Call => ({ method: 'POST', path: 'staff/session', body });
    await refused(client, call({ name: 'manager', password: 'not-the-password' }), 401, 'bad_credentials');
    await refused(client, call({ name: unique('nobody'), password: 'whatever-it-is' }), 401, 'bad_credentials');
  }),
  scenario('sign in: a body without a password is 422, text that is not JSON is 400', async (client) => {
    await refused(client, { method: 'POST', path: 'staff/session', body: { name: 'manager' } }, 422, 'invalid', [
      'password',
    ]);
    await refused(client, { method: 'POST', path: 'staff/session', rawBody: '{"name":' }, 400, 'bad_request');
    await refused(client, { method: 'POST', path: 'staff/session', body: ['manager'] }, 422, 'invalid');
    await refused(
      client,
      { method: 'POST', path: 'staff/session', body: { name: 'man\u0000ager', password: 'x' } },
      422,
      'invalid',
      ['name'],
    );
  }),
  scenario('who am I is 401 without a session, with a made-up one, and after signing out', async (client) => {
    await refused(client, { path: 'staff/session' }, 401, 'unauthorized');
    await refused(
      client,
      withCookie('staff_session=made-up-token-made-up-token', { path: 'staff/session' }),
      401,
      'unauthorized',
    );
    const cookie = await asManager(client);
    const out = await client.call(withCookie(cookie, { method: 'DELETE', path: 'staff/session' }));
    expect(out.status).toBe(204);
    await refused(client, withCookie(cookie, { path: 'staff/session' }), 401, 'unauthorized');
  }),
  scenario('staff calls still need the bearer token', async (client) => {
    const cookie = await asManager(client);
    await refused(client, withCookie(cookie, { path: 'staff/orders', auth: false }), 401, 'unauthorized');
  }),
  scenario(
    'repeated failures lock an account out with 429 too_many_attempts, even for the right password',
    async (client) => {
      const manager = await asManager(client);
      const account = { name: unique('locked'), password: 'the-right-password' };
      await client.expectOk(
        withCookie(manager, { method: 'POST', path: 'staff/accounts', body: { ...account, role: 'kitchen' } }),
        201,
        staffAccountSchema,
      );
      const attempt = (password: string): Call => ({
        method: 'POST',
        path: 'staff/session',
        body: { ...account, password },
      });
      let last: Answer | undefined;
      for (let i = 0; i < 10; i++) {
        last = await client.call(attempt(`wrong-password-${i}`));
        if (last.status === 429) break;
        expect(last.status).toBe(401);
      }
      expect(last?.status).toBe(429);
      const locked = await refused(client, attempt(account.password), 429, 'too_many_attempts');
      expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
      // Other accounts from the same client still sign in.
      await asManager(client);
    },
  ),

  // --- Accounts -----------------------------------------------------------------------------------------------
  scenario('a manager lists, adds and removes accounts; removing one ends its sessions', async (client) => {
    const manager = await asManager(client);
    const name = unique('server');
    await client.expectOk(
      withCookie(manager, {
        method: 'POST',
        path: 'staff/accounts',
        body: { name, password: 'a-good-password', role: 'kitchen' },
      }),
      201,
      staffAccountSchema,
    );
    const listed = await client.expectOk(withCookie(manager, { path: 'staff/accounts' }), 200, staffAccountsSchema);
    expect(listed).toContainEqual({ name, role: 'kitchen' });
    expect(listed).toContainEqual({ name: 'manager', role: 'manager' });
    expect(JSON.stringify(listed)).not.toMatch(/password/);
    const theirs = await signIn(client, { name, password: 'a-good-password' });
    const removed = await client.call(withCookie(manager, { method: 'DELETE', path: `staff/accounts/${name}` }));
    expect(removed.status).toBe(204);
    await refused(client, withCookie(theirs, { path: 'staff/session' }), 401, 'unauthorized');
    await refused(
      client,
      { method: 'POST', path: 'staff/session', body: { name, password: 'a-good-password' } },
      401,
      'bad_credentials',
    );
  }),
  scenario(
    'accounts: a taken name is 409, a short password or unknown role 422, an unknown name 404, yourself 409',
    async (client) => {
      const manager = await asManager(client);
      const add = (body: unknown) => withCookie(manager, { method: 'POST', path: 'staff/accounts', body });
      await refused(client, add({ name: 'manager', password: 'long-enough-1', role: 'manager' }), 409, 'exists');
      await refused(client, add({ name: unique('short'), password: 'short', role: 'kitchen' }), 422, 'invalid', [
        'password',
      ]);
      await refused(client, add({ name: unique('role'), password: 'long-enough-1', role: 'owner' }), 422, 'invalid', [
        'role',
      ]);
      await refused(client, add({ name: 'has spaces', password: 'long-enough-1', role: 'kitchen' }), 422, 'invalid', [
        'name',
      ]);
      await refused(
        client,
        withCookie(manager, { method: 'DELETE', path: `staff/accounts/${unique('ghost')}` }),
        404,
        'not_found',
      );
      await refused(
        client,
        withCookie(manager, { method: 'DELETE', path: 'staff/accounts/manager' }),
        409,
        'not_editable',
      );
    },
  ),
  scenario(
    'the kitchen role may not manage accounts, tables or keys (403); nobody signed in gets 401',
    async (client) => {
      const cook = await asCook(client);
      await refused(client, withCookie(cook, { path: 'staff/accounts' }), 403, 'forbidden');
      await refused(
        client,
        withCookie(cook, {
          method: 'POST',
          path: 'staff/accounts',
          body: { name: unique('x'), password: 'long-enough-1', role: 'manager' },
        }),
        403,
        'forbidden',
      );
      await refused(client, withCookie(cook, { method: 'DELETE', path: 'staff/accounts/manager' }), 403, 'forbidden');
      await refused(client, withCookie(cook, { path: 'staff/tables' }), 403, 'forbidden');
      await refused(client, withCookie(cook, { method: 'POST', path: 'staff/tables/1/key' }), 403, 'forbidden');
      for (const call of [
        { path: 'staff/accounts' },
        { path: 'staff/orders' },
        { path: 'staff/tables' },
        move('ABCDEFGH', 'received', 'preparing'),
        cancel('ABCDEFGH', 'out of stock'),
        { method: 'PATCH', path: `staff/menu/${DISH_TO_SELL_OUT}`, body: { available: false } },
        { method: 'POST', path: 'staff/tables/1/key' },
      ] satisfies Call[]) {
        await refused(client, call, 401, 'unauthorized');
      }
    },
  ),

  // --- The board ----------------------------------------------------------------------------------------------
  scenario(
    'the board lists open orders oldest first, with lines and notes; served ones only under all',
    async (client) => {
      const cook = await asCook(client);
      const first = await placeAsGuest(client);
      const second = await placeAsGuest(client);
      const board = await client.expectOk(
        withCookie(cook, { path: 'staff/orders', query: { status: 'open', limit: 500 } }),
        200,
        ordersSchema,
      );
      const ids = board.map((order) => order.orderID);
      expect(ids.indexOf(first.order.orderID)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(first.order.orderID)).toBeLessThan(ids.indexOf(second.order.orderID));
      expect(board.find((order) => order.orderID === first.order.orderID)?.items[0]).toMatchObject({
        quantity: 1,
        note: 'no olives',
      });
      for (const order of board) expect(['received', 'preparing', 'ready']).toContain(order.status);

      await client.advance(first.order.orderID, 3);
      const open = await client.expectOk(
        withCookie(cook, { path: 'staff/orders', query: { limit: 500 } }),
        200,
        ordersSchema,
      );
      expect(open.map((order) => order.orderID)).not.toContain(first.order.orderID);
      const all = await client.expectOk(
        withCookie(cook, { path: 'staff/orders', query: { status: 'all', limit: 50 } }),
        200,
        ordersSchema,
      );
      expect(all.find((order) => order.orderID === first.order.orderID)?.status).toBe('served');
    },
  ),
  scenario('the board refuses an unknown status or a bad limit with 400', async (client) => {
    const cook = await asCook(client);
    await refused(client, withCookie(cook, { path: 'staff/orders', query: { status: 'closed' } }), 400, 'bad_request', [
      'status',
    ]);
    for (const limit of ['0', '-1', 'ten', '100000']) {
      await refused(client, withCookie(cook, { path: 'staff/orders', query: { limit } }), 400, 'bad_request', [
        'limit',
      ]);
    }
  }),
  scenario('moving an order: each next step, then the guest sees it', async (client) => {
    const cook = await asCook(client);
    const placed = await placeAsGuest(client);
    const id = placed.order.orderID;
    for (const [from, to] of [
      ['received', 'preparing'],
      ['preparing', 'ready'],
      ['ready', 'served'],
    ] as const) {
      const moved = await client.expectOk(withCookie(cook, move(id, from, to)), 200, orderSchema);
      expect(moved.status).toBe(to);
      expect((await guestView(client, placed)).status).toBe(to);
    }
  }),
  scenario(
    'moving from a status the order has left is 409 stale; a step that does not exist is 422',
    async (client) => {
      const cook = await asCook(client);
      const { order } = await placeAsGuest(client);
      await client.expectOk(withCookie(cook, move(order.orderID, 'received', 'preparing')), 200, orderSchema);
      await refused(client, withCookie(cook, move(order.orderID, 'received', 'preparing')), 409, 'stale');
      await refused(client, withCookie(cook, move(order.orderID, 'preparing', 'served')), 422, 'invalid', ['to']);
      await refused(client, withCookie(cook, move(order.orderID, 'served', 'cancelled')), 422, 'invalid');
      await refused(client, withCookie(cook, move(order.orderID, 'cooking', 'ready')), 422, 'invalid', ['from']);
      await refused(
        client,
        withCookie(cook, { ...move(order.orderID, 'x', 'y'), rawBody: 'not json', body: undefined }),
        400,
        'bad_request',
      );
      await refused(client, withCookie(cook, move('NOSUCH00', 'received', 'preparing')), 404, 'not_found');
    },
  ),
  scenario('two cooks tapping the same card at once move it once', async (client) => {
    const [one, two] = [await asCook(client), await asCook(client)];
    const { order } = await placeAsGuest(client);
    const answers = await Promise.all(
      [one, two].map((cookie) => client.call(withCookie(cookie, move(order.orderID, 'received', 'preparing')))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  }),
  scenario('cancel keeps the reason, which the guest sees; 409 once served; 422 without a reason', async (client) => {
    const cook = await asCook(client);
    const placed = await placeAsGuest(client);
    await refused(client, withCookie(cook, cancel(placed.order.orderID, '   ')), 422, 'invalid', ['reason']);
    await refused(client, withCookie(cook, cancel(placed.order.orderID, 'x'.repeat(201))), 422, 'invalid', ['reason']);
    await refused(client, withCookie(cook, cancel(placed.order.orderID, 42)), 422, 'invalid', ['reason']);
    await refused(client, withCookie(cook, cancel(placed.order.orderID, 'oven\u0000down')), 422, 'invalid', ['reason']);
    const cancelled = await client.expectOk(
      withCookie(cook, cancel(placed.order.orderID, 'The oven broke, sorry')),
      200,
      orderSchema,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'The oven broke, sorry' });
    expect(await guestView(client, placed)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'The oven broke, sorry',
    });
    await refused(client, withCookie(cook, cancel(placed.order.orderID, 'again')), 409, 'not_editable');
    await refused(client, withCookie(cook, move(placed.order.orderID, 'received', 'preparing')), 409, 'stale');

    const served = await placeAsGuest(client);
    await client.advance(served.order.orderID, 3);
    await refused(client, withCookie(cook, cancel(served.order.orderID, 'too late')), 409, 'not_editable');
    await refused(client, withCookie(cook, cancel('NOSUCH00', 'gone')), 404, 'not_found');
  }),

  // --- Dishes and the floor -----------------------------------------------------------------------------------
  scenario(
    'a cook marks a dish sold out: guests see it and cannot order it; then back, with a new prep time',
    async (client) => {
      const cook = await asCook(client);
      const patch = (body: unknown): Call =>
        withCookie(cook, { method: 'PATCH', path: `staff/menu/${DISH_TO_SELL_OUT}`, body });
      try {
        const soldOut = await client.expectOk(patch({ available: false }), 200, menuItemSchema);
        expect(soldOut).toMatchObject({ id: DISH_TO_SELL_OUT, available: false });
        const [seen] = await client.expectOk(
          { path: 'menu', query: { menu_id: DISH_TO_SELL_OUT } },
          200,
          menuItemsSchema,
        );
        expect(seen?.available).toBe(false);
        await refused(
          client,
          {
            method: 'POST',
            path: 'orders',
            body: { table_id: 2, items: [{ menu_id: DISH_TO_SELL_OUT, quantity: 1 }] },
          },
          422,
          'invalid',
          ['items.0.menu_id'],
        );
      } finally {
        const back = await client.expectOk(patch({ available: true, prep_minutes: 14 }), 200, menuItemSchema);
        expect(back).toMatchObject({ available: true, prep_minutes: 14 });
      }
    },
  ),
  scenario('dish changes: an empty or wrong body is 422, an unknown or malformed id 404', async (client) => {
    const cook = await asCook(client);
    const patch = (id: string | number, body: unknown): Call =>
      withCookie(cook, { method: 'PATCH', path: `staff/menu/${id}`, body });
    await refused(client, patch(DISH_TO_SELL_OUT, {}), 422, 'invalid');
    await refused(client, patch(DISH_TO_SELL_OUT, { available: 'no' }), 422, 'invalid', ['available']);
    await refused(client, patch(DISH_TO_SELL_OUT, { prep_minutes: -1 }), 422, 'invalid', ['prep_minutes']);
    await refused(client, patch(DISH_TO_SELL_OUT, { prep_minutes: 2.5 }), 422, 'invalid', ['prep_minutes']);
    await refused(client, patch(987_654, { available: false }), 404, 'not_found');
    await refused(client, patch('abc', { available: false }), 404, 'not_found');
    await refused(client, patch('9999999999', { available: false }), 404, 'not_found');
  }),
  scenario('the floor: every table with its key and open orders; a new key replaces the old', async (client) => {
    const manager = await asManager(client);
    const { order } = await placeAsGuest(client, { table_id: 11, items: [{ menu_id: 33, quantity: 1 }] });
    const tables = await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    for (const table of tables) expect(table.key?.length ?? 0).toBeGreaterThanOrEqual(16);
    expect(new Set(tables.map((table) => table.key)).size).toBe(tables.length);
    const eleven = tables.find((table) => table.id === 11);
    expect(eleven).toMatchObject({ status: 'seated' });
    expect(eleven?.open_orders).toBeGreaterThanOrEqual(1);

    const rotated = await client.expectOk(
      withCookie(manager, { method: 'POST', path: 'staff/tables/11/key' }),
      200,
      staffTableSchema,
    );
    expect(rotated.id).toBe(11);
    expect(rotated.key).not.toBe(eleven?.key);
    const again = await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema);
    expect(again.find((table) => table.id === 11)?.key).toBe(rotated.key);
    await refused(client, withCookie(manager, { method: 'POST', path: 'staff/tables/4321/key' }), 404, 'not_found');
    await refused(client, withCookie(manager, { method: 'POST', path: 'staff/tables/zero/key' }), 404, 'not_found');
    await refused(
      client,
      withCookie(manager, { method: 'POST', path: 'staff/tables/9999999999/key' }),
      404,
      'not_found',
    );
    await client.advance(order.orderID, 3);
  }),
];
