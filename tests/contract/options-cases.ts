// Contract "Dish options" as cases: options and allergens on the menu, choices checked, priced and copied onto lines.
import { expect } from 'vitest';
import { ALLERGENS, menuItemsSchema, summarySchema, type MenuItem, type OptionGroup } from '../../contract/guest';
import { type AddMenu, type NewOrder } from '../../contract/orders';
import { orderSchema, ordersSchema, type Order } from '../../contract/orders';
import { demoRestaurant } from '../../server/seed/demo-restaurant';
import type { Call, ContractClient } from './contract-client';
import type { ContractCase } from './cases';

const dish = (id: number): MenuItem => {
  const item = demoRestaurant.menuItems.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No demo menu item ${id}`);
  return item;
};
const groupOf = (item: MenuItem, name: string): OptionGroup => {
  const group = item.options?.find((candidate) => candidate.name === name);
  if (!group) throw new Error(`${item.name} has no group ${name}`);
  return group;
};
const choiceOf = (group: OptionGroup, name: string) => {
  const choice = group.choices.find((candidate) => candidate.name === name);
  if (!choice) throw new Error(`${group.name} has no choice ${name}`);
  return choice;
};

// Funghi (13.20): a required size and up to three extra toppings, the anchovies sold out.
const FUNGHI = dish(37);
const SIZE = groupOf(FUNGHI, 'Size');
const TOPPINGS = groupOf(FUNGHI, 'Extra toppings');
const REGULAR = choiceOf(SIZE, 'Regular 30 cm');
const LARGE = choiceOf(SIZE, 'Large 36 cm'); // +3.50
const MOZZARELLA = choiceOf(TOPPINGS, 'Extra mozzarella'); // +1.50
const MUSHROOMS = choiceOf(TOPPINGS, 'Mushrooms'); // +1.20
const OLIVES = choiceOf(TOPPINGS, 'Olives');
const SALAMI = choiceOf(TOPPINGS, 'Spicy salami');
const ANCHOVIES = choiceOf(TOPPINGS, 'Anchovies'); // sold out
// Ribeye (29.50): a required, free doneness.
const RIBEYE = dish(17);
const MEDIUM_RARE = choiceOf(groupOf(RIBEYE, 'Doneness'), 'Medium rare');
// Flat white (3.60): optional milk, oat +0.50.
const FLAT_WHITE = dish(63);
const OAT = choiceOf(groupOf(FLAT_WHITE, 'Milk'), 'Oat milk');
const TIRAMISU = dish(47); // 7.50, no options
const TABLE = 7;

let keyCounter = 0;
const newKey = () =>
  `options-${Date.now().toString(36)}-${(keyCounter++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const orderOf = (...items: NewOrder['items']): NewOrder => ({ table_id: TABLE, items });
const placeCall = (order: NewOrder, key = newKey()): Call => ({
  method: 'POST',
  path: 'orders',
  body: order,
  headers: { 'Idempotency-Key': key },
});
const place = (client: ContractClient, order: NewOrder, key?: string) =>
  client.expectOk(placeCall(order, key), 201, orderSchema);
const addCall = (order: Order, line: Omit<AddMenu, 'orderID'>, key?: string): Call => ({
  method: 'POST',
  path: 'menu',
  body: { orderID: order.orderID, ...line },
  headers: { 'X-Order-Key': order.order_key ?? '', ...(key ? { 'Idempotency-Key': key } : {}) },
});
const readOrder = async (client: ContractClient, order: Order) => {
  const [read] = await client.expectOk(
    { path: 'orders', query: { orderID: order.orderID }, headers: { 'X-Order-Key': order.order_key ?? '' } },
    200,
    ordersSchema,
  );
  if (!read) throw new Error(`Order ${order.orderID} read as nothing`);
  return read;
};
const openOrders = async (client: ContractClient) =>
  (await client.expectOk({ path: 'summary' }, 200, summarySchema)).open_orders;
const cents = (amount: number) => Math.round(amount * 100);

/** A refused order: 422 naming `fields`, and nothing placed. */
function refusesOrder(name: string, order: NewOrder, fields: string[], mentions?: RegExp): ContractCase {
  return {
    name,
    async run(client) {
      const before = await openOrders(client);
      const { error } = await client.expectError(placeCall(order), 422, fields);
      if (mentions) expect(error.message).toMatch(mentions);
      expect(await openOrders(client)).toBe(before);
    },
  };
}

/** A refused addition: 422 naming `fields`, and the order unchanged. */
function refusesAddition(name: string, line: Omit<AddMenu, 'orderID'>, fields: string[]): ContractCase {
  return {
    name,
    async run(client) {
      const order = await place(client, orderOf({ menu_id: TIRAMISU.id, quantity: 1 }));
      await client.expectError(addCall(order, line), 422, fields);
      expect((await readOrder(client, order)).items).toHaveLength(1);
    },
  };
}

export const optionCases: ContractCase[] = [
  {
    name: 'options: getMenu answers option groups and declared allergens, null where undeclared',
    async run(client) {
      const items = await client.expectOk({ path: 'menu' }, 200, menuItemsSchema);
      const withOptions = items.filter((item) => (item.options ?? []).length > 0);
      expect(withOptions.length).toBeGreaterThanOrEqual(5);
      for (const item of withOptions) {
        for (const group of item.options ?? []) {
          expect(group.min).toBeLessThanOrEqual(group.max);
          expect(group.choices.length).toBeGreaterThanOrEqual(group.max);
          for (const choice of group.choices) expect(choice.price).toBeGreaterThanOrEqual(0);
        }
      }
      expect(items.filter((item) => item.allergens === null).length).toBeGreaterThanOrEqual(1);
      expect(items.some((item) => Array.isArray(item.allergens) && item.allergens.length === 0)).toBe(true);
      for (const item of items) {
        for (const allergen of item.allergens ?? []) expect(ALLERGENS).toContain(allergen);
      }
      const funghi = items.find((item) => item.id === FUNGHI.id);
      expect(funghi).toEqual(FUNGHI);
      expect(items.find((item) => item.id === TIRAMISU.id)?.options ?? []).toEqual([]);
    },
  },
  {
    name: 'options: a large pizza with two extras is priced dish + choices, its choices copied in menu order',
    async run(client) {
      // Sent out of menu order: the line lists them group by group, as the menu does.
      const order = await place(
        client,
        orderOf({ menu_id: FUNGHI.id, quantity: 2, choices: [MUSHROOMS.id, LARGE.id, MOZZARELLA.id] }),
      );
      const unit = (cents(13.2) + cents(LARGE.price) + cents(MOZZARELLA.price) + cents(MUSHROOMS.price)) / 100;
      expect(order.items).toEqual([
        expect.objectContaining({
          menu_id: FUNGHI.id,
          price: unit,
          quantity: 2,
          choices: [
            { id: LARGE.id, name: LARGE.name, price: LARGE.price },
            { id: MOZZARELLA.id, name: MOZZARELLA.name, price: MOZZARELLA.price },
            { id: MUSHROOMS.id, name: MUSHROOMS.name, price: MUSHROOMS.price },
          ],
        }),
      ]);
      expect(order.total).toBe((cents(unit) * 2) / 100);
      const { order_key: _key, ...answered } = order;
      expect(await readOrder(client, order)).toEqual(answered);
    },
  },
  {
    name: 'options: a required free choice keeps the price; an optional group may be left out or priced',
    async run(client) {
      const order = await place(
        client,
        orderOf(
          { menu_id: RIBEYE.id, quantity: 1, choices: [MEDIUM_RARE.id] },
          { menu_id: FLAT_WHITE.id, quantity: 1 },
          { menu_id: FLAT_WHITE.id, quantity: 1, choices: [OAT.id] },
          { menu_id: TIRAMISU.id, quantity: 1 },
        ),
      );
      expect(order.items.map((line) => [line.price, line.choices?.map((choice) => choice.name)])).toEqual([
        [29.5, [MEDIUM_RARE.name]],
        [3.6, []],
        [4.1, [OAT.name]],
        [7.5, []],
      ]);
      expect(order.total).toBe(44.7);
    },
  },
  {
    name: 'options: the same dish with other choices stays a line of its own',
    async run(client) {
      const order = await place(
        client,
        orderOf(
          { menu_id: FUNGHI.id, quantity: 1, choices: [REGULAR.id] },
          { menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id] },
        ),
      );
      expect(order.items.map((line) => line.choices?.map((choice) => choice.id))).toEqual([[REGULAR.id], [LARGE.id]]);
      expect(order.items.map((line) => line.price)).toEqual([13.2, 16.7]);
    },
  },
  refusesOrder(
    'options: 422 for a required group left out, naming the line and the group',
    orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [MUSHROOMS.id] }),
    [`items.0.options.${SIZE.id}`],
    /Size/,
  ),
  refusesOrder(
    'options: 422 for two picks in a pick-one group',
    orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [REGULAR.id, LARGE.id] }),
    [`items.0.options.${SIZE.id}`],
  ),
  refusesOrder(
    'options: 422 for more extras than the group allows',
    orderOf({
      menu_id: FUNGHI.id,
      quantity: 1,
      choices: [LARGE.id, MOZZARELLA.id, MUSHROOMS.id, OLIVES.id, SALAMI.id],
    }),
    [`items.0.options.${TOPPINGS.id}`],
    /up to 3/,
  ),
  refusesOrder(
    'options: 422 for a sold-out choice, saying so by name',
    orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, ANCHOVIES.id] }),
    [`items.0.options.${TOPPINGS.id}`],
    /Anchovies is sold out/,
  ),
  refusesOrder(
    'options: 422 for another dish’s choice and for an unknown choice',
    orderOf(
      { menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, MEDIUM_RARE.id] },
      { menu_id: TIRAMISU.id, quantity: 1, choices: [987_654] },
    ),
    ['items.0.choices', 'items.1.choices'],
  ),
  refusesOrder(
    'options: 422 for a choice sent twice',
    orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, MUSHROOMS.id, MUSHROOMS.id] }),
    ['items.0.choices'],
  ),
  refusesOrder(
    'options: 422 names the very line at fault, the others placed nowhere',
    orderOf(
      { menu_id: TIRAMISU.id, quantity: 1 },
      { menu_id: RIBEYE.id, quantity: 1 },
      { menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id] },
    ),
    [`items.1.options.${groupOf(RIBEYE, 'Doneness').id}`],
  ),
  {
    name: 'options: a retry with the same choices in another order replays; other choices under the key are 422',
    async run(client) {
      const key = newKey();
      const first = await place(
        client,
        orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, OLIVES.id, SALAMI.id] }),
        key,
      );
      const again = await client.expectOk(
        placeCall(orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [SALAMI.id, OLIVES.id, LARGE.id] }), key),
        200,
        orderSchema,
      );
      expect(again.orderID).toBe(first.orderID);
      await client.expectError(
        placeCall(orderOf({ menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, OLIVES.id] }), key),
        422,
        ['Idempotency-Key'],
      );
    },
  },
  {
    name: 'options: addMenu takes choices, priced dish + choices; the same key with other choices is 422',
    async run(client) {
      const order = await place(client, orderOf({ menu_id: TIRAMISU.id, quantity: 1 }));
      const key = newKey();
      const updated = await client.expectOk(
        addCall(order, { menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id, MOZZARELLA.id] }, key),
        201,
        orderSchema,
      );
      expect(updated.items.at(-1)).toMatchObject({
        menu_id: FUNGHI.id,
        price: 18.2,
        choices: [
          { id: LARGE.id, name: LARGE.name, price: LARGE.price },
          { id: MOZZARELLA.id, name: MOZZARELLA.name, price: MOZZARELLA.price },
        ],
      });
      expect(updated.total).toBe(25.7);
      await client.expectError(addCall(order, { menu_id: FUNGHI.id, quantity: 1, choices: [LARGE.id] }, key), 422, [
        'Idempotency-Key',
      ]);
      expect((await readOrder(client, order)).items).toHaveLength(2);
    },
  },
  refusesAddition(
    'options: 422 for addMenu without a required group, naming the group',
    { menu_id: FUNGHI.id, quantity: 1 },
    [`options.${SIZE.id}`],
  ),
  refusesAddition(
    'options: 422 for addMenu with another dish’s choice',
    { menu_id: RIBEYE.id, quantity: 1, choices: [LARGE.id] },
    ['choices'],
  ),
  {
    name: 'options: 422 for choices that are not ids',
    async run(client) {
      await client.expectError(
        placeCall({ table_id: TABLE, items: [{ menu_id: FUNGHI.id, quantity: 1, choices: ['large' as never] }] }),
        422,
        ['items.0.choices.0'],
      );
    },
  },
];
