// The bill on the provider beyond the contract suite: the service charge on food only (a bar's lines are not food),
// `bill` events reaching the seating's phones and staff but never another party's, and the bill computed from the
// database for the day's figures to be checked against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billSchema, seatingSchema, shareSchema, type Seating } from '../../contract/bill';
import { restaurantSchema } from '../../contract/restaurant';
import { computeSeatingBill } from '../../server/bill/bill-store';
import type { RunningProvider } from '../../server/start';
import { openSse, type SseReader } from '../support/sse-reader';
import { callApi, startTestProvider } from './helpers';

let provider: RunningProvider;
let manager: string;
const streams: SseReader[] = [];

const json = async (response: Response): Promise<unknown> => JSON.parse(await response.text());

async function seat(tableId: number): Promise<Seating> {
  await callApi(provider.url, `staff/tables/${tableId}/clear`, {
    method: 'POST',
    body: JSON.stringify({ reason: 'test starts afresh' }),
    headers: { Cookie: manager },
  });
  const [row] = await provider.db.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = $1', [
    tableId,
  ]);
  return seatingSchema.parse(
    await json(
      await callApi(provider.url, 'table/seating', {
        method: 'POST',
        headers: { 'X-Table-Key': row?.table_key ?? '' },
      }),
    ),
  );
}

async function order(seating: Seating, tableId: number, items: { menu_id: number; quantity: number }[]) {
  const answer = await callApi(provider.url, 'orders', {
    method: 'POST',
    body: JSON.stringify({ table_id: tableId, items }),
    headers: { 'X-Seating-Key': seating.seating_key },
  });
  expect(answer.status).toBe(201);
}

const bill = async (seating: Seating) =>
  billSchema.parse(
    await json(await callApi(provider.url, 'table/bill', { headers: { 'X-Seating-Key': seating.seating_key } })),
  );

