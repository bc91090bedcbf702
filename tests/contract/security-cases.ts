// The contract's defences as request → answer cases: the sign-in throttle and known devices, staff passwords (v1.2),
// path parameters no database can hold, keys for managers only, per-table and per-order limits, text without
// bidirectional controls.
import { expect } from 'vitest';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, type Order } from '../../contract/orders';
import { staffAccountSchema, staffSessionSchema, staffTableSchema } from '../../contract/staff';
import type { Answer, Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, signIn, withCookie } from './staff-cases';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

const signInCall = (name: string, password: string, cookie?: string): Call => ({
  method: 'POST',
  path: 'staff/session',
  body: { name, password },
  ...(cookie ? { headers: { Cookie: cookie } } : {}),
});

/** The `name=value` of the answer's cookie whose name starts with `prefix`. */
function cookieFrom(answer: Answer, prefix: string): string {
  const found = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(prefix));
  if (!found) throw new Error(`No ${prefix} cookie in ${JSON.stringify(answer.headers.getSetCookie())}`);
  return found.split(';')[0] ?? '';
}

/** A new kitchen account, made by the manager. */
async function newCook(client: ContractClient, manager: string) {
  const account = { name: unique('cook'), password: 'a-first-password' };
  await client.expectOk(
    withCookie(manager, { method: 'POST', path: 'staff/accounts', body: { ...account, role: 'kitchen' } }),
    201,
    staffAccountSchema,
  );
  return account;
}

/** Fails sign-ins for `name` until the throttle asks to wait; answers that 429. */
async function throttle(client: ContractClient, name: string, cookie?: string): Promise<Answer> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await client.call(signInCall(name, `wrong-password-${attempt}`, cookie));
    if (answer.status === 429) return answer;
    expect(answer.status).toBe(401);
  }
  throw new Error(`Ten failed sign-ins for ${name} were never slowed down`);
}

const ORDER: NewOrder = { table_id: 5, items: [{ menu_id: 33, quantity: 1 }] };

async function place(client: ContractClient, order: NewOrder = ORDER, headers: Record<string, string> = {}) {
  const answer = await client.call({
    method: 'POST',
    path: 'orders',
    body: order,
    headers: { 'Idempotency-Key': unique('security'), ...headers },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return orderSchema.parse(answer.body) as Order & { order_key?: string };
}

const addCall = (order: Order & { order_key?: string }, key?: string): Call => ({
  method: 'POST',
  path: 'menu',
  body: { orderID: order.orderID, menu_id: 34, quantity: 1 },
  headers: { 'X-Order-Key': order.order_key ?? '', ...(key ? { 'Idempotency-Key': key } : {}) },
});

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `security: ${name}`, run };
}

