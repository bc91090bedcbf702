// Placing keeps the dishes it checks between orders (menu-entry-cache.ts): a change to the menu, made by this process
// or straight in the database as another process would, is seen by the very next order.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrder } from '../../contract/orders';
import type { RunningProvider } from '../../server/start';
import { cachedDishes, rememberDishes } from '../../server/orders/menu-entry-cache';
import type { OwnRoom } from '../support/postgres-admin';
import { callApi, placeOrder, SAMPLE_ORDER, startProviderInOwnSchema, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };

async function refusal(provider: RunningProvider, order: NewOrder): Promise<{ status: number; message: string }> {
  const response = await callApi(provider.url, 'orders', { method: 'POST', body: JSON.stringify(order) });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: body.error?.message ?? '' };
}

describe('placing after a menu change', { timeout: 120_000 }, () => {
  let provider: RunningProvider;
  let cookie: string;
  const dish = SAMPLE_ORDER.items[0]!.menu_id;
  let dishName: string;

  beforeAll(async () => {
    provider = await startTestProvider({ manager: MANAGER });
    const session = await callApi(provider.url, 'staff/session', { method: 'POST', body: JSON.stringify(MANAGER) });
    cookie = /staff_session=([^;]+)/.exec(session.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
    const [row] = await provider.db.query<{ name: string }>('SELECT name FROM menu_items WHERE id = $1', [dish]);
    dishName = row?.name ?? '';
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('refuses a dish sold out in the console right after an order of it was placed', async () => {
    await placeOrder(provider.url);
    const patch = await callApi(provider.url, `staff/menu/${dish}`, {
      method: 'PATCH',
      body: JSON.stringify({ available: false }),
      headers: { Cookie: cookie },
    });
    expect(patch.status).toBe(200);
    expect(await refusal(provider, SAMPLE_ORDER)).toEqual({ status: 422, message: `${dishName} is sold out` });

    await callApi(provider.url, `staff/menu/${dish}`, {
      method: 'PATCH',
      body: JSON.stringify({ available: true }),
      headers: { Cookie: cookie },
    });
    expect((await placeOrder(provider.url)).items.map((line) => line.menu_id)).toContain(dish);
  });

  it('places an order once, priced as the database has it, when the menu moved on after the dishes were cached', async () => {
    await placeOrder(provider.url);
    const [before] = await provider.db.query<{ price_cents: number }>(
      'SELECT price_cents FROM menu_items WHERE id = $1',
      [dish],
    );
    // Another process's change: this one's cache still holds the dish at the version before it.
    await provider.db.query('UPDATE menu_items SET price_cents = price_cents + 150 WHERE id = $1', [dish]);
    const key = `moved-on-${Date.now()}`;
    const answer = await callApi(provider.url, 'orders', {
      method: 'POST',
      body: JSON.stringify(SAMPLE_ORDER),
      headers: { 'Idempotency-Key': key },
    });
    expect(answer.status).toBe(201);
    const order = (await answer.json()) as { items: { menu_id: number; price: number }[] };
    expect(order.items.find((line) => line.menu_id === dish)?.price).toBe(((before?.price_cents ?? 0) + 150) / 100);
    const stored = await provider.db.query<{ lines: number }>(
      `SELECT count(l.line_id)::int AS lines FROM orders o JOIN order_lines l ON l.order_id = o.order_id
       WHERE o.idempotency_key = $1 GROUP BY o.order_id`,
      [key],
    );
    expect(stored).toEqual([{ lines: SAMPLE_ORDER.items.length }]);
    await provider.db.query('UPDATE menu_items SET price_cents = price_cents - 150 WHERE id = $1', [dish]);
  });

  it('sees a change written to the database by another process: a hidden category, a choice that is out', async () => {
    await placeOrder(provider.url);
    const [{ category } = { category: 0 }] = await provider.db.query<{ category: number }>(
      'SELECT s.category_id AS category FROM menu_items m JOIN sub_categories s ON s.id = m.sub_category_id WHERE m.id = $1',
      [dish],
    );
    await provider.db.query('UPDATE categories SET hidden = true WHERE id = $1', [category]);
    expect(await refusal(provider, SAMPLE_ORDER)).toEqual({
      status: 422,
      message: `${dishName} is no longer on the menu`,
    });
    await provider.db.query('UPDATE categories SET hidden = false WHERE id = $1', [category]);
    await placeOrder(provider.url);

    const [choice] = await provider.db.query<{ menu_id: number; choice_id: number; name: string }>(
      `SELECT g.menu_id, c.id AS choice_id, c.name FROM option_groups g JOIN option_choices c ON c.group_id = g.id
       WHERE g.min = 0 AND c.available ORDER BY g.menu_id, c.id LIMIT 1`,
    );
    if (!choice) throw new Error('The demo menu has an optional choice');
    const withChoice: NewOrder = {
      table_id: 3,
      items: [{ menu_id: choice.menu_id, quantity: 1, choices: [choice.choice_id] }],
    };
    await placeOrder(provider.url, withChoice);
    await provider.db.query('UPDATE option_choices SET available = false WHERE id = $1', [choice.choice_id]);
    const refused = await refusal(provider, withChoice);
    expect(refused.status).toBe(422);
    expect(refused.message).toContain(choice.name);
  });
});

const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  describe('orders placed while another process changes the dish, on PostgreSQL', { timeout: 120_000 }, () => {
    let room: OwnRoom;
    let provider: RunningProvider;
    beforeAll(async () => {
      ({ provider, room } = await startProviderInOwnSchema(databaseUrl, 'prov_menu_moving'));
    });
    afterAll(async () => {
      await provider?.close();
      await room?.drop();
    });

    it('never prices an order from a menu its checks did not see', async () => {
      const dish = SAMPLE_ORDER.items[0]!.menu_id;
      const order: NewOrder = { table_id: 4, items: [{ menu_id: dish, quantity: 1 }] };
      await placeOrder(provider.url, order);
      // Another process flips the dish between sold out at a high price and on sale at a low one, one commit each:
      // an order priced high was priced from a menu in which the dish was sold out.
      const writer = new pg.Client({ connectionString: room.url });
      await writer.connect();
      let writing = true;
      const flips = (async () => {
        for (let flip = 1; writing; flip++) {
          const onSale = flip % 2 === 0;
          await writer.query('UPDATE menu_items SET available = $2, price_cents = $3 WHERE id = $1', [
            dish,
            onSale,
            onSale ? 1000 + flip : 5000 + flip,
          ]);
        }
      })();
      const statuses: number[] = [];
      const prices: number[] = [];
      try {
        await Promise.all(
          Array.from({ length: 6 }, async (_, client) => {
            for (let n = 0; n < 15; n++) {
              const answer = await callApi(provider.url, 'orders', {
                method: 'POST',
                body: JSON.stringify(order),
                headers: { 'Idempotency-Key': `moving-${client}-${n}` },
              });
              statuses.push(answer.status);
              const body = (await answer.json()) as { items?: { price: number }[] };
              if (answer.status === 201) prices.push(body.items?.[0]?.price ?? NaN);
            }
          }),
        );
      } finally {
        writing = false;
        await flips;
        await writer.end();
      }
      // Each was either placed or refused as sold out; none failed.
      expect(statuses.filter((status) => status !== 201 && status !== 422)).toEqual([]);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.filter((price) => !(price >= 10 && price < 50))).toEqual([]);
      const [{ placed } = { placed: -1 }] = await provider.db.query<{ placed: number }>(
        "SELECT count(*)::int AS placed FROM orders WHERE idempotency_key LIKE 'moving-%'",
      );
      expect(placed).toBe(prices.length);
    });
  });
}

describe('the cache of dishes', () => {
  const entry = (id: number, available: boolean) => ({ id, name: `Dish ${id}`, available, priceCents: 500 });

  it('gives an order its dishes only when all are cached, as they were when it was sent', () => {
    const db = {};
    expect(cachedDishes(db, [1])).toBeUndefined();
    rememberDishes(db, '7', [entry(1, true)]);
    const sent = cachedDishes(db, [1]);
    expect(cachedDishes(db, [1, 2])).toBeUndefined();
    // A concurrent order read the menu after a change: the cache moves on, the order already sent keeps its own.
    rememberDishes(db, '8', [entry(1, false)]);
    expect(sent).toEqual({ version: '7', entries: new Map([[1, entry(1, true)]]) });
    expect(cachedDishes(db, [1])).toEqual({ version: '8', entries: new Map([[1, entry(1, false)]]) });
    // Dishes read at the same version join the cache; any other version, older too, replaces it.
    rememberDishes(db, '8', [entry(2, true)]);
    expect(cachedDishes(db, [1, 2])?.version).toBe('8');
    rememberDishes(db, '5', [entry(3, true)]);
    expect(cachedDishes(db, [1])).toBeUndefined();
    expect(cachedDishes({}, [3])).toBeUndefined();
  });
});
