// Table sessions (contract v1.1, with v1.2's tables that last): seatings and their boundaries, the printed key that
// outlasts a clear, the table's orders by seating key, and service requests' one-open rule, as request → answer cases.
import { expect } from 'vitest';
import { seatingSchema } from '../../contract/bill';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, serviceRequestSchema, serviceRequestsSchema, tableBillSchema } from '../../contract/orders';
import { staffTableSchema, staffTablesSchema } from '../../contract/staff';
import type { Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, withCookie } from './staff-cases';

// Tables no other case orders at or rekeys; each case clears its table first, so what came before does not count.
const BILL_TABLE = 9;
const REQUEST_TABLE = 10;
const MARGHERITA = { id: 33, price: 11.5 };
const TIRAMISU = { id: 47, price: 7.5 };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

const bill = (seatingKey?: string): Call => ({
  path: 'table/orders',
  headers: seatingKey === undefined ? {} : { 'X-Seating-Key': seatingKey },
});
const ask = (key: string | undefined, body: unknown, header = 'X-Seating-Key'): Call => ({
  method: 'POST',
  path: 'table/requests',
  body,
  headers: key === undefined ? {} : { [header]: key },
});
const clear = (tableId: number, reason?: string): Call => ({
  method: 'POST',
  path: `staff/tables/${tableId}/clear`,
  ...(reason === undefined ? {} : { body: { reason } }),
});

async function place(client: ContractClient, order: NewOrder, keys: { seating?: string; table?: string } = {}) {
  return client.expectOk(
    {
      method: 'POST',
      path: 'orders',
      body: order,
      headers: {
        'Idempotency-Key': unique('table-case'),
        ...(keys.table ? { 'X-Table-Key': keys.table } : {}),
        ...(keys.seating ? { 'X-Seating-Key': keys.seating } : {}),
      },
    },
    201,
    orderSchema,
  );
}

/** Clears the table as a manager (with a reason, whatever its party owes) and answers its printed key. */
async function clearTable(client: ContractClient, tableId: number): Promise<string> {
  const manager = await asManager(client);
  await client.expectOk(withCookie(manager, clear(tableId, 'contract case starts afresh')), 200, staffTableSchema);
  const tables = await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema);
  const key = tables.find((table) => table.id === tableId)?.key;
  if (!key) throw new Error(`No key for table ${tableId}`);
  return key;
}

/** A phone's scan of the table's printed code: its key to the table's seating. */
async function scan(client: ContractClient, tableKey: string): Promise<string> {
  const seating = await client.expectOk(
    { method: 'POST', path: 'table/seating', headers: { 'X-Table-Key': tableKey } },
    200,
    seatingSchema,
  );
  return seating.seating_key;
}

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `table sessions: ${name}`, run };
}

