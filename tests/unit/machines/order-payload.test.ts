// From stored entries to cart lines and order lines, the provider's field errors back to cart lines, the cart after placing, this device's orders.
import { describe, expect, it } from 'vitest';
import { groupCartLines, lineKey } from '../../../src/domain/cart-lines';
import { MY_ORDERS_LIMIT, readMyOrders, rememberOrder } from '../../../src/device/my-orders';
import { entriesAfterPlacing } from '../../../src/domain/cart';
import { buildOrderDraft, rejectedLines } from '../../../src/machines/order-payload';

const entry = (id: string, menu_id: number, note?: string, price: number | string = 10) => ({
  id,
  menu_id,
  name: `Dish ${menu_id}`,
  price,
  ...(note === undefined ? {} : { note }),
});

describe('cart lines', () => {
  it('groups by dish and trimmed note, in order of first appearance, and skips entries of unknown shape', () => {
    const { lines, unreadable } = groupCartLines([
      entry('a', 1),
      entry('b', 2, 'spicy'),
      entry('c', 1, '  '),
      { menu_id: 1 },
      entry('d', 2, ' spicy '),
      entry('e', 2),
      null,
    ]);
    expect(unreadable).toBe(2);
    expect(lines.map(({ key, quantity, entryIds }) => ({ key, quantity, entryIds }))).toEqual([
      { key: lineKey(1, ''), quantity: 2, entryIds: ['a', 'c'] },
      { key: lineKey(2, 'spicy'), quantity: 2, entryIds: ['b', 'd'] },
      { key: lineKey(2, ''), quantity: 1, entryIds: ['e'] },
    ]);
  });

  it('sums each entry’s own price by the spec’s rule, without float noise', () => {
    const [line] = groupCartLines([
      entry('a', 1, undefined, 0.1),
      entry('b', 1, undefined, '$0.20'),
      entry('c', 1, undefined, 'n/a'),
    ]).lines;
    expect(line?.total).toBe(0.3);
    expect(line?.unitPrice).toBe(0.1);
    expect(line?.template).toEqual({ menu_id: 1, name: 'Dish 1', price: 0.1 });
  });
});

describe('cart lines with choices', () => {
  const large = { id: 3712, name: 'Large 36 cm', price: 3.5 };
  const olives = { id: 3723, name: 'Olives', price: 1 };
  const withChoices = (id: string, choices: unknown) => ({ ...entry(id, 37, undefined, 14.7), choices });

  it('groups by dish, note and choices whatever their order, ignores unreadable choices, and sends their ids', () => {
    const { lines } = groupCartLines([
      withChoices('a', [large, olives]),
      withChoices('b', [olives, large]),
      withChoices('c', [large]),
      withChoices('d', 'not a list'),
      withChoices('e', [{ id: 'x' }, null]),
    ]);
    expect(lines.map(({ key, quantity, choices }) => ({ key, quantity, choices }))).toEqual([
      { key: lineKey(37, '', [3712, 3723]), quantity: 2, choices: [large, olives] },
      { key: lineKey(37, '', [3712]), quantity: 1, choices: [large] },
      { key: lineKey(37, ''), quantity: 2, choices: [] },
    ]);
    const draft = buildOrderDraft(lines, '');
    expect(draft.ok && draft.draft.items).toEqual([
      { menu_id: 37, quantity: 2, choices: [3712, 3723] },
      { menu_id: 37, quantity: 1, choices: [3712] },
      { menu_id: 37, quantity: 2 },
    ]);
  });
});

describe('order draft', () => {
  it('sends each line once, splits more than 20 units, leaves empty notes out and trims the order note', () => {
    const { lines } = groupCartLines([
      ...Array.from({ length: 41 }, (_, index) => entry(`p${index}`, 7)),
      entry('n', 8, 'no ice'),
    ]);
    const result = buildOrderDraft(lines, '  for two  ');
    expect(result).toEqual({
      ok: true,
      draft: {
        items: [
          { menu_id: 7, quantity: 20 },
          { menu_id: 7, quantity: 20 },
          { menu_id: 7, quantity: 1 },
          { menu_id: 8, quantity: 1, note: 'no ice' },
        ],
        note: 'for two',
        lineKeys: [lineKey(7, ''), lineKey(7, ''), lineKey(7, ''), lineKey(8, 'no ice')],
        entryIds: [...Array.from({ length: 41 }, (_, index) => `p${index}`), 'n'],
      },
    });
    expect(buildOrderDraft(lines, '   ')).toMatchObject({
      ok: true,
      draft: expect.not.objectContaining({ note: expect.anything() }),
    });
  });

  it('refuses an empty cart, and more than 50 lines once split', () => {
    expect(buildOrderDraft([], 'hello')).toEqual({ ok: false, problem: 'empty' });
    const fifty = groupCartLines(Array.from({ length: 50 }, (_, index) => entry(`e${index}`, index + 1))).lines;
    expect(buildOrderDraft(fifty, '').ok).toBe(true);
    const split = groupCartLines([
      ...Array.from({ length: 49 }, (_, index) => entry(`e${index}`, index + 1)),
      ...Array.from({ length: 21 }, (_, index) => entry(`x${index}`, 99)),
    ]).lines;
    expect(buildOrderDraft(split, '')).toEqual({ ok: false, problem: 'too-many-lines', lineCount: 51 });
  });
});

describe('refused lines', () => {
  it('maps items.N paths to the cart line item N came from, keeping the first reason per line', () => {
    const keys = ['A', 'A', 'B'];
    expect(
      rejectedLines(
        {
          'items.1.menu_id': 'sold out',
          'items.0.quantity': 'too many',
          'items.2': 'bad',
          table_id: 'unknown table',
          'items.9.menu_id': 'x',
        },
        keys,
      ),
    ).toEqual({
      A: 'sold out',
      B: 'bad',
    });
    expect(rejectedLines({ 'items.10x': 'no' }, keys)).toEqual({});
  });
});

describe('the cart after placing', () => {
  it('is cleared when it holds just what was sent, unreadable entries included', () => {
    expect(entriesAfterPlacing([entry('a', 1), 'legacy', entry('b', 2)], ['a', 'b'])).toEqual([]);
  });

  it('keeps what was added since, taking out only the entries sent', () => {
    expect(entriesAfterPlacing([entry('a', 1), 'legacy', entry('new', 3), entry('b', 2)], ['a', 'b', 'gone'])).toEqual([
      'legacy',
      entry('new', 3),
    ]);
  });
});

describe('this device’s orders', () => {
  it('puts the newest first, lists an order once, keeps the most recent ones, and skips what it cannot read', () => {
    localStorage.setItem(
      'my_orders',
      JSON.stringify([{ orderID: 'OLD00001', table_id: 2, placed_at: 'x' }, { nonsense: true }]),
    );
    rememberOrder({ orderID: 'NEW00001', table_id: 3, placed_at: '2026-11-21T12:00:00.000Z' });
    rememberOrder({ orderID: 'OLD00001', table_id: 2, placed_at: 'x' });
    expect(readMyOrders().map((order) => order.orderID)).toEqual(['OLD00001', 'NEW00001']);

    for (let index = 0; index < MY_ORDERS_LIMIT + 5; index++)
      rememberOrder({ orderID: `ORDER${index}`, table_id: 1, placed_at: 'x' });
    expect(readMyOrders()).toHaveLength(MY_ORDERS_LIMIT);
    expect(readMyOrders()[0]?.orderID).toBe(`ORDER${MY_ORDERS_LIMIT + 4}`);

    localStorage.setItem('my_orders', '{broken');
    expect(readMyOrders()).toEqual([]);
  });
});
