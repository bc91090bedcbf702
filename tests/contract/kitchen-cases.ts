// The kitchen's calls (contract v1.2 "Stations, tickets, printers") as cases run on the fake, PGlite and PostgreSQL.
import { expect } from 'vitest';
import { type NewOrder } from '../../contract/orders';
import { orderEstimateSchema, orderSchema, ordersSchema, type Order } from '../../contract/orders';
import {
  kitchenOrderSchema,
  kitchenOrdersSchema,
  printerSchema,
  printersSchema,
  stationSettingsSchema,
  stationsSchema,
  type KitchenOrder,
} from '../../contract/kitchen';
import type { Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';
import { asCook, asManager, refused, withCookie } from './staff-cases';

/** Demo dishes: a pizza made in the kitchen and drinks poured at the bar (the Drinks category's station). */
const PIZZA = 33; // declares gluten and milk
const COLA = 58; // declares none
const FLAT_WHITE = 63; // declares milk; its soy milk choice adds soybeans
const SOY_MILK = 6312;
const CAPRICCIOSA = 39; // declares nothing at all
const REGULAR_SIZE = 3911;

let counter = 0;
const unique = () => `kitchen-case-${Date.now().toString(36)}${(counter++).toString(36)}`;

interface Placed {
  order: Order;
  key: Record<string, string>;
}

async function place(client: ContractClient, order: NewOrder): Promise<Placed> {
  const answer = await client.call({
    method: 'POST',
    path: 'orders',
    body: order,
    headers: { 'Idempotency-Key': unique() },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const key = (answer.body as { order_key?: string }).order_key;
  return { order: orderSchema.parse(answer.body), key: key ? { 'X-Order-Key': key } : {} };
}

const pizzaAndCola = (table_id: number): NewOrder => ({
  table_id,
  items: [
    { menu_id: PIZZA, quantity: 1, note: 'well done' },
    { menu_id: COLA, quantity: 2 },
  ],
});

const board = (query: Record<string, string> = {}): Call => ({
  path: 'staff/orders',
  query: { status: 'open', ...query },
});
const bumpLine = (orderID: string, lineId: number, station: string): Call => ({
  method: 'POST',
  path: `staff/orders/${orderID}/lines/${lineId}/done`,
  body: { station },
});
const bumpTicket = (orderID: string, station: string): Call => ({
  method: 'POST',
  path: `staff/orders/${orderID}/done`,
  body: { station },
});
const recall = (orderID: string, station?: string): Call => ({
  method: 'POST',
  path: `staff/orders/${orderID}/recall`,
  body: station === undefined ? {} : { station },
});

async function stationBoard(client: ContractClient, cook: string, station: string): Promise<KitchenOrder[]> {
  return client.expectOk(withCookie(cook, board({ station })), 200, kitchenOrdersSchema);
}

const lineOf = (order: { items: readonly { menu_id: number; line_id: number }[] }, menuId: number) => {
  const line = order.items.find((candidate) => candidate.menu_id === menuId);
  if (!line) throw new Error(`No line of dish ${menuId}`);
  return line;
};

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name: `kitchen: ${name}`, run };
}

export const kitchenCases: ContractCase[] = [
  scenario('each station sees only its lines, with every station the order touches', async (client) => {
    const cook = await asCook(client);
    const { order } = await place(client, pizzaAndCola(5));
    expect(order.items.every((line) => line.added_at === order.created_at)).toBe(true);

    const bar = (await stationBoard(client, cook, 'bar')).find((candidate) => candidate.orderID === order.orderID);
    expect(bar?.items.map((line) => [line.name, line.station, line.done_at])).toEqual([['Cola', 'bar', null]]);
    expect(bar?.stations).toEqual(['kitchen', 'bar']);
    const kitchen = (await stationBoard(client, cook, 'kitchen')).find((c) => c.orderID === order.orderID);
    expect(kitchen?.items.map((line) => line.name)).toEqual(['Margherita']);
    expect(kitchen?.items[0]?.note).toBe('well done');
    // Without a station: the whole order, still with its stations.
    const all = await client.expectOk(withCookie(cook, board()), 200, kitchenOrdersSchema);
    const whole = all.find((candidate) => candidate.orderID === order.orderID);
    expect(whole?.items).toHaveLength(2);
    expect(whole?.stations).toEqual(['kitchen', 'bar']);
    // A station nobody uses has nothing; a name of the wrong shape is 400; signed out is 401.
    expect(await stationBoard(client, cook, 'pastry')).toEqual([]);
    await refused(client, withCookie(cook, board({ station: 'Bar!' })), 400, 'bad_request', ['station']);
    await refused(client, board({ station: 'bar' }), 401, 'unauthorized');
  }),

  scenario('a line is bumped at its station; the order is ready only once every station is done', async (client) => {
    const cook = await asCook(client);
    const placed = await place(client, pizzaAndCola(6));
    const { orderID } = placed.order;
    const cola = lineOf(placed.order, COLA);
    const pizza = lineOf(placed.order, PIZZA);

    // The kitchen cannot bump the bar's line; unknown lines and orders are 404; signed out 401.
    await refused(client, withCookie(cook, bumpLine(orderID, cola.line_id, 'kitchen')), 422, 'invalid', ['station']);
    await refused(client, withCookie(cook, bumpLine(orderID, 999_999, 'bar')), 404, 'not_found');
    await refused(client, withCookie(cook, bumpLine('NOSUCHORDER', cola.line_id, 'bar')), 404, 'not_found');
    await refused(client, bumpLine(orderID, cola.line_id, 'bar'), 401, 'unauthorized');
    await refused(client, withCookie(cook, bumpTicket(orderID, 'pastry')), 422, 'invalid', ['station']);
    await refused(client, withCookie(cook, { ...bumpLine(orderID, cola.line_id, 'bar'), body: {} }), 422, 'invalid', [
      'station',
    ]);

    const afterBar = await client.expectOk(
      withCookie(cook, bumpLine(orderID, cola.line_id, 'bar')),
      200,
      kitchenOrderSchema,
    );
    expect(afterBar.status).toBe('preparing');
    expect(lineOf(afterBar, COLA) && afterBar.items.find((l) => l.line_id === cola.line_id)?.done_at).toEqual(
      expect.any(String),
    );
    expect(afterBar.items.find((l) => l.line_id === pizza.line_id)?.done_at).toBeNull();
    // Bumping it again changes nothing.
    const again = await client.expectOk(
      withCookie(cook, bumpLine(orderID, cola.line_id, 'bar')),
      200,
      kitchenOrderSchema,
    );
    expect(again.items).toEqual(afterBar.items);
    // The bar's screen no longer has it; the kitchen's and the expo's still do.
    expect((await stationBoard(client, cook, 'bar')).some((o) => o.orderID === orderID)).toBe(false);
    expect((await stationBoard(client, cook, 'kitchen')).some((o) => o.orderID === orderID)).toBe(true);

    const ready = await client.expectOk(withCookie(cook, bumpTicket(orderID, 'kitchen')), 200, kitchenOrderSchema);
    expect(ready.status).toBe('ready');
    expect(ready.items.every((line) => line.done_at !== null)).toBe(true);
    const [asGuest] = await client.expectOk(
      { path: 'orders', query: { orderID }, headers: placed.key },
      200,
      ordersSchema,
    );
    expect(asGuest?.status).toBe('ready');
  }),

  scenario('moving a whole order to ready marks every line done, as the board of v1.1 did', async (client) => {
    const cook = await asCook(client);
    const { order } = await place(client, pizzaAndCola(7));
    const move = (from: string, to: string): Call => ({
      method: 'POST',
      path: `staff/orders/${order.orderID}/status`,
      body: { from, to },
    });
    await client.expectOk(withCookie(cook, move('received', 'preparing')), 200, orderSchema);
    const ready = await client.expectOk(withCookie(cook, move('preparing', 'ready')), 200, kitchenOrderSchema);
    expect(ready.items.map((line) => line.done_at)).toEqual([expect.any(String), expect.any(String)]);
    expect((await stationBoard(client, cook, 'bar')).some((o) => o.orderID === order.orderID)).toBe(false);
  }),

  scenario('recall brings a ready or served order back to preparing; anything else is 409', async (client) => {
    const cook = await asCook(client);
    const { order } = await place(client, pizzaAndCola(8));
    const { orderID } = order;
    // Still received, nothing bumped: nothing to recall, whole or at a station.
    await refused(client, withCookie(cook, recall(orderID)), 409, 'not_editable');
    await refused(client, withCookie(cook, recall(orderID, 'bar')), 409, 'not_editable');
    await refused(client, recall(orderID), 401, 'unauthorized');
    await refused(client, withCookie(cook, recall('NOSUCHORDER')), 404, 'not_found');

    // A station takes back its own lines bumped by mistake while the order is in progress.
    await client.expectOk(withCookie(cook, bumpTicket(orderID, 'bar')), 200, kitchenOrderSchema);
    const back = await client.expectOk(withCookie(cook, recall(orderID, 'bar')), 200, kitchenOrderSchema);
    expect(back.status).toBe('preparing');
    expect(back.items.every((line) => line.done_at === null)).toBe(true);
    expect((await stationBoard(client, cook, 'bar')).some((o) => o.orderID === orderID)).toBe(true);

    // Ready, then recalled whole: every line to make again.
    await client.expectOk(withCookie(cook, bumpTicket(orderID, 'bar')), 200, kitchenOrderSchema);
    const ready = await client.expectOk(withCookie(cook, bumpTicket(orderID, 'kitchen')), 200, kitchenOrderSchema);
    expect(ready.status).toBe('ready');
    const recalled = await client.expectOk(withCookie(cook, recall(orderID)), 200, kitchenOrderSchema);
    expect(recalled.status).toBe('preparing');
    expect(recalled.items.map((line) => line.done_at)).toEqual([null, null]);

    // Served, then recalled at the bar only: the bar's line comes back, the kitchen's stays done.
    await client.advance(orderID, 2);
    const served = await client.expectOk(withCookie(cook, board({ status: 'all' })), 200, kitchenOrdersSchema);
    expect(served.find((o) => o.orderID === orderID)?.status).toBe('served');
    const barAgain = await client.expectOk(withCookie(cook, recall(orderID, 'bar')), 200, kitchenOrderSchema);
    expect(barAgain.status).toBe('preparing');
    expect(barAgain.items.find((line) => line.menu_id === COLA)?.done_at).toBeNull();
    expect(barAgain.items.find((line) => line.menu_id === PIZZA)?.done_at).toEqual(expect.any(String));

    // Cancelled: never recalled.
    await client.expectOk(
      withCookie(cook, { method: 'POST', path: `staff/orders/${orderID}/cancel`, body: { reason: 'Left' } }),
      200,
      orderSchema,
    );
    await refused(client, withCookie(cook, recall(orderID)), 409, 'not_editable');
  }),

  scenario(
    'the guest’s allergies travel with the order; lines carry what the dish and its choices declare',
    async (client) => {
      const cook = await asCook(client);
      const placed = await place(client, {
        table_id: 9,
        allergies: ['peanuts', 'milk'],
        items: [
          { menu_id: FLAT_WHITE, quantity: 1, choices: [SOY_MILK] },
          { menu_id: CAPRICCIOSA, quantity: 1, choices: [REGULAR_SIZE] },
          { menu_id: COLA, quantity: 1 },
        ],
      });
      expect(placed.order.allergies).toEqual(['peanuts', 'milk']);
      const [asGuest] = await client.expectOk(
        { path: 'orders', query: { orderID: placed.order.orderID }, headers: placed.key },
        200,
        ordersSchema,
      );
      expect(asGuest?.allergies).toEqual(['peanuts', 'milk']);
      const all = await client.expectOk(withCookie(cook, board()), 200, kitchenOrdersSchema);
      const order = all.find((candidate) => candidate.orderID === placed.order.orderID);
      expect(order?.allergies).toEqual(['peanuts', 'milk']);
      expect(order?.items.map((line) => [line.menu_id, line.allergens])).toEqual([
        [FLAT_WHITE, ['milk', 'soybeans']],
        [CAPRICCIOSA, null],
        [COLA, []],
      ]);

      // Without allergies: an empty list. Unknown or repeated allergens: 422 naming the field.
      const none = await place(client, { table_id: 9, items: [{ menu_id: COLA, quantity: 1 }] });
      expect(none.order.allergies).toEqual([]);
      const bad = (allergies: unknown): Call => ({
        method: 'POST',
        path: 'orders',
        body: { table_id: 9, items: [{ menu_id: COLA, quantity: 1 }], allergies },
      });
      await refused(client, bad(['shellfish']), 422, 'invalid', ['allergies.0']);
      await refused(client, bad(['milk', 'milk']), 422, 'invalid', ['allergies']);
      await refused(client, bad('milk'), 422, 'invalid', ['allergies']);
    },
  ),

  scenario('a line added later is an add-on: its added_at is after the order was placed', async (client) => {
    const cook = await asCook(client);
    const placed = await place(client, { table_id: 10, items: [{ menu_id: PIZZA, quantity: 1 }] });
    const { orderID } = placed.order;
    const added = await client.expectOk(
      { method: 'POST', path: 'menu', body: { orderID, menu_id: COLA, quantity: 1 }, headers: placed.key },
      201,
      kitchenOrderSchema,
    );
    const first = lineOf(added, PIZZA);
    const later = lineOf(added, COLA);
    expect(added.items.find((l) => l.line_id === first.line_id)?.added_at).toBe(added.created_at);
    const laterAt = added.items.find((l) => l.line_id === later.line_id)?.added_at ?? '';
    expect(Date.parse(laterAt)).toBeGreaterThan(Date.parse(added.created_at));
    // The bar's ticket is only the add-on.
    const bar = (await stationBoard(client, cook, 'bar')).find((o) => o.orderID === orderID);
    expect(bar?.items.map((line) => [line.name, line.added_at])).toEqual([['Cola', laterAt]]);
  }),

  scenario(
    'a removed line and a cancelled order stay at their station, struck through, until bumped',
    async (client) => {
      const cook = await asCook(client);
      const placed = await place(client, pizzaAndCola(11));
      const { orderID } = placed.order;
      const cola = lineOf(placed.order, COLA);
      await client.expectOk(
        { method: 'DELETE', path: 'menu', query: { orderID, line_id: cola.line_id }, headers: placed.key },
        200,
        orderSchema,
      );
      let bar = (await stationBoard(client, cook, 'bar')).find((o) => o.orderID === orderID);
      expect(bar?.items).toEqual([]);
      expect(bar?.removed_items?.map((line) => [line.line_id, line.name, line.quantity])).toEqual([
        [cola.line_id, 'Cola', 2],
      ]);
      // The guest's order no longer has it, and its total is the pizza's alone.
      const [asGuest] = await client.expectOk(
        { path: 'orders', query: { orderID }, headers: placed.key },
        200,
        ordersSchema,
      );
      expect(asGuest?.items.map((line) => line.menu_id)).toEqual([PIZZA]);
      await client.expectOk(withCookie(cook, bumpLine(orderID, cola.line_id, 'bar')), 200, kitchenOrderSchema);
      bar = (await stationBoard(client, cook, 'bar')).find((o) => o.orderID === orderID);
      expect(bar).toBeUndefined();

      // Cancelled before the kitchen finished: struck through there until the kitchen bumps it.
      const cancelled = await client.expectOk(
        withCookie(cook, { method: 'POST', path: `staff/orders/${orderID}/cancel`, body: { reason: 'Changed mind' } }),
        200,
        orderSchema,
      );
      expect(cancelled.status).toBe('cancelled');
      const kitchen = (await stationBoard(client, cook, 'kitchen')).find((o) => o.orderID === orderID);
      expect(kitchen?.status).toBe('cancelled');
      expect(kitchen?.items.map((line) => line.menu_id)).toEqual([PIZZA]);
      // The whole board (the expo) has let it go.
      const all = await client.expectOk(withCookie(cook, board()), 200, kitchenOrdersSchema);
      expect(all.some((o) => o.orderID === orderID)).toBe(false);
      await client.expectOk(withCookie(cook, bumpTicket(orderID, 'kitchen')), 200, kitchenOrderSchema);
      expect((await stationBoard(client, cook, 'kitchen')).some((o) => o.orderID === orderID)).toBe(false);
    },
  ),

  scenario(
    'allergies: staff acknowledge them once, the first acknowledgement stands; a guest, an order without allergies and an unknown order are refused',
    async (client) => {
      const cook = await asCook(client);
      const manager = await asManager(client);
      const acknowledge = (orderID: string): Call => ({
        method: 'POST',
        path: `staff/orders/${orderID}/allergies/acknowledge`,
      });
      const placed = await place(client, { ...pizzaAndCola(11), allergies: ['peanuts'] });
      const { orderID } = placed.order;

      await refused(client, acknowledge(orderID), 401, 'unauthorized');
      await refused(client, { ...acknowledge(orderID), headers: placed.key }, 401, 'unauthorized');
      const onBoard = async () =>
        (await client.expectOk(withCookie(cook, board()), 200, kitchenOrdersSchema)).find((o) => o.orderID === orderID);
      expect((await onBoard())?.allergies_acknowledged_at).toBeUndefined();

      const first = await client.expectOk(withCookie(cook, acknowledge(orderID)), 200, kitchenOrderSchema);
      const at = first.allergies_acknowledged_at;
      expect(at).toBeDefined();
      expect(Math.abs(Date.parse(at ?? '') - Date.now())).toBeLessThan(60_000);
      expect(first).toMatchObject({ orderID, status: 'received', allergies: ['peanuts'] });
      // Every screen reads it from the board; a second acknowledgement (another tablet) changes nothing.
      expect((await onBoard())?.allergies_acknowledged_at).toBe(at);
      const second = await client.expectOk(withCookie(manager, acknowledge(orderID)), 200, kitchenOrderSchema);
      expect(second.allergies_acknowledged_at).toBe(at);

      const plain = await place(client, pizzaAndCola(11));
      await refused(client, withCookie(cook, acknowledge(plain.order.orderID)), 409, 'not_editable');
      await refused(client, withCookie(cook, acknowledge('NOSUCHORDER')), 404, 'not_found');
      for (const id of [orderID, plain.order.orderID])
        await client.call(
          withCookie(cook, { method: 'POST', path: `staff/orders/${id}/cancel`, body: { reason: 'Test' } }),
        );
    },
  ),

  scenario('stations: staff read their timers; only a manager sets them', async (client) => {
    const cook = await asCook(client);
    const manager = await asManager(client);
    const stations = await client.expectOk(withCookie(cook, { path: 'staff/stations' }), 200, stationsSchema);
    expect(stations[0]?.station).toBe('kitchen');
    expect(stations.map((s) => s.station)).toContain('bar');
    await refused(client, { path: 'staff/stations' }, 401, 'unauthorized');

    const put = (station: string, body: unknown): Call => ({ method: 'PUT', path: `staff/stations/${station}`, body });
    await refused(client, put('bar', { warn_minutes: 5, late_minutes: 9 }), 401, 'unauthorized');
    await refused(client, withCookie(cook, put('bar', { warn_minutes: 5, late_minutes: 9 })), 403, 'forbidden');
    await refused(client, withCookie(manager, put('bar', { warn_minutes: 9, late_minutes: 9 })), 422, 'invalid', [
      'late_minutes',
    ]);
    await refused(client, withCookie(manager, put('bar', { warn_minutes: 0, late_minutes: 9 })), 422, 'invalid', [
      'warn_minutes',
    ]);
    await refused(client, withCookie(manager, put('Bar', { warn_minutes: 5, late_minutes: 9 })), 404, 'not_found');
    const saved = await client.expectOk(
      withCookie(manager, put('bar', { warn_minutes: 5, late_minutes: 9, parallel: 2 })),
      200,
      stationSettingsSchema,
    );
    expect(saved).toEqual({ station: 'bar', warn_minutes: 5, late_minutes: 9, parallel: 2 });
    const after = await client.expectOk(withCookie(cook, { path: 'staff/stations' }), 200, stationsSchema);
    expect(after.find((s) => s.station === 'bar')).toEqual(saved);
    // A new station is named by its settings.
    await client.expectOk(
      withCookie(manager, put('pastry', { warn_minutes: 20, late_minutes: 30 })),
      200,
      stationSettingsSchema,
    );
    const named = await client.expectOk(withCookie(cook, { path: 'staff/stations' }), 200, stationsSchema);
    expect(named.map((s) => s.station)).toContain('pastry');
  }),

  scenario('printers: only a manager lists, adds, changes and removes them', async (client) => {
    const cook = await asCook(client);
    const manager = await asManager(client);
    // A station no dish uses, so no order of the other cases prints on these made-up addresses.
    const printer = { name: 'Pastry printer', station: 'pastry-test', host: '192.0.2.10', width: 58 };
    const add = (body: unknown): Call => ({ method: 'POST', path: 'staff/printers', body });

    await refused(client, { path: 'staff/printers' }, 401, 'unauthorized');
    await refused(client, withCookie(cook, { path: 'staff/printers' }), 403, 'forbidden');
    await refused(client, add(printer), 401, 'unauthorized');
    await refused(client, withCookie(cook, add(printer)), 403, 'forbidden');

    const first = await client.expectOk(withCookie(manager, add(printer)), 201, printerSchema);
    expect(first).toMatchObject({ ...printer, port: 9100, backup: null, state: 'ready', jobs_waiting: 0, jobs: [] });
    const second = await client.expectOk(
      withCookie(
        manager,
        add({ ...printer, name: 'Pastry spare', host: 'spare.kitchen.local', port: 9101, width: 80, backup: first.id }),
      ),
      201,
      printerSchema,
    );
    expect(second).toMatchObject({ port: 9101, width: 80, backup: first.id });
    const listed = await client.expectOk(withCookie(manager, { path: 'staff/printers' }), 200, printersSchema);
    expect(listed.filter((p) => p.station === 'pastry-test').map((p) => p.id)).toEqual([first.id, second.id]);

    await refused(client, withCookie(manager, add({ ...printer, width: 70 })), 422, 'invalid', ['width']);
    await refused(client, withCookie(manager, add({ ...printer, host: 'not a host!' })), 422, 'invalid', ['host']);
    await refused(client, withCookie(manager, add({ ...printer, station: 'Pastry' })), 422, 'invalid', ['station']);
    await refused(client, withCookie(manager, add({ ...printer, backup: 999_999 })), 422, 'invalid', ['backup']);
    await refused(
      client,
      withCookie(manager, { ...add(printer), body: undefined, rawBody: '{"name":' }),
      400,
      'bad_request',
    );

    const patch = (id: number, body: unknown): Call => ({ method: 'PATCH', path: `staff/printers/${id}`, body });
    await refused(client, patch(first.id, { name: 'x' }), 401, 'unauthorized');
    await refused(client, withCookie(cook, patch(first.id, { name: 'x' })), 403, 'forbidden');
    await refused(client, withCookie(manager, patch(first.id, { backup: first.id })), 422, 'invalid', ['backup']);
    await refused(client, withCookie(manager, patch(first.id, {})), 422, 'invalid');
    await refused(client, withCookie(manager, patch(999_999, { name: 'x' })), 404, 'not_found');
    const changed = await client.expectOk(
      withCookie(manager, patch(first.id, { name: 'Pastry main', port: 9200, backup: second.id })),
      200,
      printerSchema,
    );
    expect(changed).toMatchObject({ name: 'Pastry main', port: 9200, backup: second.id, host: printer.host });

    const remove = (id: number): Call => ({ method: 'DELETE', path: `staff/printers/${id}` });
    await refused(client, remove(second.id), 401, 'unauthorized');
    await refused(client, withCookie(cook, remove(second.id)), 403, 'forbidden');
    expect((await client.call(withCookie(manager, remove(second.id)))).status).toBe(204);
    // The printer it backed up has no backup any more.
    const left = await client.expectOk(withCookie(manager, { path: 'staff/printers' }), 200, printersSchema);
    expect(left.find((p) => p.id === first.id)?.backup).toBeNull();
    await refused(client, withCookie(manager, remove(second.id)), 404, 'not_found');
    expect((await client.call(withCookie(manager, remove(first.id)))).status).toBe(204);
  }),

  scenario('the guest’s wait counts the tickets ahead at the order’s stations', async (client) => {
    const first = await place(client, { table_id: 3, items: [{ menu_id: PIZZA, quantity: 1 }] });
    const second = await place(client, { table_id: 4, items: [{ menu_id: PIZZA, quantity: 1 }] });
    const estimate = (placed: Placed) =>
      client.expectOk(
        { path: 'orders/estimate', query: { orderID: placed.order.orderID }, headers: placed.key },
        200,
        orderEstimateSchema,
      );
    const a = await estimate(first);
    const b = await estimate(second);
    expect(a.stations.map((s) => s.station)).toEqual(['kitchen']);
    // The Margherita takes 12 minutes: never less than that on an order just placed.
    expect(a.ready_in_minutes).toBeGreaterThanOrEqual(12);
    expect(b.tickets_ahead).toBeGreaterThanOrEqual(a.tickets_ahead + 1);
    expect(b.ready_in_minutes).toBeGreaterThanOrEqual(a.ready_in_minutes);

    // Another guest, or nobody, cannot read it; a missing orderID is 400.
    await refused(client, { path: 'orders/estimate', query: { orderID: first.order.orderID } }, 404, 'not_found');
    await refused(
      client,
      { path: 'orders/estimate', query: { orderID: first.order.orderID }, headers: second.key },
      404,
      'not_found',
    );
    await refused(client, { path: 'orders/estimate' }, 400, 'bad_request');
    // Once ready, nothing is left to wait for.
    const cook = await asCook(client);
    await client.expectOk(withCookie(cook, bumpTicket(first.order.orderID, 'kitchen')), 200, kitchenOrderSchema);
    const done = await estimate(first);
    expect(done).toMatchObject({ status: 'ready', ready_in_minutes: 0, tickets_ahead: 0, stations: [] });
  }),
];
