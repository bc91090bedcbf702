// The day's figures (contract v1.2): a known day placed across midnight and a 04:00 business-day start, in Madrid on
// the night the clocks go forward, checked to the cent against the bill's rules and against the seatings' own bills;
// the CSV; who may call; bad dates; an empty day. Every target runs them (the fake too); one that speaks a contract
// from before the report must answer 404.
import { expect } from 'vitest';
import { billSchema, seatingSchema, type Bill, type Seating } from '../../contract/bill';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, type Order } from '../../contract/orders';
import { DAY_CSV_COLUMNS, dayReportSchema, type DayReport } from '../../contract/reports';
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import { paymentRecordSchema, refundRecordSchema, staffTableSchema, staffTablesSchema } from '../../contract/tables';
import { lineCharges, type BillRules } from '../../src/domain/bill';
import { fromCents, toCents } from '../../src/domain/money';
import { percentileCont } from '../../src/domain/report';
import { reportOperations } from '../../contract/operations/reports';
import { speaks, type Call, type ContractClient, type TimeMoves } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, withCookie } from './staff-cases';

// Tables no other case uses; the case clears them before and after.
const TABLE_A = 5;
const TABLE_B = 7;
const TABLE_C = 11;
const MARGHERITA = { id: 33, cents: 1150, food: true };
const TIRAMISU = { id: 47, cents: 750, food: true };
const COLA = { id: 58, cents: 320, food: false };

