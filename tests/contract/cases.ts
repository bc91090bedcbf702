// The contract as request → answer cases, run unchanged against the MSW fake and the real provider.
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import {
  categoriesSchema,
  isAcceptedImage,
  MENU_TAGS,
  menuItemsSchema,
  subCategoriesSchema,
  summarySchema,
  tablesSchema,
  ERROR_CODES,
  errorBodySchema,
  MAX_ID,
  TABLE_KEY_ERROR_CODE,
} from '../../contract/guest';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, ordersSchema, type Order } from '../../contract/orders';
import { demoRestaurant } from '../../server/seed/demo-restaurant';
import type { Call, ContractClient } from './contract-client';
import { CONTRACT_MANAGER, signIn } from './staff-cases';

export interface ContractCase {
  name: string;
  run(client: ContractClient): Promise<void>;
}

type Given<Ctx> = (client: ContractClient) => Promise<Ctx>;

/** A call that must succeed with `status` and a body that parses with `schema`, then `check` the key fields. */
function answers<Ctx, S extends z.ZodMiniType>(spec: {
  name: string;
  given?: Given<Ctx>;
  call: Call | ((ctx: Ctx) => Call);
  status?: number;
  schema: S;
  check?: (body: z.output<S>, ctx: Ctx, client: ContractClient) => void | Promise<void>;
}): ContractCase {
  return {
    name: spec.name,
    async run(client) {
      const ctx = (await spec.given?.(client)) as Ctx;
      const call = typeof spec.call === 'function' ? spec.call(ctx) : spec.call;
      const body = await client.expectOk(call, spec.status ?? 200, spec.schema);
      await spec.check?.(body, ctx, client);
    },
  };
}

/** A call that must be refused with the contract's error for `status`, naming `fields`. */
function refuses<Ctx>(spec: {
  name: string;
  given?: Given<Ctx>;
  call: Call | ((ctx: Ctx) => Call);
  status: keyof typeof ERROR_CODES;
  /** A code of its own instead of the status's usual one (403 `table_key`). */
  code?: string;
  fields?: string[];
  check?: (message: string, ctx: Ctx, client: ContractClient, headers: Headers) => void | Promise<void>;
}): ContractCase {
  return {
    name: spec.name,
    async run(client) {
      const ctx = (await spec.given?.(client)) as Ctx;
      const call = typeof spec.call === 'function' ? spec.call(ctx) : spec.call;
      const answer = await client.call(call);
      expect(answer.status, JSON.stringify(answer.body)).toBe(spec.status);
      const { error } = errorBodySchema.parse(answer.body);
      expect(error.code).toBe(spec.code ?? ERROR_CODES[spec.status]);
      expect(error.message).not.toBe('');
      // Keys are secrets: no error ever repeats one.
      for (const secret of Object.values(call.headers ?? {})) {
        if (secret.length >= 16) expect(JSON.stringify(error)).not.toContain(secret);
      }
      for (const field of spec.fields ?? []) expect(Object.keys(error.fields ?? {})).toContain(field);
      await spec.check?.(error.message, ctx, client, answer.headers);
    },
  };
}

function scenario(name: string, run: (client: ContractClient) => Promise<void>): ContractCase {
  return { name, run };
}

