// Tables that last and the bill (contract v1.2): seatings and their keys, the bill's figures, shares and the demo
// payment step, the till and refunds, clearing with a balance, the tables editor, the floor; refusals included.
import { expect } from 'vitest';
import {
  billSchema,
  DEMO_CARDS,
  seatingSchema,
  shareSchema,
  type Bill,
  type NewShare,
  type Seating,
  type Share,
} from '../../contract/bill';
import { tablesSchema } from '../../contract/guest';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, ordersSchema, serviceRequestSchema, tableBillSchema, type Order } from '../../contract/orders';
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import {
  floorSchema,
  paymentRecordSchema,
  refundRecordSchema,
  staffBillSchema,
  staffTableSchema,
  staffTablesSchema,
} from '../../contract/tables';
import { lineCharges, splitEqually, type BillRules } from '../../src/domain/bill';
import { fromCents, toCents } from '../../src/domain/money';
import type { Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, signIn, withCookie } from './staff-cases';

// Tables no other case uses; each case starts its table afresh (a manager clears it, with a reason if it owes).
const SEATING_TABLE = 1;
const PAY_TABLE = 3;
const SPLIT_TABLE = 4;
const TILL_TABLE = 6;
const STATUS_TABLE = 8;
const MARGHERITA = { id: 33, cents: 1150 };
const TIRAMISU = { id: 47, cents: 750 };
const WAITER = { name: 'wanda', password: 'waiter-password' } as const;

/** Rules with something of everything, so each figure is checked: 10 % added tax, 10 % service on food, tips. */
const BILL_PROFILE: Partial<Restaurant> = {
  tax: { rate: 0.1, included: false },
  service_charge: { rate: 0.1, applies_to: 'food' },
  tips: { presets: [0.1, 0.15], custom: true },
};
const RULES: BillRules = {
  tax: { rate: 0.1, included: false },
  serviceCharge: { rate: 0.1, appliesTo: 'food' },
};

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

const seatingHeaders = (seating: Seating | string) => ({
  'X-Seating-Key': typeof seating === 'string' ? seating : seating.seating_key,
});
const join = (tableKey?: string): Call => ({
  method: 'POST',
  path: 'table/seating',
  headers: tableKey === undefined ? {} : { 'X-Table-Key': tableKey },
});
const billCall = (seating: Seating | string): Call => ({ path: 'table/bill', headers: seatingHeaders(seating) });
const shareCall = (
  seating: Seating | string,
  body: NewShare | Record<string, unknown>,
  key = unique('share'),
): Call => ({
  method: 'POST',
  path: 'table/bill/shares',
  body,
  headers: { ...seatingHeaders(seating), 'Idempotency-Key': key },
});
const payCall = (seating: Seating | string, shareId: number, body: Record<string, unknown>): Call => ({
  method: 'POST',
  path: `payments/demo/${shareId}`,
  body,
  headers: seatingHeaders(seating),
});
const clearCall = (tableId: number, reason?: string): Call => ({
  method: 'POST',
  path: `staff/tables/${tableId}/clear`,
  ...(reason === undefined ? {} : { body: { reason } }),
});

async function asWaiter(client: ContractClient): Promise<string> {
  const manager = await asManager(client);
  const added = await client.call(
    withCookie(manager, { method: 'POST', path: 'staff/accounts', body: { ...WAITER, role: 'waiter' } }),
  );
  expect([201, 409]).toContain(added.status);
  return signIn(client, WAITER);
}

/** The table's printed key, as a manager's tables editor shows it. */
async function printedKey(client: ContractClient, tableId: number, manager?: string): Promise<string> {
  const tables = await client.expectOk(
    withCookie(manager ?? (await asManager(client)), { path: 'staff/tables' }),
    200,
    staffTablesSchema,
  );
  const key = tables.find((table) => table.id === tableId)?.key;
  if (!key) throw new Error(`No key for table ${tableId}`);
  return key;
}

/** Clears the table as a manager (with a reason, whatever it owes) and answers its printed key. */
async function freshTable(client: ContractClient, tableId: number): Promise<string> {
  const manager = await asManager(client);
  await client.expectOk(withCookie(manager, clearCall(tableId, 'contract case starts afresh')), 200, staffTableSchema);
  return printedKey(client, tableId, manager);
}

const scan = (client: ContractClient, tableKey: string) => client.expectOk(join(tableKey), 200, seatingSchema);