const DAY = '2026-03-28';
/** Madrid, 04:00 starts: the 28th runs from 03:00Z (CET) to 02:00Z on the 29th (CEST, after the clocks went forward). */
const PROFILE: Partial<Restaurant> = {
  time_zone: 'Europe/Madrid',
  day_starts_at: '04:00',
  locale: 'es-ES',
  tax: { rate: 0.1, included: false },
  service_charge: { rate: 0.1, applies_to: 'food' },
  tips: { presets: [0.1], custom: true },
};
const RULES: BillRules = { tax: { rate: 0.1, included: false }, serviceCharge: { rate: 0.1, appliesTo: 'food' } };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}`;

const report = (date: string, extra: Record<string, string> = {}): Call => ({
  path: 'staff/reports/day',
  query: { date, ...extra },
});

async function freshTable(client: ContractClient, manager: string, tableId: number): Promise<string> {
  await client.expectOk(
    withCookie(manager, { method: 'POST', path: `staff/tables/${tableId}/clear`, body: { reason: 'report case' } }),
    200,
    staffTableSchema,
  );
  const tables = await client.expectOk(withCookie(manager, { path: 'staff/tables' }), 200, staffTablesSchema);
  const key = tables.find((table) => table.id === tableId)?.key;
  if (!key) throw new Error(`No key for table ${tableId}`);
  return key;
}

async function scan(client: ContractClient, tableKey: string): Promise<Seating> {
  return client.expectOk(
    { method: 'POST', path: 'table/seating', headers: { 'X-Table-Key': tableKey } },
    200,
    seatingSchema,
  );
}

async function order(client: ContractClient, body: NewOrder, tableKey: string, seating: Seating): Promise<Order> {
  const answer = await client.call({
    method: 'POST',
    path: 'orders',
    body,
    headers: { 'Idempotency-Key': unique('report'), 'X-Table-Key': tableKey, 'X-Seating-Key': seating.seating_key },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return orderSchema.parse(answer.body);
}

const bill = (client: ContractClient, seating: Seating): Promise<Bill> =>
  client.expectOk({ path: 'table/bill', headers: { 'X-Seating-Key': seating.seating_key } }, 200, billSchema);

async function withProfile(client: ContractClient, manager: string, run: () => Promise<void>): Promise<void> {
  const before = await client.expectOk({ path: 'restaurant' }, 200, restaurantSchema);
  const put = (profile: Restaurant): Call =>
    withCookie(manager, { method: 'PUT', path: 'staff/restaurant', body: profile });
  await client.expectOk(put({ ...before, ...PROFILE }), 200, restaurantSchema);
  try {
    await run();
  } finally {
    await client.expectOk(put(before), 200, restaurantSchema);
  }
}

const SINCE = reportOperations.find((operation) => operation.operationId === 'getDayReport')?.since ?? '1.2';

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return {
    name: `reports: ${name}`,
    async run(client) {
      if (speaks(client.target, SINCE)) return run(client);
      // A provider from before the day's figures says so with 404: the console hides its Day screen.
      const manager = await asManager(client);
      await refused(client, withCookie(manager, report(DAY)), 404, 'not_found');
    },
  };
}

async function setTimes(client: ContractClient, moves: TimeMoves): Promise<void> {
  if (!client.target.setTimes) throw new Error('A target that offers the day report must be able to set times');
  await client.target.setTimes(moves);
}

export const reportCases: ContractCase[] = [
  scenario('who may call: signed out 401, a cook 403, a manager 200', async (client) => {
    await refused(client, report(DAY), 401, 'unauthorized');
    const cook = await asCook(client);
    await refused(client, withCookie(cook, report(DAY)), 403, 'forbidden');
    const manager = await asManager(client);
    await client.expectOk(withCookie(manager, report(DAY)), 200, dayReportSchema);
  }),

  scenario('a date that is not one, or a day not yet begun, is 422; a day with nothing is zeros', async (client) => {
    const manager = await asManager(client);
    for (const date of ['yesterday', '2026-02-30', '2026-13-01', '2026-3-28', '']) {
      await refused(client, withCookie(manager, report(date)), 422, 'invalid', ['date']);
    }
    await refused(client, withCookie(manager, report('2999-01-01')), 422, 'invalid', ['date']);
    await refused(client, withCookie(manager, report(DAY, { format: 'xml' })), 422, 'invalid', ['format']);
    const empty = await client.expectOk(withCookie(manager, report('2020-01-01')), 200, dayReportSchema);
    expect(empty).toEqual({
      date: '2020-01-01',
      orders: 0,
      covers: 0,
      cancelled: { count: 0, by_reason: {} },
      sales: { subtotal: 0, tax: 0, service_charge: 0, tips: 0, total: 0 },
      payments: {},
      refunds: 0,
      open_balance: 0,
      by_dish: [],
      by_hour: [],
      ticket_minutes: {},
    });
  }),

  scenario(
    'a day across midnight from 04:00 in Madrid as the clocks change: every figure to the cent, the bills agree, the CSV holds its lines',
    async (client) => {
      const manager = await asManager(client);
      await withProfile(client, manager, async () => {
        const keyA = await freshTable(client, manager, TABLE_A);
        const keyB = await freshTable(client, manager, TABLE_B);
        const keyC = await freshTable(client, manager, TABLE_C);
        const [s1, s2, s3] = [await scan(client, keyA), await scan(client, keyB), await scan(client, keyC)];
        const item = (dish: { id: number }, quantity: number) => ({ menu_id: dish.id, quantity });
        // Seating 1: dinner at 21:30, a second round at 00:40 (still the 28th's), a cancelled order.
        const o1 = await order(
          client,
          { table_id: TABLE_A, guest: 'Ana', items: [item(MARGHERITA, 2), item(TIRAMISU, 1), item(COLA, 1)] },
          keyA,
          s1,
        );
        const o2 = await order(client, { table_id: TABLE_A, items: [item(MARGHERITA, 1)] }, keyA, s1);
        const o6 = await order(client, { table_id: TABLE_A, items: [item(TIRAMISU, 2)] }, keyA, s1);
        await client.expectOk(
          withCookie(manager, {
            method: 'POST',
            path: `staff/orders/${o6.orderID}/cancel`,
            body: { reason: 'guest left' },
          }),
          200,
          orderSchema,
        );
        // Seating 2: 03:30 on the 29th, after the clocks went forward: still the 28th's business day; unpaid.
        const o4 = await order(client, { table_id: TABLE_B, items: [item(TIRAMISU, 1)] }, keyB, s2);
        // Seating 3: one order before the 28th's start, one after the 29th's.
        const o3 = await order(client, { table_id: TABLE_C, items: [item(COLA, 2)] }, keyC, s3);
        const o5 = await order(client, { table_id: TABLE_C, items: [item(MARGHERITA, 1)] }, keyC, s3);

        // Seating 1 pays its whole bill in cash with a 2.00 tip; a manager gives 1.00 back.
        const before = await bill(client, s1);
        const paid = await client.expectOk(
          withCookie(manager, {
            method: 'POST',
            path: `staff/tables/${TABLE_A}/payments`,
            body: { method: 'cash', amount: before.balance, tip: 2 },
          }),
          201,
          paymentRecordSchema,
        );
        await client.expectOk(
          withCookie(manager, {
            method: 'POST',
            path: `staff/payments/${paid.id}/refund`,
            body: { amount: 1, reason: 'cold pizza' },
          }),
          201,
          refundRecordSchema,
        );

        await setTimes(client, {
          orders: [
            { orderID: o1.orderID, at: '2026-03-28T20:30:00Z', doneAfterMinutes: 12 },
            { orderID: o2.orderID, at: '2026-03-28T23:40:00Z', doneAfterMinutes: 8 },
            { orderID: o6.orderID, at: '2026-03-28T21:00:00Z' },
            { orderID: o4.orderID, at: '2026-03-29T01:30:00Z', doneAfterMinutes: 20 },
            { orderID: o3.orderID, at: '2026-03-28T02:30:00Z', doneAfterMinutes: 5 },
            { orderID: o5.orderID, at: '2026-03-29T02:10:00Z', doneAfterMinutes: 5 },
          ],
          seatings: [{ seatingId: s1.seating_id, at: '2026-03-29T00:15:00Z' }],
        });

        const figures = await client.expectOk(withCookie(manager, report(DAY)), 200, dayReportSchema);

        // Independently, by the bill's rules: the day's counted lines, half up per line.
        const lines = [
          { dish: MARGHERITA, quantity: 2, hour: 21 },
          { dish: TIRAMISU, quantity: 1, hour: 21 },
          { dish: COLA, quantity: 1, hour: 21 },
          { dish: MARGHERITA, quantity: 1, hour: 0 },
          { dish: TIRAMISU, quantity: 1, hour: 3 },
        ];
        const charges = lines.map(({ dish, quantity }) => lineCharges(dish.cents * quantity, dish.food, RULES));
        const sum = (pick: (c: (typeof charges)[number]) => number) => charges.reduce((n, c) => n + pick(c), 0);
        const s1Due = sum((c) => c.due) - charges[4]!.due;
        const s2Due = charges[4]!.due;
        expect(toCents(before.balance)).toBe(s1Due);
        const expected: DayReport = {
          date: DAY,
          orders: 3,
          covers: 2,
          cancelled: { count: 1, by_reason: { 'guest left': 1 } },
          sales: {
            subtotal: fromCents(sum((c) => c.subtotal)),
            tax: fromCents(sum((c) => c.tax)),
            service_charge: fromCents(sum((c) => c.service)),
            tips: 2,
            total: fromCents(sum((c) => c.due) + 200),
          },
          payments: { cash: fromCents(s1Due + 200) },
          refunds: 1,
          open_balance: fromCents(100 + s2Due),
          by_dish: [
            { menu_id: MARGHERITA.id, name: 'Margherita', quantity: 3, sales: fromCents(3 * MARGHERITA.cents) },
            { menu_id: TIRAMISU.id, name: 'Tiramisu', quantity: 2, sales: fromCents(2 * TIRAMISU.cents) },
            { menu_id: COLA.id, name: 'Cola', quantity: 1, sales: fromCents(COLA.cents) },
          ],
          by_hour: [
            { hour: 21, orders: 1, sales: fromCents(2 * MARGHERITA.cents + TIRAMISU.cents + COLA.cents) },
            { hour: 0, orders: 1, sales: fromCents(MARGHERITA.cents) },
            { hour: 3, orders: 1, sales: fromCents(TIRAMISU.cents) },
          ],
          ticket_minutes: {
            kitchen: { p50: percentileCont([12, 12, 8, 20], 0.5), p90: percentileCont([12, 12, 8, 20], 0.9) },
            bar: { p50: 12, p90: 12 },
          },
        };
        expect(figures).toEqual(expected);

        // The bills of the day's two seatings, read as guests read them, add up to the report's sales.
        const bills = [await bill(client, s1), await bill(client, s2)];
        for (const field of ['subtotal', 'tax', 'service_charge', 'tips', 'total'] as const) {
          expect(toCents(figures.sales[field]), field).toBe(bills.reduce((n, b) => n + toCents(b[field]), 0));
        }
        expect(toCents(figures.open_balance)).toBe(bills.reduce((n, b) => n + Math.max(0, toCents(b.balance)), 0));

        // The neighbouring days hold the orders outside the 28th's hours.
        const before28 = await client.expectOk(withCookie(manager, report('2026-03-27')), 200, dayReportSchema);
        const after28 = await client.expectOk(withCookie(manager, report('2026-03-29')), 200, dayReportSchema);
        expect(before28.by_dish).toEqual([
          { menu_id: COLA.id, name: 'Cola', quantity: 2, sales: fromCents(2 * COLA.cents) },
        ]);
        expect(after28.by_dish).toEqual([
          { menu_id: MARGHERITA.id, name: 'Margherita', quantity: 1, sales: fromCents(MARGHERITA.cents) },
        ]);

        // The CSV: a byte-order mark, `;` between fields beside Spain's decimal comma, one row per line of the day.
        const csv = await client.call(withCookie(manager, report(DAY, { format: 'csv' })));
        expect(csv.status).toBe(200);
        expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/);
        // fetch's text() drops a byte-order mark: the bytes show it (EF BB BF), as a spreadsheet reads them.
        const url = new URL(`/api/v1/staff/reports/day?date=${DAY}&format=csv`, client.target.origin);
        const raw = await fetch(url, { headers: { Authorization: `Bearer ${client.target.token}`, Cookie: manager } });
        expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = String(csv.body).replace(/^\uFEFF/, '');
        const rows = text
          .trimEnd()
          .split('\r\n')
          .map((row) => row.split(';'));
        expect(rows[0]).toEqual([...DAY_CSV_COLUMNS]);
        const body = rows.slice(1);
        expect(body).toHaveLength(6);
        const column = (name: (typeof DAY_CSV_COLUMNS)[number]) => DAY_CSV_COLUMNS.indexOf(name);
        expect(new Set(body.map((row) => row[column('order_id')]))).toEqual(
          new Set([o1.orderID, o2.orderID, o6.orderID, o4.orderID]),
        );
        const first = body[0] ?? [];
        expect(first[column('ordered_at')]).toBe('2026-03-28T20:30:00.000Z');
        expect(first[column('unit_price')]).toMatch(/^\d+,\d\d$/);
        const cancelled = body.find((row) => row[column('order_id')] === o6.orderID) ?? [];
        expect(cancelled[column('cancel_reason')]).toBe('guest left');
        expect(cancelled[column('subtotal')]).toBe('0,00');
        const subtotal = body.reduce((n, row) => n + Number((row[column('subtotal')] ?? '').replace(',', '.')), 0);
        expect(Math.round(subtotal * 100)).toBe(toCents(figures.sales.subtotal));

        const summary = await client.call(withCookie(manager, report(DAY, { format: 'csv', view: 'summary' })));
        expect(summary.status).toBe(200);
        expect(String(summary.body)).toContain(
          `sales;total;${String(figures.sales.total.toFixed(2)).replace('.', ',')}`,
        );

        for (const tableId of [TABLE_A, TABLE_B, TABLE_C]) await freshTable(client, manager, tableId);
      });
    },
  ),
];