// Fixtures from the demo restaurant both providers serve.
const menuItem = (id: number) => {
  const item = demoRestaurant.menuItems.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No demo menu item ${id}`);
  return item;
};
const MARGHERITA = menuItem(33); // 11.50
const BURRATA = menuItem(13); // "$12.50", priced as text
const TIRAMISU = menuItem(47); // 7.50
const SOLD_OUT = demoRestaurant.menuItems.find((item) => !item.available) ?? menuItem(16);
const TABLE = 5;
const UNKNOWN_MENU_ID = 987_654;
const UNKNOWN_TABLE_ID = 4_321;

let keyCounter = 0;
/** A fresh Idempotency-Key, unique across runs sharing one database. */
const newKey = () =>
  `contract-${Date.now().toString(36)}-${(keyCounter++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const TWO_LINES: NewOrder = {
  table_id: TABLE,
  items: [
    { menu_id: MARGHERITA.id, quantity: 2, note: 'extra basil' },
    { menu_id: BURRATA.id, quantity: 1 },
  ],
  note: 'window seat',
};

function placeCall(order: NewOrder = TWO_LINES, key?: string): Call {
  return { method: 'POST', path: 'orders', body: order, headers: key ? { 'Idempotency-Key': key } : {} };
}

async function place(client: ContractClient, order: NewOrder = TWO_LINES): Promise<Order> {
  return client.expectOk(placeCall(order, newKey()), 201, orderSchema);
}

/** An order moved `steps` kitchen steps on from received. */
async function placeAndAdvance(client: ContractClient, steps: number): Promise<Order> {
  const order = await place(client);
  await client.advance(order.orderID, steps);
  return order;
}

/** The order's key header; an order without a key (a case's unknown id) sends none. */
const keyOf = (order: { order_key?: string } | string): Record<string, string> =>
  typeof order !== 'string' && order.order_key ? { 'X-Order-Key': order.order_key } : {};

const idOf = (order: Order | string) => (typeof order === 'string' ? order : order.orderID);

/** addMenu for an order, with its key (an Order) or without one (a bare id). */
const addCall = (order: Order | string, menuId = TIRAMISU.id, quantity = 1, note?: string): Call => ({
  method: 'POST',
  path: 'menu',
  body: { orderID: idOf(order), menu_id: menuId, quantity, ...(note === undefined ? {} : { note }) },
  headers: keyOf(order),
});

const removeCall = (order: Order | string, lineId: number | string): Call => ({
  method: 'DELETE',
  path: 'menu',
  query: { orderID: idOf(order), line_id: lineId },
  headers: keyOf(order),
});

const getCall = (order: Order | string, orderKey?: string): Call => ({
  path: 'orders',
  query: { orderID: idOf(order) },
  headers: orderKey === undefined ? keyOf(order) : { 'X-Order-Key': orderKey },
});

/** The order as any call but POST orders answers it: without its key. */
const withoutKey = ({ order_key: _key, ...order }: Order): Order => order;

async function readOrder(client: ContractClient, order: Order): Promise<Order> {
  const [read] = await client.expectOk(getCall(order), 200, ordersSchema);
  if (!read) throw new Error(`Order ${order.orderID} read as nothing`);
  return read;
}

async function openOrders(client: ContractClient): Promise<number> {
  return (await client.expectOk({ path: 'summary' }, 200, summarySchema)).open_orders;
}

const firstLine = (order: Order) => {
  const line = order.items[0];
  if (!line) throw new Error(`Order ${order.orderID} has no lines`);
  return line;
};

export const contractCases: ContractCase[] = [
  // --- Transport: token and unknown paths -------------------------------------------------------------
  refuses({
    name: '401 without a token, with a Bearer challenge',
    call: { path: 'category', auth: false },
    status: 401,
    check: (_message, _ctx, _client, headers) => {
      expect(headers.get('WWW-Authenticate') ?? '').toMatch(/^Bearer/);
    },
  }),
  refuses({ name: '401 with a wrong token', call: { path: 'menu', auth: 'not-the-token' }, status: 401 }),
  refuses({
    name: '401 for a write without a token, and no order is placed',
    given: async () => newKey(),
    call: (key) => ({ ...placeCall(TWO_LINES, key), auth: false }),
    status: 401,
    check: async (_message, key, client) => {
      // Had the first attempt placed an order, its key would now answer 200 with it.
      await client.expectOk(placeCall(TWO_LINES, key), 201, orderSchema);
    },
  }),
  refuses({ name: '404 for an unknown call under /api/v1/', call: { path: 'no-such-call' }, status: 404 }),
  refuses({
    name: '405 with Allow for a known path with an unsupported method',
    call: { method: 'PUT', path: 'menu', body: {} },
    status: 405,
    check: (_message, _ctx, _client, headers) => {
      expect((headers.get('Allow') ?? '').split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'POST']);
    },
  }),
  refuses({
    name: '405 with Allow for DELETE orders',
    call: { method: 'DELETE', path: 'orders' },
    status: 405,
    check: (_message, _ctx, _client, headers) => expect(headers.get('Allow')).toBe('GET, POST'),
  }),

  // --- getCategory, getSubCategory ----------------------------------------------------------------------
  answers({
    name: 'getCategory: every category, in menu order',
    call: { path: 'category' },
    schema: categoriesSchema,
    check: (categories) => {
      expect(categories.length).toBeGreaterThanOrEqual(5);
      expect(categories.map((category) => category.id)).toEqual(
        demoRestaurant.categories.map((category) => category.id),
      );
      expect(categories.map((category) => category.sort)).toEqual(
        [...categories.map((c) => c.sort)].sort((a, b) => a - b),
      );
      for (const category of categories) expect(category.image === null || isAcceptedImage(category.image)).toBe(true);
    },
  }),
  answers({
    name: 'getSubCategory: every sub-category, each in a known category',
    call: { path: 'sub-category' },
    schema: subCategoriesSchema,
    check: (subCategories) => {
      expect(subCategories.length).toBeGreaterThanOrEqual(12);
      const categoryIds = new Set(demoRestaurant.categories.map((category) => category.id));
      for (const sub of subCategories) expect(categoryIds.has(sub.category_id)).toBe(true);
    },
  }),
  answers({
    name: 'getSubCategory?category_id: only that category',
    call: { path: 'sub-category', query: { category_id: 5 } },
    schema: subCategoriesSchema,
    check: (subCategories) => {
      expect(subCategories.length).toBeGreaterThan(0);
      expect(new Set(subCategories.map((sub) => sub.category_id))).toEqual(new Set([5]));
    },
  }),
  answers({
    name: 'getSubCategory?category_id of no category: empty list',
    call: { path: 'sub-category', query: { category_id: 999 } },
    schema: subCategoriesSchema,
    check: (subCategories) => expect(subCategories).toEqual([]),
  }),
  refuses({
    name: '400 for getSubCategory?category_id=abc',
    call: { path: 'sub-category', query: { category_id: 'abc' } },
    status: 400,
    fields: ['category_id'],
  }),

  // --- getMenu ----------------------------------------------------------------------------------------------
  answers({
    name: 'getMenu: the whole menu with tags, images, text prices and sold-out items',
    call: { path: 'menu' },
    schema: menuItemsSchema,
    check: (items) => {
      expect(items.length).toBeGreaterThanOrEqual(60);
      expect(items.some((item) => typeof item.price === 'string')).toBe(true);
      expect(items.some((item) => !item.available)).toBe(true);
      for (const item of items) {
        for (const tag of item.tags) expect(MENU_TAGS).toContain(tag);
        expect(item.image).not.toBeNull();
      }
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    },
  }),
  answers({
    name: 'getMenu?cat_id: only that category',
    call: { path: 'menu', query: { cat_id: 3 } },
    schema: menuItemsSchema,
    check: (items) => {
      expect(items.length).toBe(demoRestaurant.menuItems.filter((item) => item.cat_id === 3).length);
      expect(new Set(items.map((item) => item.cat_id))).toEqual(new Set([3]));
    },
  }),
  answers({
    name: 'getMenu?sub_cat_id: only that sub-category',
    call: { path: 'menu', query: { sub_cat_id: MARGHERITA.sub_cat_id } },
    schema: menuItemsSchema,
    check: (items) => {
      expect(items.map((item) => item.id)).toContain(MARGHERITA.id);
      expect(new Set(items.map((item) => item.sub_cat_id))).toEqual(new Set([MARGHERITA.sub_cat_id]));
    },
  }),
  answers({
    name: 'getMenu?menu_id: exactly that item, a text price answered as written',
    call: { path: 'menu', query: { menu_id: BURRATA.id } },
    schema: menuItemsSchema,
    check: (items) => expect(items).toEqual([BURRATA]),
  }),
  refuses({
    name: '404 for getMenu?menu_id of no item',
    call: { path: 'menu', query: { menu_id: UNKNOWN_MENU_ID } },
    status: 404,
  }),
  refuses({
    name: '400 for getMenu with two filters at once',
    call: { path: 'menu', query: { cat_id: 1, sub_cat_id: 2 } },
    status: 400,
    fields: ['cat_id', 'sub_cat_id'],
  }),
  refuses({
    name: '400 for getMenu?cat_id=abc',
    call: { path: 'menu', query: { cat_id: 'abc' } },
    status: 400,
    fields: ['cat_id'],
  }),
  refuses({
    name: '400 for getMenu?menu_id=0',
    call: { path: 'menu', query: { menu_id: 0 } },
    status: 400,
    fields: ['menu_id'],
  }),

  // --- getTables, getSummary -------------------------------------------------------------------------------
  answers({
    name: 'getTables: twelve tables with seats and mixed status',
    call: { path: 'tables' },
    schema: tablesSchema,
    check: (tables) => {
      expect(tables).toHaveLength(12);
      for (const table of tables) expect(['free', 'occupied', 'reserved']).toContain(table.status);
    },
  }),
  answers({
    name: 'getSummary: the kitchen load and the tables',
    call: { path: 'summary' },
    schema: summarySchema,
    check: (summary) => {
      expect(summary.tables_total).toBe(12);
      expect(summary.tables_free).toBeLessThanOrEqual(summary.tables_total);
    },
  }),
  scenario('getSummary counts open orders until the kitchen has finished them', async (client) => {
    const before = await client.expectOk({ path: 'summary' }, 200, summarySchema);
    const order = await place(client);
    const during = await client.expectOk({ path: 'summary' }, 200, summarySchema);
    expect(during.open_orders).toBe(before.open_orders + 1);
    expect(during.average_wait_minutes).toBeGreaterThan(0);
    await client.advance(order.orderID, 2); // ready
    const after = await client.expectOk({ path: 'summary' }, 200, summarySchema);
    expect(after.open_orders).toBe(before.open_orders);
  }),
  scenario('a table is occupied from its first order until staff clear it, served or not', async (client) => {
    const tables = await client.expectOk({ path: 'tables' }, 200, tablesSchema);
    const free = tables.find(
      (table) => table.status === 'free' && table.id !== TABLE && table.id !== client.target.limitedTable.id,
    );
    if (!free) throw new Error('The demo restaurant should have a free table');
    const order = await place(client, { table_id: free.id, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] });
    const busy = await client.expectOk({ path: 'tables' }, 200, tablesSchema);
    expect(busy.find((table) => table.id === free.id)?.status).toBe('occupied');
    await client.advance(order.orderID, 3); // served: the party is still at the table
    const served = await client.expectOk({ path: 'tables' }, 200, tablesSchema);
    expect(served.find((table) => table.id === free.id)?.status).toBe('occupied');
    const manager = await signIn(client, CONTRACT_MANAGER);
    const cleared = await client.call({
      method: 'POST',
      path: `staff/tables/${free.id}/clear`,
      body: { reason: 'contract case' },
      headers: { Cookie: manager },
    });
    expect(cleared.status).toBe(200);
    const after = await client.expectOk({ path: 'tables' }, 200, tablesSchema);
    expect(after.find((table) => table.id === free.id)?.status).toBe('free');
  }),

  // --- addOrders --------------------------------------------------------------------------------------------
  answers({
    name: 'addOrders: 201, received, priced from the menu (client prices ignored)',
    call: {
      method: 'POST',
      path: 'orders',
      body: {
        ...TWO_LINES,
        items: TWO_LINES.items.map((line) => ({ ...line, price: 0.01, name: 'Free pizza' })),
        total: 0.02,
      },
    },
    status: 201,
    schema: orderSchema,
    check: (order) => {
      expect(order.status).toBe('received');
      expect(order.table_id).toBe(TABLE);
      expect(order.note).toBe('window seat');
      expect(order.orderID).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(
        order.items.map(({ menu_id, name, price, quantity, note }) => ({ menu_id, name, price, quantity, note })),
      ).toEqual([
        { menu_id: MARGHERITA.id, name: MARGHERITA.name, price: 11.5, quantity: 2, note: 'extra basil' },
        { menu_id: BURRATA.id, name: BURRATA.name, price: 12.5, quantity: 1, note: '' },
      ]);
      expect(order.total).toBe(35.5);
      expect(order.created_at).toBe(order.updated_at);
    },
  }),
  answers({
    name: 'addOrders: total rounded to cents over many lines',
    call: placeCall({
      table_id: TABLE,
      items: [
        { menu_id: menuItem(3).id, quantity: 3 }, // 6.90
        { menu_id: menuItem(7).id, quantity: 7 }, // 11.20
        { menu_id: menuItem(62).id, quantity: 11 }, // 2.60
      ],
    }),
    status: 201,
    schema: orderSchema,
    check: (order) => expect(order.total).toBe(127.7),
  }),
  scenario('addOrders: the same Idempotency-Key answers 200 with the same order', async (client) => {
    const key = newKey();
    const first = await client.expectOk(placeCall(TWO_LINES, key), 201, orderSchema);
    const before = await openOrders(client);
    const again = await client.expectOk(placeCall(TWO_LINES, key), 200, orderSchema);
    // The replay is exactly when a guest whose first answer was lost needs the order's key.
    expect(again).toEqual(first);
    expect(again.order_key).toBeDefined();
    expect(await openOrders(client)).toBe(before);
  }),
  scenario('addOrders: concurrent requests with one key place exactly one order', async (client) => {
    const key = newKey();
    const before = await openOrders(client);
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.call(placeCall(TWO_LINES, key))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => orderSchema.parse(answer.body).orderID));
    expect(ids.size).toBe(1);
    expect(await openOrders(client)).toBe(before + 1);
  }),
  refuses({
    name: '422 for an Idempotency-Key reused with a different order',
    given: async (client) => {
      const key = newKey();
      await client.expectOk(placeCall(TWO_LINES, key), 201, orderSchema);
      return key;
    },
    call: (key) => placeCall({ ...TWO_LINES, note: 'something else' }, key),
    status: 422,
    fields: ['Idempotency-Key'],
  }),
  refuses({
    name: '400 for a malformed Idempotency-Key',
    call: placeCall(TWO_LINES, 'bad key!'),
    status: 400,
    fields: ['Idempotency-Key'],
  }),
  refuses({
    name: '400 for a body that is not JSON',
    call: {
      method: 'POST',
      path: 'orders',
      rawBody: '{"table_id": 5, "items": [',
      headers: { 'Idempotency-Key': newKey() },
    },
    status: 400,
  }),
  refuses({ name: '400 for an empty body', call: { method: 'POST', path: 'orders', rawBody: '' }, status: 400 }),
  refuses({
    name: '422 for an order without lines',
    call: placeCall({ table_id: TABLE, items: [] }),
    status: 422,
    fields: ['items'],
  }),
  refuses({
    name: '422 for quantities outside 1 to 20, naming each line',
    call: placeCall({
      table_id: TABLE,
      items: [
        { menu_id: MARGHERITA.id, quantity: 0 },
        { menu_id: TIRAMISU.id, quantity: 21 },
      ],
    }),
    status: 422,
    fields: ['items.0.quantity', 'items.1.quantity'],
  }),
  refuses({
    name: '422 for a table_id that is not an id',
    call: { method: 'POST', path: 'orders', body: { ...TWO_LINES, table_id: 'five' } },
    status: 422,
    fields: ['table_id'],
  }),
  refuses({
    name: '422 for more than 50 lines',
    call: placeCall({
      table_id: TABLE,
      items: Array.from({ length: 51 }, () => ({ menu_id: TIRAMISU.id, quantity: 1 })),
    }),
    status: 422,
    fields: ['items'],
  }),
  refuses({
    name: '422 for an unknown menu item, naming its line',
    call: placeCall({
      table_id: TABLE,
      items: [
        { menu_id: TIRAMISU.id, quantity: 1 },
        { menu_id: UNKNOWN_MENU_ID, quantity: 1 },
      ],
    }),
    status: 422,
    fields: ['items.1.menu_id'],
  }),
  refuses({
    name: '422 for a sold-out item, saying so by name',
    call: placeCall({ table_id: TABLE, items: [{ menu_id: SOLD_OUT.id, quantity: 1 }] }),
    status: 422,
    fields: ['items.0.menu_id'],
    check: (message) => expect(message).toContain(`${SOLD_OUT.name} is sold out`),
  }),
  refuses({
    name: '422 for an unknown table',
    call: placeCall({ table_id: UNKNOWN_TABLE_ID, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] }),
    status: 422,
    fields: ['table_id'],
  }),
  refuses({
    name: '413 for a body over 64 KiB',
    call: placeCall({ ...TWO_LINES, note: 'x'.repeat(70 * 1024) }),
    status: 413,
  }),

  // --- getOrders ---------------------------------------------------------------------------------------------
  answers({
    name: 'getOrders?orderID with its key: exactly that order, without the key',
    given: (client) => place(client),
    call: (order) => getCall(order),
    schema: ordersSchema,
    check: (orders, placed) => expect(orders).toEqual([withoutKey(placed)]),
  }),
  answers({
    name: 'getOrders?orderID read the way a person types it (lower case)',
    given: (client) => place(client),
    call: (order) => getCall(order.orderID.toLowerCase(), order.order_key),
    schema: ordersSchema,
    check: (orders, placed) => expect(orders.map((order) => order.orderID)).toEqual([placed.orderID]),
  }),
  refuses({
    name: '403 for getOrders without an orderID: listing is for staff',
    given: (client) => place(client),
    call: (order) => ({ path: 'orders', headers: keyOf(order) }),
    status: 403,
  }),
  refuses({
    name: '404 for getOrders?orderID of no order',
    call: { path: 'orders', query: { orderID: 'ZZZZZZZZ' } },
    status: 404,
  }),
  refuses({
    name: '400 for getOrders with an empty orderID',
    call: { path: 'orders', query: { orderID: '' } },
    status: 400,
    fields: ['orderID'],
  }),

  // --- addMenu -----------------------------------------------------------------------------------------------
  answers({
    name: 'addMenu while received: 201, a new line, total and updated_at recomputed',
    given: (client) => place(client),
    call: (order) => addCall(order, TIRAMISU.id, 2, 'two spoons'),
    status: 201,
    schema: orderSchema,
    check: (updated, placed) => {
      expect(updated.items).toHaveLength(placed.items.length + 1);
      expect(updated.items.slice(0, -1)).toEqual(placed.items);
      expect(updated.items.at(-1)).toMatchObject({
        menu_id: TIRAMISU.id,
        name: TIRAMISU.name,
        price: 7.5,
        quantity: 2,
        note: 'two spoons',
      });
      expect(updated.total).toBe(placed.total + 15);
      expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(placed.updated_at));
      expect(updated.created_at).toBe(placed.created_at);
    },
  }),
  answers({
    name: 'addMenu while preparing: 201',
    given: (client) => placeAndAdvance(client, 1),
    call: (order) => addCall(order),
    status: 201,
    schema: orderSchema,
    check: (updated) => expect(updated.status).toBe('preparing'),
  }),
  refuses({
    name: '409 for addMenu once the order is ready',
    given: (client) => placeAndAdvance(client, 2),
    call: (order) => addCall(order),
    status: 409,
    check: (message) => expect(message).toContain('ready'),
  }),
  refuses({
    name: '409 for addMenu once the order is served',
    given: (client) => placeAndAdvance(client, 3),
    call: (order) => addCall(order),
    status: 409,
  }),
  refuses({ name: '404 for addMenu to an unknown order', call: addCall('ZZZZZZZZ'), status: 404 }),
  refuses({
    name: '422 for addMenu of an unknown item',
    given: (client) => place(client),
    call: (order) => addCall(order, UNKNOWN_MENU_ID),
    status: 422,
    fields: ['menu_id'],
  }),
  refuses({
    name: '422 for addMenu of a sold-out item',
    given: (client) => place(client),
    call: (order) => addCall(order, SOLD_OUT.id),
    status: 422,
    fields: ['menu_id'],
  }),
  refuses({
    name: '422 for addMenu without a quantity',
    given: (client) => place(client),
    call: (order) => ({
      method: 'POST',
      path: 'menu',
      body: { orderID: order.orderID, menu_id: TIRAMISU.id },
      headers: keyOf(order),
    }),
    status: 422,
    fields: ['quantity'],
  }),
  refuses({
    name: '400 for addMenu with a body that is not JSON',
    call: { method: 'POST', path: 'menu', rawBody: 'orderID=1' },
    status: 400,
  }),

  // --- removeMenu --------------------------------------------------------------------------------------------
  answers({
    name: 'removeMenu while received: 200, the line gone, total recomputed',
    given: (client) => place(client),
    call: (order) => removeCall(order, firstLine(order).line_id),
    schema: orderSchema,
    check: (updated, placed) => {
      expect(updated.items).toEqual(placed.items.slice(1));
      expect(updated.total).toBe(12.5);
    },
  }),
  refuses({
    name: '409 for removeMenu once the kitchen is preparing the order',
    given: (client) => placeAndAdvance(client, 1),
    call: (order) => removeCall(order, firstLine(order).line_id),
    status: 409,
    check: async (message, order, client) => {
      expect(message).toContain('preparing');
      expect((await readOrder(client, order)).items).toEqual(order.items);
    },
  }),
  refuses({
    name: '422 for removing the last line of an order',
    given: (client) => place(client, { table_id: TABLE, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] }),
    call: (order) => removeCall(order, firstLine(order).line_id),
    status: 422,
  }),
  refuses({ name: '404 for removeMenu on an unknown order', call: removeCall('ZZZZZZZZ', 1), status: 404 }),
  refuses({
    name: '404 for removeMenu of a line the order does not have',
    given: async (client) => [await place(client), await place(client)] as const,
    call: ([order, other]) => removeCall(order, firstLine(other).line_id),
    status: 404,
  }),
  refuses({
    name: '400 for removeMenu without a line_id',
    given: (client) => place(client),
    call: (order) => ({ method: 'DELETE', path: 'menu', query: { orderID: order.orderID }, headers: keyOf(order) }),
    status: 400,
    fields: ['line_id'],
  }),
  refuses({
    name: '400 for removeMenu?line_id=abc',
    call: removeCall('ZZZZZZZZ', 'abc'),
    status: 400,
    fields: ['line_id'],
  }),

  // --- v1.1: order keys ------------------------------------------------------------------------------------
  scenario('addOrders: an order_key of at least 128 bits, different for every order', async (client) => {
    const [one, two] = [await place(client), await place(client)];
    for (const order of [one, two]) expect(order.order_key ?? '').toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(one.order_key).not.toBe(two.order_key);
  }),
  refuses({
    name: '404 for getOrders?orderID without its key, as for an unknown id',
    given: (client) => place(client),
    call: (order) => getCall(order.orderID),
    status: 404,
  }),
  refuses({
    name: '404 for getOrders?orderID with another order’s key',
    given: async (client) => [await place(client), await place(client)] as const,
    call: ([order, other]) => getCall(order.orderID, other.order_key),
    status: 404,
  }),
  refuses({
    name: '404 for addMenu without the order’s key, and nothing is added',
    given: (client) => place(client),
    call: (order) => addCall(order.orderID),
    status: 404,
    check: async (_message, order, client) => expect((await readOrder(client, order)).items).toEqual(order.items),
  }),
  refuses({
    name: '404 for addMenu with a wrong key, and nothing is added',
    given: async (client) => [await place(client), await place(client)] as const,
    call: ([order, other]) => ({ ...addCall(order.orderID), headers: keyOf(other) }),
    status: 404,
    check: async (_message, [order], client) => expect((await readOrder(client, order)).items).toEqual(order.items),
  }),
  refuses({
    name: '404 for removeMenu without the order’s key, and the line stays',
    given: (client) => place(client),
    call: (order) => removeCall(order.orderID, firstLine(order).line_id),
    status: 404,
    check: async (_message, order, client) => expect((await readOrder(client, order)).items).toEqual(order.items),
  }),
  refuses({
    name: '404 for removeMenu with a wrong key, and the line stays',
    given: async (client) => [await place(client), await place(client)] as const,
    call: ([order, other]) => ({ ...removeCall(order.orderID, firstLine(order).line_id), headers: keyOf(other) }),
    status: 404,
    check: async (_message, [order], client) => expect((await readOrder(client, order)).items).toEqual(order.items),
  }),
  scenario('addMenu and removeMenu answers never carry the order key', async (client) => {
    const order = await place(client);
    const added = await client.expectOk(addCall(order), 201, orderSchema);
    expect(added.order_key).toBeUndefined();
    const removed = await client.expectOk(removeCall(order, firstLine(order).line_id), 200, orderSchema);
    expect(removed.order_key).toBeUndefined();
  }),

  // --- v1.1: addMenu with an Idempotency-Key -----------------------------------------------------------------
  scenario('addMenu: the same Idempotency-Key answers 200 with the same order and adds nothing', async (client) => {
    const order = await place(client);
    const key = newKey();
    const call = { ...addCall(order), headers: { ...keyOf(order), 'Idempotency-Key': key } };
    const first = await client.expectOk(call, 201, orderSchema);
    expect(first.items).toHaveLength(order.items.length + 1);
    const again = await client.expectOk(call, 200, orderSchema);
    expect(again).toEqual(first);
    expect((await readOrder(client, order)).items).toEqual(first.items);
  }),
  refuses({
    name: '422 for an addMenu Idempotency-Key reused with another addition',
    given: async (client) => {
      const order = await place(client);
      const key = newKey();
      await client.expectOk(
        { ...addCall(order), headers: { ...keyOf(order), 'Idempotency-Key': key } },
        201,
        orderSchema,
      );
      return { order, key };
    },
    call: ({ order, key }) => ({
      ...addCall(order, TIRAMISU.id, 2),
      headers: { ...keyOf(order), 'Idempotency-Key': key },
    }),
    status: 422,
    fields: ['Idempotency-Key'],
  }),
  scenario('addMenu without an Idempotency-Key adds each time', async (client) => {
    const order = await place(client);
    await client.expectOk(addCall(order), 201, orderSchema);
    const second = await client.expectOk(addCall(order), 201, orderSchema);
    expect(second.items).toHaveLength(order.items.length + 2);
  }),

  // --- v1.1: table keys and the new-order limit --------------------------------------------------------------
  scenario('addOrders with the table’s own X-Table-Key: 201', async (client) => {
    const key = await client.target.tableKey(TABLE);
    await client.expectOk({ ...placeCall(TWO_LINES, newKey()), headers: { 'X-Table-Key': key } }, 201, orderSchema);
  }),
  refuses({
    name: '403 table_key for a wrong X-Table-Key, and no order is placed',
    given: async (client) => ({ key: newKey(), tableKey: await client.target.tableKey(TABLE + 1) }),
    call: ({ key, tableKey }) => ({
      ...placeCall(TWO_LINES, key),
      headers: { 'Idempotency-Key': key, 'X-Table-Key': tableKey },
    }),
    status: 403,
    code: TABLE_KEY_ERROR_CODE,
    check: async (_message, { key }, client) => {
      await client.expectOk(placeCall(TWO_LINES, key), 201, orderSchema);
    },
  }),
  scenario('the new-order limit per table: 429 with Retry-After; replays are not counted', async (client) => {
    const { id, ordersPerMinute } = client.target.limitedTable;
    const order: NewOrder = { table_id: id, items: [{ menu_id: TIRAMISU.id, quantity: 1 }] };
    const firstKey = newKey();
    await client.expectOk(placeCall(order, firstKey), 201, orderSchema);
    for (let placed = 1; placed < ordersPerMinute; placed++) {
      // A replay between new orders answers 200 and does not use up the table's allowance.
      await client.expectOk(placeCall(order, firstKey), 200, orderSchema);
      await client.expectOk(placeCall(order, newKey()), 201, orderSchema);
    }
    const refused = await client.call(placeCall(order, newKey()));
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(refused.body).error.code).toBe(ERROR_CODES[429]);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // At the limit, a guest whose answer was lost still gets the order placed before.
    await client.expectOk(placeCall(order, firstKey), 200, orderSchema);
    // Other tables are not held back by this one.
    await client.expectOk(placeCall(TWO_LINES, newKey()), 201, orderSchema);
  }),

  // --- Hardening: what no database may see -------------------------------------------------------------------
  refuses({
    name: '415 for a body sent as another type than JSON',
    call: { ...placeCall(TWO_LINES, newKey()), headers: { 'Content-Type': 'text/plain' } },
    status: 415,
  }),
  refuses({
    name: '400 for getMenu?menu_id beyond PostgreSQL integer',
    call: { path: 'menu', query: { menu_id: String(MAX_ID + 1) } },
    status: 400,
    fields: ['menu_id'],
  }),
  refuses({
    name: '400 for removeMenu?line_id beyond PostgreSQL integer',
    given: (client) => place(client),
    call: (order) => removeCall(order, '9999999999'),
    status: 400,
    fields: ['line_id'],
  }),
  refuses({
    name: '422 for ids beyond PostgreSQL integer in an order, naming each',
    call: placeCall({ table_id: MAX_ID + 1, items: [{ menu_id: 99_999_999_999, quantity: 1 }] }),
    status: 422,
    fields: ['table_id', 'items.0.menu_id'],
  }),
  refuses({
    name: '422 for a NUL byte in a note, naming it',
    call: placeCall({ ...TWO_LINES, note: 'window\u0000seat' }),
    status: 422,
    fields: ['note'],
  }),
  refuses({
    name: '422 for a lone surrogate in a line note, naming it',
    call: {
      method: 'POST',
      path: 'orders',
      rawBody: `{"table_id":${TABLE},"items":[{"menu_id":${TIRAMISU.id},"quantity":1,"note":"\\ud800 x"}]}`,
    },
    status: 422,
    fields: ['items.0.note'],
  }),
  refuses({
    name: '422 for a NUL byte in an orderID',
    call: { path: 'orders', query: { orderID: 'AB\u0000CD' } },
    status: 422,
    fields: ['orderID'],
  }),
  refuses({
    name: '422 for a NUL byte in an addMenu note',
    given: (client) => place(client),
    call: (order) => addCall(order, TIRAMISU.id, 1, 'no\u0000nuts'),
    status: 422,
    fields: ['note'],
  }),
  // --- Live events (v1.1; a v1 provider answers 404 and the app polls) ---------------------------------
  {
    name: 'events: a text/event-stream that opens at once, or 404 from a provider without live events',
    async run(client) {
      const abort = new AbortController();
      const response = await fetch(new URL('/api/v1/events', client.target.origin), {
        headers: { Authorization: `Bearer ${client.target.token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      try {
        if (response.status === 404) {
          errorBodySchema.parse(await response.json());
          return;
        }
        expect(response.status).toBe(200);
        expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
        const reader = response.body?.getReader();
        const first = await reader?.read();
        // Something arrives before any event does (a retry line or a comment), so the client knows it is live.
        expect(new TextDecoder().decode(first?.value)).toMatch(/^(retry|:)/m);
      } finally {
        abort.abort();
      }
    },
  },
  refuses({ name: '401 for events without a token', call: { path: 'events', auth: false }, status: 401 }),
  refuses({
    name: '404 for the events of an unknown order',
    call: { path: 'events', query: { orderID: 'ZZZZZZZZ' } },
    status: 404,
  }),
];