beforeAll(async () => {
  provider = await startTestProvider({
    manager: { name: 'manager', password: 'manager-password' },
    live: { pollMs: 20, gapRecheckMs: 10 },
  });
  const signedIn = await callApi(provider.url, 'staff/session', {
    method: 'POST',
    body: JSON.stringify({ name: 'manager', password: 'manager-password' }),
  });
  manager = /staff_session=[^;]+/.exec(signedIn.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
  const profile = restaurantSchema.parse(await json(await callApi(provider.url, 'restaurant')));
  const saved = await callApi(provider.url, 'staff/restaurant', {
    method: 'PUT',
    body: JSON.stringify({
      ...profile,
      tax: { rate: 0.21, included: true },
      service_charge: { rate: 0.1, applies_to: 'food' },
    }),
    headers: { Cookie: manager },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await provider?.close();
});

describe('the bill on the provider', () => {
  it('the service charge is on food only: lines made at the bar are not food', async () => {
    // Drinks (category 5 of the demo menu) are made at the bar; one dish of it is the kitchen's own.
    const [drink] = await provider.db.query<{ id: number; category_id: number }>(
      `SELECT m.id, s.category_id FROM menu_items m JOIN sub_categories s ON s.id = m.sub_category_id
       WHERE m.available AND NOT EXISTS (SELECT 1 FROM option_groups g WHERE g.menu_id = m.id AND g.min > 0)
         AND m.id <> 33 ORDER BY s.category_id DESC, m.id LIMIT 1`,
    );
    if (!drink) throw new Error('The demo menu should have a dish to make a drink of');
    await provider.db.query(`UPDATE categories SET station = 'bar' WHERE id = $1`, [drink.category_id]);
    try {
      const seating = await seat(5);
      await order(seating, 5, [
        { menu_id: 33, quantity: 1 },
        { menu_id: drink.id, quantity: 2 },
      ]);
      const figures = await bill(seating);
      const pizza = 1150;
      // 21 % included: the tax is part of the price; 10 % service on the pizza alone.
      expect(Math.round(figures.service_charge * 100)).toBe(Math.round(pizza * 0.1));
      expect(figures.tax_included).toBe(true);
      expect(Math.round(figures.total * 100)).toBe(Math.round(figures.subtotal * 100) + Math.round(pizza * 0.1));
      // A dish's own station overrides its category's: back in the kitchen, it is food again.
      await provider.db.query(`UPDATE menu_items SET station = 'kitchen' WHERE id = $1`, [drink.id]);
      const again = await bill(seating);
      expect(again.service_charge).toBeCloseTo(again.subtotal * 0.1, 1);
    } finally {
      await provider.db.query('UPDATE categories SET station = NULL WHERE id = $1', [drink.category_id]);
      await provider.db.query('UPDATE menu_items SET station = NULL WHERE id = $1', [drink.id]);
    }
  });

  it('a `bill` event reaches the seating’s phones and staff, never another party’s', async () => {
    const ours = await seat(6);
    const theirs = await seat(7);
    await order(ours, 6, [{ menu_id: 47, quantity: 1 }]);
    await order(theirs, 7, [{ menu_id: 47, quantity: 1 }]);
    const ourStream = await openSse(provider.url, { headers: { 'X-Seating-Key': ours.seating_key } });
    const theirStream = await openSse(provider.url, { headers: { 'X-Seating-Key': theirs.seating_key } });
    const staffStream = await openSse(provider.url, { path: 'staff/events', headers: { Cookie: manager } });
    streams.push(ourStream, theirStream, staffStream);
    expect([ourStream.status, theirStream.status, staffStream.status]).toEqual([200, 200, 200]);

    const share = shareSchema.parse(
      await json(
        await callApi(provider.url, 'table/bill/shares', {
          method: 'POST',
          body: JSON.stringify({ kind: 'amount', amount: 'rest' }),
          headers: { 'X-Seating-Key': ours.seating_key, 'Idempotency-Key': 'bill-event-share' },
        }),
      ),
    );
    const paid = await callApi(provider.url, `payments/demo/${share.id}`, {
      method: 'POST',
      body: JSON.stringify({ card_number: '4242 4242 4242 4242' }),
      headers: { 'X-Seating-Key': ours.seating_key },
    });
    expect(paid.status).toBe(200);
    const isPaid = (event: { type: string; data: unknown }) =>
      event.type === 'bill' && (event.data as { balance: number }).balance === 0;
    await ourStream.waitFor(isPaid);
    const seenByStaff = await staffStream.waitFor(isPaid);
    expect(seenByStaff.data).toMatchObject({ seating_id: ours.seating_id, table_id: 6, balance: 0 });
    // Theirs got nothing of ours: wait for an event of theirs, then look at everything it received.
    await callApi(provider.url, 'table/requests', {
      method: 'POST',
      body: JSON.stringify({ kind: 'waiter' }),
      headers: { 'X-Seating-Key': theirs.seating_key },
    });
    await theirStream.waitFor((event) => event.type === 'request');
    expect(theirStream.events.filter((event) => event.type === 'bill')).toEqual([]);
    expect(JSON.stringify(theirStream.events)).not.toContain(`"seating_id":${ours.seating_id}`);

    // A cleared seating's key adds nothing to a stream, which still opens (the guest's own order stays followed).
    await callApi(provider.url, 'staff/tables/6/clear', { method: 'POST', headers: { Cookie: manager } });
    const ended = await openSse(provider.url, { headers: { 'X-Seating-Key': ours.seating_key } });
    streams.push(ended);
    expect(ended.status).toBe(200);
    const next = await seat(6);
    await order(next, 6, [{ menu_id: 47, quantity: 1 }]);
    await callApi(provider.url, 'table/requests', {
      method: 'POST',
      body: JSON.stringify({ kind: 'bill' }),
      headers: { 'X-Seating-Key': next.seating_key },
    });
    await staffStream.waitFor(
      (event) => event.type === 'request' && (event.data as { table_id: number }).table_id === 6,
    );
    expect(ended.events.filter((event) => event.type === 'request' || event.type === 'bill')).toEqual([]);
  });

  it('computeSeatingBill reads an ended seating’s bill from the database, as the guests saw it', async () => {
    const seating = await seat(8);
    await order(seating, 8, [{ menu_id: 33, quantity: 3 }]);
    const seen = await bill(seating);
    await callApi(provider.url, 'staff/tables/8/clear', {
      method: 'POST',
      body: JSON.stringify({ reason: 'left without paying' }),
      headers: { Cookie: manager },
    });
    const computed = await computeSeatingBill(provider.db, seating.seating_id);
    expect(computed).toMatchObject({
      subtotal: seen.subtotal,
      tax: seen.tax,
      service_charge: seen.service_charge,
      total: seen.total,
      balance: seen.balance,
    });
  });
});