export const tableCases: ContractCase[] = [
  scenario(
    'the table’s orders hold every order of the seating with its guest, and the total, never a key',
    async (client) => {
      const key = await clearTable(client, BILL_TABLE);
      const seating = await scan(client, key);
      const empty = await client.expectOk(bill(seating), 200, tableBillSchema);
      expect(empty).toMatchObject({ table_id: BILL_TABLE, orders: [], total: 0 });
      expect(empty.seating_started_at).not.toBeNull();

      const ana = await place(
        client,
        { table_id: BILL_TABLE, guest: 'Ana', items: [{ menu_id: MARGHERITA.id, quantity: 2 }] },
        { seating },
      );
      const ben = await place(
        client,
        { table_id: BILL_TABLE, guest: '  Ben  ', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
        { seating: await scan(client, key) },
      );
      // Chosen in the picker, without any key: still this table's order, in its open seating, with no name.
      const nameless = await place(client, { table_id: BILL_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] });

      const answer = await client.call(bill(seating));
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('order_key');
      const seen = tableBillSchema.parse(answer.body);
      expect(seen.table_id).toBe(BILL_TABLE);
      expect(seen.orders.map((order) => [order.orderID, order.guest])).toEqual([
        [ana.orderID, 'Ana'],
        [ben.orderID, 'Ben'],
        [nameless.orderID, null],
      ]);
      expect(seen.orders[0]?.items[0]).toMatchObject({ menu_id: MARGHERITA.id, quantity: 2 });
      expect(seen.total).toBeCloseTo(2 * MARGHERITA.price + 2 * TIRAMISU.price, 2);
    },
  ),

  scenario('an order before the clear never appears after it; the next party sees only its own', async (client) => {
    const key = await clearTable(client, BILL_TABLE);
    const first = await scan(client, key);
    const before = await place(
      client,
      { table_id: BILL_TABLE, guest: 'Dana', items: [{ menu_id: MARGHERITA.id, quantity: 1 }] },
      { seating: first },
    );
    expect((await client.expectOk(bill(first), 200, tableBillSchema)).orders).toHaveLength(1);

    // The printed key stays through the clear; the next party's scan of it opens a new seating.
    expect(await clearTable(client, BILL_TABLE)).toBe(key);
    await refused(client, bill(first), 404, 'seating_ended');
    const second = await scan(client, key);
    const afterClear = await client.expectOk(bill(second), 200, tableBillSchema);
    expect(afterClear).toMatchObject({ orders: [], total: 0 });

    const next = await place(
      client,
      { table_id: BILL_TABLE, guest: 'Eli', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
      { seating: second },
    );
    const nextBill = await client.expectOk(bill(second), 200, tableBillSchema);
    expect(nextBill.orders.map((order) => order.orderID)).toEqual([next.orderID]);
    expect(JSON.stringify(nextBill)).not.toContain(before.orderID);
    expect(JSON.stringify(nextBill)).not.toContain('Dana');
    expect(nextBill.total).toBeCloseTo(TIRAMISU.price, 2);
    // Cleared with an order still open: it stays on the kitchen's board, only the bill moves on.
    await client.advance(before.orderID, 3);
    await client.advance(next.orderID, 3);
  }),

  scenario('only a manager’s new key changes the printed key; the old one is refused at once', async (client) => {
    const old = await clearTable(client, BILL_TABLE);
    const manager = await asManager(client);
    const rotated = await client.expectOk(
      withCookie(manager, { method: 'POST', path: `staff/tables/${BILL_TABLE}/key` }),
      200,
      staffTableSchema,
    );
    expect(rotated.key).not.toBe(old);
    const floor = await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema);
    expect(floor.find((table) => table.id === BILL_TABLE)?.key).toBe(rotated.key);

    await refused(client, { method: 'POST', path: 'table/seating', headers: { 'X-Table-Key': old } }, 404, 'not_found');
    await refused(client, ask(old, { kind: 'waiter' }, 'X-Table-Key'), 404, 'not_found');
    await refused(
      client,
      {
        method: 'POST',
        path: 'orders',
        body: { table_id: BILL_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
        headers: { 'X-Table-Key': old },
      },
      403,
      'table_key',
    );
    await client.expectOk(bill(await scan(client, rotated.key ?? '')), 200, tableBillSchema);
  }),

  scenario(
    'first orders placed at once after a clear all join one seating: one bill holds them all',
    async (client) => {
      const key = await clearTable(client, BILL_TABLE);
      const order = { table_id: BILL_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] };
      const placed = await Promise.all(Array.from({ length: 6 }, () => place(client, order, { table: key })));
      const tableBill = await client.expectOk(bill(await scan(client, key)), 200, tableBillSchema);
      expect(tableBill.orders.map((entry) => entry.orderID).sort()).toEqual(
        placed.map((entry) => entry.orderID).sort(),
      );
      for (const entry of placed) await client.advance(entry.orderID, 3);
    },
  ),

  scenario(
    'the table’s orders without a seating key, with the printed key alone, or a made-up one: 404',
    async (client) => {
      const key = await clearTable(client, BILL_TABLE);
      await refused(client, bill(), 404, 'not_found');
      await refused(client, { path: 'table/orders', headers: { 'X-Table-Key': key } }, 404, 'not_found');
      await refused(client, bill('not-a-key-of-any-seating-0123'), 404, 'not_found');
      await refused(client, { ...bill(), auth: false }, 401, 'unauthorized');
    },
  ),

  scenario('a guest name is 1 to 40 characters once trimmed (422 otherwise)', async (client) => {
    const key = await clearTable(client, BILL_TABLE);
    const seating = await scan(client, key);
    const order = (guest: unknown): Call => ({
      method: 'POST',
      path: 'orders',
      body: { table_id: BILL_TABLE, guest, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
      headers: { 'X-Seating-Key': seating },
    });
    await client.expectError(order(''), 422, ['guest']);
    await client.expectError(order('    '), 422, ['guest']);
    await client.expectError(order('x'.repeat(41)), 422, ['guest']);
    await client.expectError(order(42), 422, ['guest']);
    const longest = await place(
      client,
      { table_id: BILL_TABLE, guest: 'y'.repeat(40), items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
      { seating },
    );
    const seen = await client.expectOk(bill(seating), 200, tableBillSchema);
    expect(seen.orders.find((o) => o.orderID === longest.orderID)?.guest).toBe('y'.repeat(40));
  }),

  scenario('one open request of each kind per table: a repeat answers the open one', async (client) => {
    const cook = await asCook(client);
    const tableKey = await clearTable(client, REQUEST_TABLE);
    const key = await scan(client, tableKey);
    const waiter = await client.expectOk(ask(key, { kind: 'waiter' }), 201, serviceRequestSchema);
    expect(waiter).toMatchObject({ table_id: REQUEST_TABLE, kind: 'waiter', acknowledged_at: null });
    const again = await client.expectOk(ask(key, { kind: 'waiter', note: 'still waiting' }), 200, serviceRequestSchema);
    expect(again.id).toBe(waiter.id);
    // The printed key still calls a waiter to the table: the same open request.
    const byPrintedKey = await client.expectOk(
      ask(tableKey, { kind: 'waiter' }, 'X-Table-Key'),
      200,
      serviceRequestSchema,
    );
    expect(byPrintedKey.id).toBe(waiter.id);
    const billRequest = await client.expectOk(ask(key, { kind: 'bill' }), 201, serviceRequestSchema);
    expect(billRequest.id).not.toBe(waiter.id);

    const open = await client.expectOk(withCookie(cook, { path: 'staff/requests' }), 200, serviceRequestsSchema);
    const mine = open.filter((request) => request.table_id === REQUEST_TABLE);
    expect(mine.map((request) => request.kind).sort()).toEqual(['bill', 'waiter']);
    const seenByGuests = await client.expectOk(bill(key), 200, tableBillSchema);
    expect(seenByGuests.open_requests?.map((request) => request.id).sort()).toEqual([waiter.id, billRequest.id].sort());

    const done = await client.expectOk(
      withCookie(cook, { method: 'POST', path: `staff/requests/${waiter.id}/done` }),
      200,
      serviceRequestSchema,
    );
    expect(done.done_at).toBeTruthy();
    const doneAgain = await client.expectOk(
      withCookie(cook, { method: 'POST', path: `staff/requests/${waiter.id}/done` }),
      200,
      serviceRequestSchema,
    );
    expect(doneAgain.done_at).toBe(done.done_at);
    const stillOpen = await client.expectOk(withCookie(cook, { path: 'staff/requests' }), 200, serviceRequestsSchema);
    expect(stillOpen.map((request) => request.id)).not.toContain(waiter.id);

    // Once the open one is done, a new call is a new request.
    const later = await client.expectOk(ask(key, { kind: 'waiter' }), 201, serviceRequestSchema);
    expect(later.id).not.toBe(waiter.id);

    // Clearing the table closes what its party asked for (nothing was ordered: the cook may clear it).
    await client.expectOk(withCookie(cook, clear(REQUEST_TABLE)), 200, staffTableSchema);
    const afterClear = await client.expectOk(withCookie(cook, { path: 'staff/requests' }), 200, serviceRequestsSchema);
    expect(afterClear.filter((request) => request.table_id === REQUEST_TABLE)).toEqual([]);
  }),

  scenario('requests: a wrong or missing key is 404, a bad kind 422, an unknown request 404', async (client) => {
    const key = await scan(client, await clearTable(client, REQUEST_TABLE));
    await refused(client, ask(undefined, { kind: 'waiter' }), 404, 'not_found');
    await refused(client, ask('made-up-seating-key-0123456789', { kind: 'waiter' }), 404, 'not_found');
    await refused(client, ask('made-up-table-key-0123456789', { kind: 'waiter' }, 'X-Table-Key'), 404, 'not_found');
    await refused(client, ask(key, { kind: 'dessert' }), 422, 'invalid', ['kind']);
    await refused(client, ask(key, {}), 422, 'invalid', ['kind']);
    await refused(
      client,
      { ...ask(key, { kind: 'waiter' }), body: undefined, rawBody: '{"kind":' },
      400,
      'bad_request',
    );
    const cook = await asCook(client);
    await refused(client, withCookie(cook, { method: 'POST', path: 'staff/requests/987654/done' }), 404, 'not_found');
    await refused(client, withCookie(cook, { method: 'POST', path: 'staff/requests/zero/done' }), 404, 'not_found');
  }),

  scenario(
    'staff calls of table sessions need a session (401); the kitchen may clear a table that owes nothing; unknown table 404',
    async (client) => {
      await refused(client, clear(REQUEST_TABLE), 401, 'unauthorized');
      await refused(client, { path: 'staff/requests' }, 401, 'unauthorized');
      await refused(client, { method: 'POST', path: 'staff/requests/1/done' }, 401, 'unauthorized');
      await refused(
        client,
        withCookie('staff_session=made-up-session-token-0123', clear(REQUEST_TABLE)),
        401,
        'unauthorized',
      );
      await clearTable(client, REQUEST_TABLE);
      const cook = await asCook(client);
      const cleared = await client.expectOk(withCookie(cook, clear(REQUEST_TABLE)), 200, staffTableSchema);
      // The printed key is for managers' eyes only.
      expect(cleared.key).toBeUndefined();
      await refused(client, withCookie(cook, clear(4321)), 404, 'not_found');
      await refused(client, withCookie(cook, clear(9_999_999_999)), 404, 'not_found');
    },
  ),
];