export const securityCases: ContractCase[] = [
  // --- The sign-in throttle ------------------------------------------------------------------------------------
  scenario(
    'sign-ins sent all at once are counted before any password is checked: five 401, the rest 429',
    async (client) => {
      const manager = await asManager(client);
      const account = await newCook(client, manager);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => client.call(signInCall(account.name, `wrong-password-${index}`))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      // The right password, sent among the guesses, does not slip through either.
      await refused(client, signInCall(account.name, account.password), 429, 'too_many_attempts');
    },
  ),
  scenario('a device that signed in before still signs in while guesses from elsewhere wait', async (client) => {
    const manager = await asManager(client);
    const account = await newCook(client, manager);
    const first = await client.call(signInCall(account.name, account.password));
    expect(first.status).toBe(201);
    const device = cookieFrom(first, 'staff_device_');
    expect(first.headers.getSetCookie().find((cookie) => cookie.startsWith('staff_device_'))).toMatch(
      /;\s*HttpOnly.*;\s*SameSite=Strict/i,
    );

    const waiting = await throttle(client, account.name);
    expect(Number(waiting.headers.get('Retry-After'))).toBeGreaterThan(0);
    await refused(client, signInCall(account.name, account.password), 429, 'too_many_attempts');
    const known = await client.call(signInCall(account.name, account.password, device));
    expect(known.status, JSON.stringify(known.body)).toBe(201);
    staffSessionSchema.parse(known.body);
    // A device cookie of another account, or a forged one, is no known device.
    await refused(
      client,
      signInCall(account.name, account.password, `${device.slice(0, -3)}xyz`),
      429,
      'too_many_attempts',
    );
  }),
  scenario('a known device that keeps failing waits too, on its own count', async (client) => {
    const manager = await asManager(client);
    const account = await newCook(client, manager);
    const device = cookieFrom(await client.call(signInCall(account.name, account.password)), 'staff_device_');
    await throttle(client, account.name, device);
    await refused(client, signInCall(account.name, account.password, device), 429, 'too_many_attempts');
  }),

  // --- Staff passwords (contract v1.2) ----------------------------------------------------------------------
  scenario('changing my password needs the current one, keeps this session and ends the others', async (client) => {
    const manager = await asManager(client);
    const account = await newCook(client, manager);
    const here = await signIn(client, account);
    const elsewhere = await signIn(client, account);
    const change = (body: unknown, cookie = here): Call =>
      withCookie(cookie, { method: 'PUT', path: 'staff/session/password', body });

    await refused(client, { method: 'PUT', path: 'staff/session/password', body: {} }, 401, 'unauthorized');
    await refused(
      client,
      change({ current_password: 'not-it-at-all', new_password: 'a-new-password' }),
      401,
      'bad_credentials',
    );
    await refused(client, change({ current_password: account.password, new_password: 'short' }), 422, 'invalid', [
      'new_password',
    ]);
    await refused(client, change({ new_password: 'a-new-password' }), 422, 'invalid', ['current_password']);
    const changed = await client.call(change({ current_password: account.password, new_password: 'a-new-password' }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);

    await client.expectOk(withCookie(here, { path: 'staff/session' }), 200, staffSessionSchema);
    await refused(client, withCookie(elsewhere, { path: 'staff/session' }), 401, 'unauthorized');
    await refused(client, signInCall(account.name, account.password), 401, 'bad_credentials');
    await signIn(client, { name: account.name, password: 'a-new-password' });
  }),
  scenario(
    'a manager resets someone’s password and role: 200 { name, role }, and their sessions end',
    async (client) => {
      const manager = await asManager(client);
      const account = await newCook(client, manager);
      const theirs = await signIn(client, account);
      const patch = (name: string, body: unknown, cookie = manager): Call =>
        withCookie(cookie, { method: 'PATCH', path: `staff/accounts/${encodeURIComponent(name)}`, body });

      const changed = await client.expectOk(
        patch(account.name, { password: 'reset-by-manager', role: 'manager' }),
        200,
        staffAccountSchema,
      );
      expect(changed).toEqual({ name: account.name, role: 'manager' });
      await refused(client, withCookie(theirs, { path: 'staff/session' }), 401, 'unauthorized');
      await refused(client, signInCall(account.name, account.password), 401, 'bad_credentials');
      const again = await signIn(client, { name: account.name, password: 'reset-by-manager' });
      expect(
        await client.expectOk(withCookie(again, { path: 'staff/session' }), 200, staffSessionSchema),
      ).toMatchObject({ role: 'manager' });
      await client.expectOk(patch(account.name, { role: 'kitchen' }), 200, staffAccountSchema);
      await refused(client, withCookie(again, { path: 'staff/session' }), 401, 'unauthorized');

      await refused(client, patch(account.name, {}), 422, 'invalid');
      await refused(client, patch(account.name, { password: 'short' }), 422, 'invalid', ['password']);
      await refused(client, patch(account.name, { role: 'owner' }), 422, 'invalid', ['role']);
      await refused(client, patch(unique('ghost'), { role: 'kitchen' }), 404, 'not_found');
      await refused(client, patch('manager', { role: 'kitchen' }), 409, 'not_editable');
      const cook = await asCook(client);
      await refused(client, patch(account.name, { role: 'manager' }, cook), 403, 'forbidden');
      await refused(
        client,
        { method: 'PATCH', path: `staff/accounts/${account.name}`, body: { role: 'kitchen' } },
        401,
        'unauthorized',
      );
    },
  ),

  // --- Path parameters no database can hold --------------------------------------------------------------------
  scenario('a NUL in a path parameter is 404, never a fault', async (client) => {
    const manager = await asManager(client);
    for (const raw of ['%00', 'AB%00CD']) {
      await refused(
        client,
        withCookie(manager, {
          method: 'POST',
          path: `staff/orders/${raw}/status`,
          body: { from: 'received', to: 'preparing' },
        }),
        404,
        'not_found',
      );
      await refused(
        client,
        withCookie(manager, { method: 'POST', path: `staff/orders/${raw}/cancel`, body: { reason: 'test' } }),
        404,
        'not_found',
      );
      await refused(client, withCookie(manager, { method: 'DELETE', path: `staff/accounts/${raw}` }), 404, 'not_found');
      await refused(
        client,
        withCookie(manager, { method: 'PATCH', path: `staff/accounts/${raw}`, body: { role: 'kitchen' } }),
        404,
        'not_found',
      );
    }
  }),

  // --- Keys are for managers ----------------------------------------------------------------------------------
  scenario('clearing a table answers its key to a manager only', async (client) => {
    const clear = (cookie: string) => withCookie(cookie, { method: 'POST', path: 'staff/tables/8/clear' });
    const byCook = await client.expectOk(clear(await asCook(client)), 200, staffTableSchema);
    expect(byCook).not.toHaveProperty('key');
    expect(JSON.stringify(byCook)).not.toContain(await client.target.tableKey(8));
    const byManager = await client.expectOk(clear(await asManager(client)), 200, staffTableSchema);
    expect(byManager.key).toBe(await client.target.tableKey(8));
  }),

  // --- Limits a script cannot use to stop others ---------------------------------------------------------------
  scenario('orders without the table’s key cannot use up the allowance of guests who scanned it', async (client) => {
    const { id, ordersPerMinute } = client.target.limitedTable;
    const order: NewOrder = { table_id: id, items: [{ menu_id: 33, quantity: 1 }] };
    let refusedKeyless: Answer | undefined;
    for (let attempt = 0; attempt <= ordersPerMinute && !refusedKeyless; attempt++) {
      const answer = await client.call({
        method: 'POST',
        path: 'orders',
        body: order,
        headers: { 'Idempotency-Key': unique('keyless') },
      });
      if (answer.status === 429) refusedKeyless = answer;
      else expect(answer.status).toBe(201);
    }
    expect(refusedKeyless?.status).toBe(429);
    await place(client, order, { 'X-Table-Key': await client.target.tableKey(id) });
  }),
  scenario(
    'an order takes so many changes a minute: then 429 too_many_changes; replays are not counted',
    async (client) => {
      const order = await place(client);
      const firstKey = unique('add');
      const first = await client.call(addCall(order, firstKey));
      expect(first.status).toBe(201);
      let limited: Answer | undefined;
      for (let change = 1; change <= 50 && !limited; change++) {
        const answer = await client.call(addCall(order));
        if (answer.status === 429) limited = answer;
        else expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        // A replay of the first addition answers the order again and uses nothing up.
        expect((await client.call(addCall(order, firstKey))).status).toBe(200);
      }
      expect(limited).toBeDefined();
      const { error } = (limited?.body ?? {}) as { error?: { code?: string } };
      expect(error?.code).toBe('too_many_changes');
      expect(Number(limited?.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited?.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
      // Another order is not held back by this one.
      expect((await client.call(addCall(await place(client)))).status).toBe(201);
    },
  ),

  // --- What a person types, without bidirectional controls ------------------------------------------------------
  scenario('bidirectional controls are taken out of notes, reasons and account names', async (client) => {
    const order = await place(client, {
      table_id: 6,
      note: '\u202Eecila\u202C says hi',
      items: [{ menu_id: 33, quantity: 1, note: '\u2066no\u2069 \u200Folives\u200E' }],
    });
    expect(order.note).toBe('ecila says hi');
    expect(order.items[0]?.note).toBe('no olives');
    const manager = await asManager(client);
    const cancelled = await client.expectOk(
      withCookie(manager, {
        method: 'POST',
        path: `staff/orders/${order.orderID}/cancel`,
        body: { reason: '\u202Bout of stock\u202C\u061C' },
      }),
      200,
      orderSchema,
    );
    expect(cancelled.cancel_reason).toBe('out of stock');
    const name = unique('\u202Eecila');
    const added = await client.expectOk(
      withCookie(manager, {
        method: 'POST',
        path: 'staff/accounts',
        body: { name, password: 'long-enough-1', role: 'kitchen' },
      }),
      201,
      staffAccountSchema,
    );
    expect(added.name).toBe(name.replace('\u202E', ''));
  }),
];
