// The rail's rows for a ticket come from its text as it wraps on a tablet's narrow card: a dish with its choices and
// allergens, or a guest's name beside the table's, takes the rows it needs, and a 1024×768 tablet holds 12 ordinary ones.
import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '../../../contract/kitchen';
import { railPages, ticketHeight, ticketRows } from '../../../src/ui/staff/rail-layout';
import { railGrid } from '../../../src/ui/staff/use-page-size';

/** The rail of a 1024×768 tablet under the console's header, bar and one line of all-day counts. */
const TABLET_RAIL = railGrid(1008, 576);

const AT = '2026-03-28T20:00:00.000Z';

function order(items: KitchenOrder['items'], extra: Partial<KitchenOrder> = {}): KitchenOrder {
  return {
    orderID: 'EAF12G56',
    table_id: 1,
    status: 'received',
    items,
    note: '',
    total: 19,
    created_at: AT,
    updated_at: AT,
    ...extra,
  };
}

const line = (name: string, extra: Partial<KitchenOrder['items'][number]> = {}): KitchenOrder['items'][number] => ({
  line_id: 1,
  menu_id: 35,
  name,
  price: 19,
  quantity: 1,
  note: '',
  added_at: AT,
  ...extra,
});

describe('the rows a ticket takes on the rail', () => {
  it('gives a dish with its choices and several allergens, at a table with a guest’s name, the height its text needs', () => {
    const pizza = order(
      [
        line('Quattro Formaggi', {
          choices: [
            { id: 1, name: 'Large 36 cm', price: 4 },
            { id: 2, name: 'Extra mozzarella', price: 1 },
          ],
          allergens: ['gluten', 'milk'],
        }),
      ],
      { guest: 'Ana' },
    );
    const plain = order([line('Quattro Formaggi')]);
    expect(ticketHeight(pizza, 'kitchen', 'Window 1')).toBeGreaterThan(ticketHeight(plain, 'kitchen', 'Window 1'));
    // Told of allergies too: the banner with its button is taller still.
    expect(ticketRows({ ...pizza, allergies: ['peanuts', 'sesame'] }, 'kitchen', 'Window 1')).toBeGreaterThan(
      ticketRows(pizza, 'kitchen', 'Window 1'),
    );
  });

  it('past the hour, the wider timer (h:mm:ss) leaves less room beside it: "Window 1" goes under it', () => {
    const ticket = order([line('Margherita')]);
    const at = (minutes: number) => Date.parse(AT) + minutes * 60_000;
    expect(ticketHeight(ticket, 'kitchen', 'Window 1', at(59))).toBe(ticketHeight(ticket, 'kitchen', 'Window 1'));
    expect(ticketHeight(ticket, 'kitchen', 'Window 1', at(60))).toBeGreaterThan(
      ticketHeight(ticket, 'kitchen', 'Window 1', at(59)),
    );
    // A short name still fits beside it.
    expect(ticketHeight(ticket, 'kitchen', 'Bar 2', at(90))).toBe(ticketHeight(ticket, 'kitchen', 'Bar 2', at(5)));
  });

  it('is as tall as what it holds: a 1024×768 tablet shows 12 two-dish tickets with their allergens, and 16 one-dish ones', () => {
    const tickets = (count: number, items: (index: number) => KitchenOrder['items']) =>
      Array.from({ length: count }, (_, index) =>
        order(items(index), { orderID: `ORDER${index}`, table_id: 1 + (index % 12) }),
      );
    const twoDish = tickets(13, (index) => [
      line('Caesar Salad', { allergens: ['eggs', 'fish', 'gluten', 'milk'] }),
      line('Greek Salad', { quantity: 1 + (index % 2), allergens: ['milk'] }),
    ]);
    const rows = (ticket: KitchenOrder) => ticketRows(ticket, 'kitchen', 'Table 9');
    expect(railPages(twoDish, TABLET_RAIL, rows).map((page) => page.length)).toEqual([12, 1]);
    const oneDish = tickets(17, (index) => [
      line('Margherita', { quantity: 1 + (index % 3), allergens: ['gluten', 'milk'] }),
    ]);
    expect(railPages(oneDish, TABLET_RAIL, rows).map((page) => page.length)).toEqual([16, 1]);
  });

  it('gives a ticket taller than the rail a column of its own', () => {
    const long = order(Array.from({ length: 40 }, (_, index) => line(`Dish ${index}`)));
    const short = order([line('Margherita')], { orderID: 'SHORT' });
    expect(railPages([short, long, short], TABLET_RAIL, (ticket) => ticketRows(ticket, 'kitchen')).length).toBe(1);
    expect(ticketRows(long, 'kitchen')).toBeGreaterThan(TABLET_RAIL.rows);
  });
});