async function order(
  client: ContractClient,
  body: NewOrder,
  keys: { table?: string; seating?: Seating },
): Promise<Order & { order_key?: string }> {
  const answer = await client.call({
    method: 'POST',
    path: 'orders',
    body,
    headers: {
      'Idempotency-Key': unique('bill-order'),
      ...(keys.table ? { 'X-Table-Key': keys.table } : {}),
      ...(keys.seating ? seatingHeaders(keys.seating) : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const key = (answer.body as { order_key?: string }).order_key;
  return { ...orderSchema.parse(answer.body), ...(key ? { order_key: key } : {}) };
}

/** Runs `run` with the bill's rules (or `profile`) set on the restaurant's profile, and puts the profile back after. */
async function withBillRules(
  client: ContractClient,
  run: () => Promise<void>,
  profile: Partial<Restaurant> = BILL_PROFILE,
): Promise<void> {
  const manager = await asManager(client);
  const before = await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema);
  const put = (profile: Restaurant): Call =>
    withCookie(manager, { method: 'PUT', path: 'staff/restaurant', body: profile });
  await client.expectOk(put({ ...before, ...profile }), 200, restaurantSchema);
  try {
    await run();
  } finally {
    await client.expectOk(put(before), 200, restaurantSchema);
  }
}

const lineOf = (bill: Bill, menuName: string) => {
  const line = bill.lines.find((candidate) => candidate.name === menuName);
  if (!line) throw new Error(`No ${menuName} on the bill`);
  return line;
};

const cancelCall = (seating: Seating | string | undefined, shareId: number): Call => ({
  method: 'DELETE',
  path: `table/bill/shares/${shareId}`,
  headers: seating === undefined ? {} : seatingHeaders(seating),
});

async function payDemo(client: ContractClient, seating: Seating, share: Share, card: string = DEMO_CARDS.approve) {
  return client.expectOk(payCall(seating, share.id, { card_number: card }), 200, shareSchema);
}

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `bill: ${name}`, run };
}

export const billCases: ContractCase[] = [
  scenario('a scan joins the open seating or starts one, with a key of its own per phone', async (client) => {
    const tableKey = await freshTable(client, SEATING_TABLE);
    const first = await scan(client, tableKey);
    const second = await scan(client, tableKey);
    expect(second.seating_id).toBe(first.seating_id);
    expect(second.seating_key).not.toBe(first.seating_key);
    expect(first.seating_key.length).toBeGreaterThanOrEqual(22);
    for (const seating of [first, second]) {
      const bill = await client.expectOk(billCall(seating), 200, billSchema);
      expect(bill).toMatchObject({ seating_id: first.seating_id, table_id: SEATING_TABLE, lines: [], balance: 0 });
      expect(bill.pay_at_table).toBe(true);
    }
    await refused(client, join(), 404, 'not_found');
    await refused(client, join('not-a-key-of-any-table-0123'), 404, 'not_found');
    await refused(client, { ...join(tableKey), auth: false }, 401, 'unauthorized');
    await refused(client, billCall('not-a-seating-key-of-anyone-0123'), 404, 'not_found');
    await refused(client, { path: 'table/bill' }, 404, 'not_found');
  }),

  scenario(
    'a guest cancels their open share: its lines are free at once; only the seating’s own open shares are cancelled',
    async (client) => {
      const tableKey = await freshTable(client, PAY_TABLE);
      const ana = await scan(client, tableKey);
      const ben = await scan(client, tableKey);
      const stranger = await scan(client, await freshTable(client, SPLIT_TABLE));
      await order(client, { table_id: PAY_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 2 }] }, { seating: ana });
      const line = lineOf(await client.expectOk(billCall(ana), 200, billSchema), 'Tiramisu');
      const items = { kind: 'items', lines: [{ line_id: line.line_id, quantity: 2 }] } as const;
      const held = await client.expectOk(shareCall(ana, items), 201, shareSchema);
      await refused(client, shareCall(ben, items), 409, 'already_paid');

      // Refused, and the share still holds: no seating key, another seating's key, no bearer, no such share.
      await refused(client, cancelCall(undefined, held.id), 404, 'not_found');
      await refused(client, cancelCall(stranger, held.id), 404, 'not_found');
      await refused(client, { ...cancelCall(ana, held.id), auth: false }, 401, 'unauthorized');
      await refused(client, cancelCall(ana, 987_654), 404, 'not_found');
      expect(lineOf(await client.expectOk(billCall(ben), 200, billSchema), 'Tiramisu').held_quantity).toBe(2);

      const cancelled = await client.expectOk(cancelCall(ana, held.id), 200, shareSchema);
      expect(cancelled).toMatchObject({ id: held.id, status: 'cancelled', amount: held.amount });
      const bill = await client.expectOk(billCall(ben), 200, billSchema);
      expect(lineOf(bill, 'Tiramisu')).toMatchObject({ held_quantity: 0, paid_quantity: 0 });
      expect(bill.available).toBe(bill.balance);
      expect(bill.shares.find((share) => share.id === held.id)?.status).toBe('cancelled');
      // A retry answers it as it is; it can no longer be paid.
      expect(await client.expectOk(cancelCall(ana, held.id), 200, shareSchema)).toMatchObject({ status: 'cancelled' });
      await refused(client, payCall(ana, held.id, { card_number: DEMO_CARDS.approve }), 409, 'not_editable');

      // Another phone takes the lines at once; once paid, that share cannot be cancelled.
      const taken = await client.expectOk(shareCall(ben, items), 201, shareSchema);
      await payDemo(client, ben, taken);
      await refused(client, cancelCall(ben, taken.id), 409, 'already_paid');
      const after = await client.expectOk(billCall(ben), 200, billSchema);
      expect(after.shares.find((share) => share.id === taken.id)?.status).toBe('paid');
      expect(after.balance).toBe(0);
    },
  ),

  scenario(
    'the seating answer names the table its key opened, whatever table the guest thinks they are at',
    async (client) => {
      for (const tableId of [SEATING_TABLE, PAY_TABLE]) {
        const seating = await scan(client, await freshTable(client, tableId));
        expect(seating.table_id).toBe(tableId);
        const bill = await client.expectOk(billCall(seating), 200, billSchema);
        expect(bill.table_id).toBe(seating.table_id);
      }
    },
  ),

  scenario(
    'clearing ends the seating and keeps the printed key: old seating keys answer seating_ended, the next scan is a new party',
    async (client) => {
      const tableKey = await freshTable(client, SEATING_TABLE);
      const ana = await scan(client, tableKey);
      const first = await order(
        client,
        { table_id: SEATING_TABLE, guest: 'Ana', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
        { table: tableKey, seating: ana },
      );
      // The printed key alone no longer opens the table's orders or bill: it lasts from party to party.
      await refused(client, { path: 'table/orders', headers: { 'X-Table-Key': tableKey } }, 404, 'not_found');
      await refused(client, { path: 'table/bill', headers: { 'X-Table-Key': tableKey } }, 404, 'not_found');
      const orders = await client.expectOk(
        { path: 'table/orders', headers: seatingHeaders(ana) },
        200,
        tableBillSchema,
      );
      expect(orders.orders.map((entry) => [entry.orderID, entry.guest])).toEqual([[first.orderID, 'Ana']]);

      // The party owes money: the cook may not clear it, a manager only with a reason.
      const cook = await asCook(client);
      await refused(client, withCookie(cook, clearCall(SEATING_TABLE)), 409, 'balance_due');
      const manager = await asManager(client);
      await refused(client, withCookie(manager, clearCall(SEATING_TABLE)), 422, 'invalid', ['reason']);
      const cleared = await client.expectOk(
        withCookie(manager, clearCall(SEATING_TABLE, 'walked out, manager informed')),
        200,
        staffTableSchema,
      );
      expect(cleared.key).toBe(tableKey);
      expect(cleared.status).toBe('free');
      expect(await printedKey(client, SEATING_TABLE, manager)).toBe(tableKey);

      for (const call of [
        billCall(ana),
        { path: 'table/orders', headers: seatingHeaders(ana) },
        { method: 'POST', path: 'table/requests', body: { kind: 'waiter' }, headers: seatingHeaders(ana) } as Call,
        shareCall(ana, { kind: 'amount', amount: 'rest' }),
        {
          method: 'POST',
          path: 'orders',
          body: { table_id: SEATING_TABLE, guest: 'Ana', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
          headers: { 'X-Table-Key': tableKey, ...seatingHeaders(ana) },
        } as Call,
      ]) {
        await refused(client, call, 404, 'seating_ended');
      }

      // The next party scans the same printed code: a new seating, which holds nothing of the first.
      const cleo = await scan(client, tableKey);
      expect(cleo.seating_id).not.toBe(ana.seating_id);
      const next = await order(
        client,
        { table_id: SEATING_TABLE, guest: 'Cleo', items: [{ menu_id: MARGHERITA.id, quantity: 1 }] },
        { table: tableKey, seating: cleo },
      );
      const cleoBill = await client.expectOk(billCall(cleo), 200, billSchema);
      expect(cleoBill.lines.map((line) => line.order_id)).toEqual([next.orderID]);
      expect(JSON.stringify(cleoBill)).not.toContain('Ana');
      // Ana's phone still reads her own order, by its key.
      const [mine] = await client.expectOk(
        { path: 'orders', query: { orderID: first.orderID }, headers: { 'X-Order-Key': first.order_key ?? '' } },
        200,
        ordersSchema,
      );
      expect(mine?.orderID).toBe(first.orderID);
    },
  ),

  scenario('a guest name needs the seating’s key; a seating key of another table is refused', async (client) => {
    const tableKey = await freshTable(client, SEATING_TABLE);
    const seating = await scan(client, tableKey);
    const named = { table_id: SEATING_TABLE, guest: 'Eve', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] };
    const post = (body: NewOrder, headers: Record<string, string>): Call => ({
      method: 'POST',
      path: 'orders',
      body,
      headers,
    });
    await refused(client, post(named, { 'X-Table-Key': tableKey }), 403, 'seating_key', ['guest']);
    await refused(client, post(named, {}), 403, 'seating_key', ['guest']);
    await refused(client, post({ ...named, table_id: PAY_TABLE }, seatingHeaders(seating)), 404, 'not_found');
    // The seating's key stands for the printed one it was given for.
    const placed = await client.expectOk(post(named, seatingHeaders(seating)), 201, orderSchema);
    const bill = await client.expectOk(billCall(seating), 200, billSchema);
    expect(bill.lines.map((line) => [line.order_id, line.guest])).toEqual([[placed.orderID, 'Eve']]);
  }),

  scenario(
    'the bill: subtotal, added tax and service charge per line, tips, paid and balance, by the shared rules',
    async (client) => {
      await withBillRules(client, async () => {
        const tableKey = await freshTable(client, PAY_TABLE);
        const seating = await scan(client, tableKey);
        await order(
          client,
          {
            table_id: PAY_TABLE,
            guest: 'Ana',
            items: [
              { menu_id: MARGHERITA.id, quantity: 2 },
              { menu_id: TIRAMISU.id, quantity: 1 },
            ],
          },
          { seating },
        );
        const bill = await client.expectOk(billCall(seating), 200, billSchema);
        // Each line says its dish, by which a guest's phone names it in the guest's language.
        expect(bill.lines.map((line) => [line.name, line.menu_id])).toEqual([
          ['Margherita', MARGHERITA.id],
          ['Tiramisu', TIRAMISU.id],
        ]);
        // 2 × 11.50 + 7.50 = 30.50; 10 % tax per line 2.30 + 0.75; 10 % service on food the same.
        expect(bill).toMatchObject({
          subtotal: 30.5,
          tax: 3.05,
          tax_included: false,
          service_charge: 3.05,
          tips: 0,
          total: 36.6,
          paid: 0,
          balance: 36.6,
          available: 36.6,
          shares: [],
        });
        expect(lineOf(bill, 'Margherita')).toMatchObject({
          quantity: 2,
          unit_price: 11.5,
          paid_quantity: 0,
          guest: 'Ana',
        });
        const byRules = bill.lines.reduce(
          (sum, line) => sum + lineCharges(toCents(line.unit_price) * line.quantity, true, RULES).due,
          0,
        );
        expect(toCents(bill.total)).toBe(byRules);
      });
    },
  ),

  scenario(
    'two phones: one pays her lines with a 10 % tip, the other cannot take them (409 with what is left) and pays the rest; a third attempt is refused',
    async (client) => {
      await withBillRules(client, async () => {
        const tableKey = await freshTable(client, PAY_TABLE);
        const ana = await scan(client, tableKey);
        const ben = await scan(client, tableKey);
        await order(
          client,
          { table_id: PAY_TABLE, guest: 'Ana', items: [{ menu_id: MARGHERITA.id, quantity: 2 }] },
          { seating: ana },
        );
        await order(
          client,
          { table_id: PAY_TABLE, guest: 'Ben', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
          {
            seating: ben,
          },
        );
        const before = await client.expectOk(billCall(ana), 200, billSchema);
        const margherita = lineOf(before, 'Margherita');

        const mine = await client.expectOk(
          shareCall(ana, { kind: 'items', lines: [{ line_id: margherita.line_id, quantity: 2 }], tip: { rate: 0.1 } }),
          201,
          shareSchema,
        );
        // 23.00 + 2.30 tax + 2.30 service = 27.60; a 10 % tip on it is 2.76.
        expect(mine).toMatchObject({ kind: 'items', amount: 27.6, tip: 2.76, total: 30.36, status: 'open' });
        expect(mine.payment).toMatchObject({ provider: 'demo' });
        expect(mine.payment.url).toContain(String(mine.id));

        // Held for Ana: Ben's phone cannot take the same dish, and is told what is left of it.
        const held = await refused(
          client,
          shareCall(ben, { kind: 'items', lines: [{ line_id: margherita.line_id, quantity: 1 }] }),
          409,
          'already_paid',
          ['lines.0.quantity'],
        );
        expect(JSON.stringify(held.body)).toContain('none left');
        const whileHeld = await client.expectOk(billCall(ben), 200, billSchema);
        expect(lineOf(whileHeld, 'Margherita').held_quantity).toBe(2);
        expect(whileHeld.available).toBe(9);

        const paid = await payDemo(client, ana, mine);
        expect(paid.status).toBe('paid');
        const afterAna = await client.expectOk(billCall(ben), 200, billSchema);
        expect(lineOf(afterAna, 'Margherita')).toMatchObject({ paid_quantity: 2, held_quantity: 0 });
        expect(afterAna).toMatchObject({ paid: 30.36, tips: 2.76, balance: 9, total: 39.36 });

        const rest = await client.expectOk(
          shareCall(ben, { kind: 'amount', amount: 'rest', tip: { amount: 1 } }),
          201,
          shareSchema,
        );
        expect(rest).toMatchObject({ kind: 'amount', amount: 9, tip: 1, total: 10 });
        await payDemo(client, ben, rest);
        const settled = await client.expectOk(billCall(ana), 200, billSchema);
        expect(settled).toMatchObject({ balance: 0, available: 0, paid: 40.36, tips: 3.76, total: 40.36 });
        expect(settled.shares.map((share) => share.status)).toEqual(['paid', 'paid']);

        // A third attempt, of any kind, is refused: nothing is left to pay.
        for (const body of [
          { kind: 'amount', amount: 'rest' },
          { kind: 'equal', parts: 2 },
          { kind: 'items', lines: [{ line_id: margherita.line_id, quantity: 1 }] },
        ] as const) {
          await refused(client, shareCall(ana, body), 409, 'already_paid');
        }
        // Paid: now any member of staff may clear it, and the key stays.
        const cook = await asCook(client);
        const cleared = await client.expectOk(withCookie(cook, clearCall(PAY_TABLE)), 200, staffTableSchema);
        expect(cleared.key).toBeUndefined();
      });
    },
  ),

  scenario('a share is paid once, however many confirmations arrive at once', async (client) => {
    const tableKey = await freshTable(client, PAY_TABLE);
    const seating = await scan(client, tableKey);
    await order(client, { table_id: PAY_TABLE, items: [{ menu_id: MARGHERITA.id, quantity: 1 }] }, { seating });
    const share = await client.expectOk(shareCall(seating, { kind: 'amount', amount: 'rest' }), 201, shareSchema);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.call(payCall(seating, share.id, { card_number: DEMO_CARDS.approve }))),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(shareSchema.parse(answer.body).status).toBe('paid');
    }
    const bill = await client.expectOk(billCall(seating), 200, billSchema);
    expect(bill).toMatchObject({ paid: share.total, balance: 0 });
    const manager = await asManager(client);
    const staffBill = await client.expectOk(
      withCookie(manager, { path: `staff/tables/${PAY_TABLE}/bill` }),
      200,
      staffBillSchema,
    );
    expect(staffBill.payments.filter((payment) => payment.share_id === share.id)).toHaveLength(1);
  }),

  scenario('shares: the same Idempotency-Key answers the same share; bad shares are 400 or 422', async (client) => {
    const tableKey = await freshTable(client, PAY_TABLE);
    const seating = await scan(client, tableKey);
    await order(client, { table_id: PAY_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 2 }] }, { seating });
    const bill = await client.expectOk(billCall(seating), 200, billSchema);
    const tiramisu = lineOf(bill, 'Tiramisu');

    const key = unique('same');
    const first = await client.expectOk(shareCall(seating, { kind: 'equal', parts: 2 }, key), 201, shareSchema);
    const again = await client.expectOk(shareCall(seating, { kind: 'equal', parts: 2 }, key), 200, shareSchema);
    expect(again.id).toBe(first.id);
    await refused(client, shareCall(seating, { kind: 'equal', parts: 3 }, key), 422, 'invalid', ['Idempotency-Key']);

    await refused(client, shareCall(seating, { kind: 'equal', parts: 0 }), 422, 'invalid', ['parts']);
    await refused(client, shareCall(seating, { kind: 'amount', amount: 5, tip: { amount: -1 } }), 422, 'invalid');
    await refused(client, shareCall(seating, { kind: 'amount', amount: 5, tip: { rate: -0.1 } }), 422, 'invalid');
    await refused(client, shareCall(seating, { kind: 'amount', amount: 1000 }), 422, 'invalid', ['amount']);
    await refused(client, shareCall(seating, { kind: 'amount', amount: 0 }), 422, 'invalid', ['amount']);
    await refused(client, shareCall(seating, { kind: 'amount', amount: 1.005 }), 422, 'invalid', ['amount']);
    await refused(
      client,
      shareCall(seating, { kind: 'items', lines: [{ line_id: 987_654, quantity: 1 }] }),
      422,
      'invalid',
      ['lines.0.line_id'],
    );
    await refused(
      client,
      shareCall(seating, { kind: 'items', lines: [{ line_id: tiramisu.line_id, quantity: 3 }] }),
      409,
      'already_paid',
    );
    await refused(client, shareCall(seating, { kind: 'dessert' }), 422, 'invalid', ['kind']);
    await refused(
      client,
      { ...shareCall(seating, { kind: 'equal', parts: 2 }), headers: seatingHeaders(seating) },
      400,
      'bad_request',
      ['Idempotency-Key'],
    );
    await refused(client, { ...shareCall(seating, {}), body: undefined, rawBody: '{"kind":' }, 400, 'bad_request');
    await refused(client, { ...shareCall(seating, { kind: 'equal', parts: 2 }), auth: false }, 401, 'unauthorized');
  }),

  scenario(
    'the demo step: a declined card fails the share and frees its lines; a second step completes or fails; other cards 422',
    async (client) => {
      const tableKey = await freshTable(client, PAY_TABLE);
      const seating = await scan(client, tableKey);
      await order(client, { table_id: PAY_TABLE, items: [{ menu_id: MARGHERITA.id, quantity: 1 }] }, { seating });
      const line = lineOf(await client.expectOk(billCall(seating), 200, billSchema), 'Margherita');
      const items = { kind: 'items', lines: [{ line_id: line.line_id, quantity: 1 }] } as const;

      const declined = await client.expectOk(shareCall(seating, items), 201, shareSchema);
      await refused(client, payCall(seating, declined.id, { card_number: '4111 1111 1111 1111' }), 422, 'invalid', [
        'card_number',
      ]);
      await refused(
        client,
        payCall(seating, declined.id, { card_number: DEMO_CARDS.approve, second_step: 'complete' }),
        422,
        'invalid',
        ['second_step'],
      );
      const failed = await payDemo(client, seating, declined, '4000 0000 0000 0002');
      expect(failed).toMatchObject({ status: 'failed', payment: { decline_code: 'card_declined' } });
      await refused(client, payCall(seating, declined.id, { card_number: DEMO_CARDS.approve }), 409, 'not_editable');

      // Its line is free again: a new share takes it, and this card asks for a second step first.
      const retry = await client.expectOk(shareCall(seating, items), 201, shareSchema);
      const asked = await payDemo(client, seating, retry, DEMO_CARDS.authenticate);
      expect(asked).toMatchObject({ status: 'open', payment: { next_step: 'authenticate' } });
      const failedStep = await client.expectOk(
        payCall(seating, retry.id, { card_number: DEMO_CARDS.authenticate, second_step: 'fail' }),
        200,
        shareSchema,
      );
      expect(failedStep).toMatchObject({ status: 'failed', payment: { decline_code: 'authentication_failed' } });

      const last = await client.expectOk(shareCall(seating, items), 201, shareSchema);
      await payDemo(client, seating, last, DEMO_CARDS.authenticate);
      const completed = await client.expectOk(
        payCall(seating, last.id, { card_number: DEMO_CARDS.authenticate, second_step: 'complete' }),
        200,
        shareSchema,
      );
      expect(completed.status).toBe('paid');
      expect((await client.expectOk(billCall(seating), 200, billSchema)).balance).toBe(0);

      // Another seating's phone cannot pay this table's share, nor can a phone without a key.
      const other = await scan(client, await freshTable(client, SPLIT_TABLE));
      await refused(client, payCall(other, last.id, { card_number: DEMO_CARDS.approve }), 404, 'not_found');
      await refused(
        client,
        { ...payCall(seating, last.id, { card_number: DEMO_CARDS.approve }), headers: {} },
        404,
        'not_found',
      );
      await refused(client, payCall(seating, 987_654, { card_number: DEMO_CARDS.approve }), 404, 'not_found');
    },
  ),

  scenario('an open share holds its lines for 10 minutes; once expired they are free again', async (client) => {
    const tableKey = await freshTable(client, PAY_TABLE);
    const ana = await scan(client, tableKey);
    const ben = await scan(client, tableKey);
    await order(client, { table_id: PAY_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] }, { seating: ana });
    const line = lineOf(await client.expectOk(billCall(ana), 200, billSchema), 'Tiramisu');
    const items = { kind: 'items', lines: [{ line_id: line.line_id, quantity: 1 }] } as const;
    const held = await client.expectOk(shareCall(ana, items), 201, shareSchema);
    expect(Date.parse(held.expires_at ?? '') - Date.parse(held.created_at ?? '')).toBe(10 * 60_000);
    await refused(client, shareCall(ben, items), 409, 'already_paid');
    await client.target.expireShares();
    const bill = await client.expectOk(billCall(ben), 200, billSchema);
    expect(bill.shares.find((share) => share.id === held.id)?.status).toBe('expired');
    expect(lineOf(bill, 'Tiramisu').held_quantity).toBe(0);
    const taken = await client.expectOk(shareCall(ben, items), 201, shareSchema);
    await payDemo(client, ben, taken);
    await refused(client, payCall(ana, held.id, { card_number: DEMO_CARDS.approve }), 409, 'not_editable');
  }),

  scenario(
    'equal parts: each phone takes the next part; they differ by a cent at most and sum to the bill',
    async (client) => {
      const tableKey = await freshTable(client, SPLIT_TABLE);
      const phones = [await scan(client, tableKey), await scan(client, tableKey), await scan(client, tableKey)];
      // 3 × 11.50 + 2 × 7.50 = 49.50: 16.50 each.
      await order(
        client,
        {
          table_id: SPLIT_TABLE,
          items: [
            { menu_id: MARGHERITA.id, quantity: 3 },
            { menu_id: TIRAMISU.id, quantity: 1 },
          ],
        },
        { seating: phones[0] },
      );
      await order(
        client,
        { table_id: SPLIT_TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
        { seating: phones[1] },
      );
      const bill = await client.expectOk(billCall(phones[0] as Seating), 200, billSchema);
      const expected = splitEqually(toCents(bill.balance), 3).map(fromCents);
      const shares: Share[] = [];
      for (const phone of phones) {
        const share = await client.expectOk(shareCall(phone, { kind: 'equal', parts: 3 }), 201, shareSchema);
        expect(share.parts).toBe(3);
        shares.push(await payDemo(client, phone, share));
      }
      expect(shares.map((share) => share.amount)).toEqual(expected);
      expect(toCents(shares.reduce((sum, share) => sum + share.amount, 0))).toBe(toCents(bill.balance));
      await refused(client, shareCall(phones[0] as Seating, { kind: 'equal', parts: 3 }), 409, 'already_paid');
      expect((await client.expectOk(billCall(phones[2] as Seating), 200, billSchema)).balance).toBe(0);
    },
  ),

  scenario(
    'refusals write amounts in the restaurant’s currency and locale (EUR in es-ES: "23,00 €"), as its screens do',
    async (client) =>
      withBillRules(
        client,
        async () => {
          const tableKey = await freshTable(client, TILL_TABLE);
          const seating = await scan(client, tableKey);
          await order(client, { table_id: TILL_TABLE, items: [{ menu_id: MARGHERITA.id, quantity: 2 }] }, { seating });
          const messageOf = async (...args: Parameters<typeof refused>) =>
            ((await refused(...args)).body as { error: { message: string } }).error.message;
          // es-ES puts a no-break space between the figure and the sign.
          const euros = (text: string) => `${text}\u00a0€`;

          expect(await messageOf(client, shareCall(seating, { kind: 'amount', amount: 30 }), 422, 'invalid')).toBe(
            `A share may be at most what is left to pay: ${euros('23,00')}`,
          );
          expect(
            await messageOf(
              client,
              shareCall(seating, { kind: 'amount', amount: 10, tip: { amount: 15 } }),
              422,
              'invalid',
              ['tip'],
            ),
          ).toBe(`That tip cannot be taken: a tip may be at most the amount paid (${euros('10,00')})`);

          const waiter = await asWaiter(client);
          const take = (body: unknown): Call =>
            withCookie(waiter, { method: 'POST', path: `staff/tables/${TILL_TABLE}/payments`, body });
          expect(await messageOf(client, take({ method: 'cash', amount: 30 }), 422, 'invalid', ['amount'])).toBe(
            `A payment may be at most what is left to pay: ${euros('23,00')}`,
          );
          // A typo's limit is said without a figure in no currency.
          expect(await messageOf(client, take({ method: 'cash', amount: 200_000 }), 422, 'invalid', ['amount'])).toBe(
            'This payment is not valid: amount: too large for any bill',
          );
          expect(await messageOf(client, withCookie(waiter, clearCall(TILL_TABLE)), 409, 'balance_due')).toBe(
            `This table still owes ${euros('23,00')}: take the payment first, or ask a manager to clear it with a reason`,
          );
          const manager = await asManager(client);
          expect(await messageOf(client, withCookie(manager, clearCall(TILL_TABLE)), 422, 'invalid', ['reason'])).toBe(
            `This table still owes ${euros('23,00')}: say why it is cleared anyway`,
          );
        },
        {
          currency: 'EUR',
          locale: 'es-ES',
          tax: { rate: 0, included: true },
          service_charge: null,
          tips: { presets: [0.1], custom: true },
        },
      ),
  ),

  scenario(
    'the till: waiters and managers take money (the kitchen 403), never over the balance; managers refund with a reason',
    async (client) => {
      const tableKey = await freshTable(client, TILL_TABLE);
      const seating = await scan(client, tableKey);
      await order(client, { table_id: TILL_TABLE, items: [{ menu_id: MARGHERITA.id, quantity: 2 }] }, { seating });
      const take = (body: unknown): Call => ({ method: 'POST', path: `staff/tables/${TILL_TABLE}/payments`, body });
      const cook = await asCook(client);
      const waiter = await asWaiter(client);
      await refused(client, take({ method: 'cash', amount: 5 }), 401, 'unauthorized');
      await refused(client, withCookie(cook, take({ method: 'cash', amount: 5 })), 403, 'forbidden');
      await refused(client, withCookie(waiter, take({ method: 'cheque', amount: 5 })), 422, 'invalid', ['method']);
      await refused(client, withCookie(waiter, take({ method: 'cash', amount: -5 })), 422, 'invalid', ['amount']);
      await refused(client, withCookie(waiter, take({ method: 'cash', amount: 500 })), 422, 'invalid', ['amount']);
      await refused(
        client,
        withCookie(waiter, { method: 'POST', path: 'staff/tables/4321/payments', body: { method: 'cash', amount: 5 } }),
        404,
        'not_found',
      );

      const cash = await client.expectOk(
        withCookie(waiter, take({ method: 'cash', amount: 20, tip: 2 })),
        201,
        paymentRecordSchema,
      );
      expect(cash).toMatchObject({
        method: 'cash',
        amount: 20,
        tip: 2,
        refunded: 0,
        taken_by: WAITER.name,
        share_id: null,
      });
      const afterCash = await client.expectOk(billCall(seating), 200, billSchema);
      expect(afterCash).toMatchObject({ paid: 22, tips: 2, balance: 3 });

      const refund = (id: number, body: unknown): Call => ({
        method: 'POST',
        path: `staff/payments/${id}/refund`,
        body,
      });
      await refused(client, withCookie(waiter, refund(cash.id, { amount: 2, reason: 'cold pizza' })), 403, 'forbidden');
      const manager = await asManager(client);
      await refused(client, withCookie(manager, refund(cash.id, { amount: 2 })), 422, 'invalid', ['reason']);
      await refused(client, withCookie(manager, refund(cash.id, { amount: 23, reason: 'too much' })), 422, 'invalid', [
        'amount',
      ]);
      await refused(client, withCookie(manager, refund(987_654, { amount: 1, reason: 'none' })), 404, 'not_found');
      const given = await client.expectOk(
        withCookie(manager, refund(cash.id, { amount: 2, reason: 'cold pizza' })),
        201,
        refundRecordSchema,
      );
      expect(given).toMatchObject({ payment_id: cash.id, amount: 2, reason: 'cold pizza', by: 'manager' });
      const staffBill = await client.expectOk(
        withCookie(cook, { path: `staff/tables/${TILL_TABLE}/bill` }),
        200,
        staffBillSchema,
      );
      expect(staffBill).toMatchObject({ paid: 20, balance: 5 });
      expect(staffBill.payments.find((payment) => payment.id === cash.id)?.refunded).toBe(2);
      expect(staffBill.refunds.map((entry) => entry.reason)).toEqual(['cold pizza']);
      await refused(client, { path: `staff/tables/${TILL_TABLE}/bill` }, 401, 'unauthorized');

      // The waiter takes the rest by card; then the waiter clears the paid table.
      await client.expectOk(withCookie(waiter, take({ method: 'card', amount: 5 })), 201, paymentRecordSchema);
      await client.expectOk(withCookie(waiter, clearCall(TILL_TABLE)), 200, staffTableSchema);
      await refused(client, withCookie(waiter, { path: `staff/tables/${TILL_TABLE}/bill` }), 404, 'not_found');
    },
  ),

  scenario(
    'tables editor: managers add, change, reserve and remove tables; guests follow; refusals',
    async (client) => {
      const manager = await asManager(client);
      const cook = await asCook(client);
      const add = (body: unknown): Call => withCookie(manager, { method: 'POST', path: 'staff/tables', body });
      await refused(client, { method: 'POST', path: 'staff/tables', body: { name: 'Patio 1' } }, 401, 'unauthorized');
      await refused(
        client,
        withCookie(cook, { method: 'POST', path: 'staff/tables', body: { name: 'Patio 1' } }),
        403,
        'forbidden',
      );
      await refused(client, add({ name: '' }), 422, 'invalid', ['name']);
      await refused(client, add({ name: 'Patio 1', seats: 0 }), 422, 'invalid', ['seats']);
      // "Patiо 1" with a Cyrillic "о" would read as "Patio 1" on the floor and on its printed code.
      await refused(client, add({ name: 'Pati\u043e 1' }), 422, 'invalid', ['name']);
      // A name in another alphabet, or words in two, is a name like any other.
      const stol = await client.expectOk(add({ name: `Стол ${unique('a')}` }), 201, staffTableSchema);
      expect(stol.name.startsWith('Стол ')).toBe(true);
      expect(
        (await client.call(withCookie(manager, { method: 'DELETE', path: `staff/tables/${stol.id}` }))).status,
      ).toBe(204);
      const patio = await client.expectOk(add({ name: 'Patio 1', area: 'Patio', seats: 2 }), 201, staffTableSchema);
      expect(patio).toMatchObject({ name: 'Patio 1', area: 'Patio', seats: 2, status: 'free', reserved: false });
      expect(patio.key?.length ?? 0).toBeGreaterThanOrEqual(16);
      const guestsSee = async () => client.expectOk({ path: 'tables' }, 200, tablesSchema);
      expect((await guestsSee()).find((table) => table.id === patio.id)).toMatchObject({
        name: 'Patio 1',
        status: 'free',
      });

      const patch = (id: number | string, body: unknown, cookie = manager): Call =>
        withCookie(cookie, { method: 'PATCH', path: `staff/tables/${id}`, body });
      const renamed = await client.expectOk(
        patch(patio.id, { name: 'Patio One', seats: 4, reserved: true }),
        200,
        staffTableSchema,
      );
      expect(renamed).toMatchObject({
        name: 'Patio One',
        seats: 4,
        reserved: true,
        status: 'reserved',
        key: patio.key,
      });
      expect((await guestsSee()).find((table) => table.id === patio.id)?.status).toBe('reserved');
      await refused(client, patch(patio.id, {}), 422, 'invalid');
      await refused(client, patch(patio.id, { name: 'P\u0430tio One' }), 422, 'invalid', ['name']);
      await refused(client, patch(patio.id, { seats: 'four' }), 422, 'invalid', ['seats']);
      await refused(client, patch(987_654, { name: 'Nowhere' }), 404, 'not_found');
      await refused(client, patch(patio.id, { name: 'Kitchen table' }, cook), 403, 'forbidden');

      // Seated, it cannot be removed (409); cleared, it can: guests no longer see it and its key stops working.
      const seating = await scan(client, patio.key ?? '');
      const remove = (id: number | string, cookie = manager): Call =>
        withCookie(cookie, { method: 'DELETE', path: `staff/tables/${id}` });
      await refused(client, remove(patio.id), 409, 'not_editable');
      await refused(client, remove(patio.id, cook), 403, 'forbidden');
      await client.expectOk(withCookie(manager, clearCall(patio.id)), 200, staffTableSchema);
      const removed = await client.call(remove(patio.id));
      expect(removed.status).toBe(204);
      expect((await guestsSee()).some((table) => table.id === patio.id)).toBe(false);
      await refused(client, join(patio.key), 404, 'not_found');
      await refused(client, billCall(seating), 404, 'seating_ended');
      await refused(client, remove(patio.id), 404, 'not_found');
      const next = await client.expectOk(add({ name: 'Patio 2' }), 201, staffTableSchema);
      expect(next.id).toBeGreaterThan(patio.id);
      await client.call(remove(next.id));
    },
  ),

  scenario(
    'tables editor: a name another table has (case and spaces aside) is refused with 409 exists naming it, added or renamed; a removed table’s name is free',
    async (client) => {
      const manager = await asManager(client);
      const add = (body: unknown): Call => withCookie(manager, { method: 'POST', path: 'staff/tables', body });
      const patch = (id: number, body: unknown): Call =>
        withCookie(manager, { method: 'PATCH', path: `staff/tables/${id}`, body });
      const remove = (id: number): Call => withCookie(manager, { method: 'DELETE', path: `staff/tables/${id}` });
      const names = async () =>
        (await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema)).map(
          (table) => table.name,
        );
      const name = `Terrace ${unique('t')}`;
      const messageOf = async (call: Call) => {
        const answer = await refused(client, call, 409, 'exists', ['name']);
        return (answer.body as { error: { message: string } }).error.message;
      };

      const terrace = await client.expectOk(add({ name, seats: 2 }), 201, staffTableSchema);
      const taken = `There is already a table named “${name}”: give this one a name of its own.`;
      expect(await messageOf(add({ name }))).toBe(taken);
      expect(await messageOf(add({ name: ` ${name.toUpperCase()} ` }))).toBe(taken);
      expect(await messageOf(add({ name: name.replace(' ', '   ') }))).toBe(taken);
      expect((await names()).filter((each) => each === name)).toHaveLength(1);

      const other = await client.expectOk(add({ name: `${name} bis` }), 201, staffTableSchema);
      expect(await messageOf(patch(other.id, { name: name.toLowerCase(), seats: 6 }))).toBe(taken);
      const unchanged = (
        await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema)
      ).find((table) => table.id === other.id);
      expect(unchanged).toMatchObject({ name: `${name} bis`, seats: 4 });
      // A table's own name in other letters is not another table's.
      await client.expectOk(patch(terrace.id, { name: name.toUpperCase() }), 200, staffTableSchema);
      await client.expectOk(patch(terrace.id, { name }), 200, staffTableSchema);

      // Removed, its name is free again, for a new table or another's new name.
      expect((await client.call(remove(terrace.id))).status).toBe(204);
      const renamed = await client.expectOk(patch(other.id, { name }), 200, staffTableSchema);
      expect(renamed.name).toBe(name);
      expect(await messageOf(add({ name }))).toBe(taken);
      expect((await client.call(patch(other.id, { name: `${name} bis` }))).status).toBe(200);
      const again = await client.expectOk(add({ name }), 201, staffTableSchema);
      expect(again.id).not.toBe(terrace.id);
      for (const id of [other.id, again.id]) await client.call(remove(id));
    },
  ),

  scenario(
    'a table’s status follows its party: free, seated from the scan, asking while a request is open, free once cleared',
    async (client) => {
      const tableKey = await freshTable(client, STATUS_TABLE);
      const cook = await asCook(client);
      const statusOf = async () => {
        const floor = await client.expectOk(withCookie(cook, { path: 'staff/floor' }), 200, floorSchema);
        const guests = await client.expectOk({ path: 'tables' }, 200, tablesSchema);
        return {
          floor: floor.find((table) => table.id === STATUS_TABLE),
          guest: guests.find((table) => table.id === STATUS_TABLE)?.status,
        };
      };
      expect(await statusOf()).toMatchObject({ floor: { status: 'free', seating: null }, guest: 'free' });
      const seating = await scan(client, tableKey);
      await order(
        client,
        { table_id: STATUS_TABLE, guest: 'Noor', items: [{ menu_id: TIRAMISU.id, quantity: 1 }] },
        {
          seating,
        },
      );
      const seated = await statusOf();
      expect(seated.guest).toBe('occupied');
      expect(seated.floor).toMatchObject({
        status: 'seated',
        seating: { id: seating.seating_id, guests: ['Noor'], orders: 1, total: 7.5, paid: 0, balance: 7.5 },
      });

      const asked = await client.expectOk(
        { method: 'POST', path: 'table/requests', body: { kind: 'bill' }, headers: seatingHeaders(seating) },
        201,
        serviceRequestSchema,
      );
      const asking = await statusOf();
      expect(asking.floor?.status).toBe('asking');
      expect(asking.floor?.requests.map((request) => request.id)).toEqual([asked.id]);
      expect(asking.guest).toBe('occupied');

      // "On my way": the guests see it on their table's orders.
      const acknowledged = await client.expectOk(
        withCookie(cook, { method: 'POST', path: `staff/requests/${asked.id}/ack` }),
        200,
        serviceRequestSchema,
      );
      expect(acknowledged.acknowledged_at).toBeTruthy();
      const seen = await client.expectOk(
        { path: 'table/orders', headers: seatingHeaders(seating) },
        200,
        tableBillSchema,
      );
      expect(seen.open_requests?.[0]?.acknowledged_at).toBe(acknowledged.acknowledged_at);
      await refused(client, { method: 'POST', path: `staff/requests/${asked.id}/ack` }, 401, 'unauthorized');
      await refused(client, withCookie(cook, { method: 'POST', path: 'staff/requests/987654/ack' }), 404, 'not_found');

      await client.expectOk(
        withCookie(cook, { method: 'POST', path: `staff/requests/${asked.id}/done` }),
        200,
        serviceRequestSchema,
      );
      expect((await statusOf()).floor?.status).toBe('seated');
      const manager = await asManager(client);
      await client.expectOk(
        withCookie(manager, clearCall(STATUS_TABLE, 'paid cash, not entered')),
        200,
        staffTableSchema,
      );
      expect(await statusOf()).toMatchObject({ floor: { status: 'free', seating: null }, guest: 'free' });
      await refused(client, { path: 'staff/floor' }, 401, 'unauthorized');
    },
  ),
];
