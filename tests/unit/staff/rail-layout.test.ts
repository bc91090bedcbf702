// The rail's rows for a ticket come from its text as it wraps on a tablet's narrow card: a dish with its choices and
// allergens, or a guest's name beside the table's, takes the rows it needs; an ordinary ticket still takes one.
import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '../../../contract/kitchen';
import { railPages, ticketRows } from '../../../src/ui/staff/rail-layout';

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
  it('gives a dish with its choices and several allergens, at a table with a guest’s name, the rows its text needs', () => {
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
    expect(ticketRows(pizza, 'kitchen', 'Window 1')).toBe(2);
    // Told of allergies too: the banner with its button is taller still.
    expect(ticketRows({ ...pizza, allergies: ['peanuts', 'sesame'] }, 'kitchen', 'Window 1')).toBe(2);
  });

  it('keeps an ordinary ticket to one row, so a 1024×768 tablet’s 4 × 3 rail shows 12 of them', () => {
    const ordinary = Array.from({ length: 13 }, (_, index) =>
      order([line('Margherita', { quantity: 1 + (index % 3), allergens: ['gluten', 'milk'] })], {
        orderID: `ORDER${index}`,
        table_id: 1 + (index % 12),
      }),
    );
    for (const ticket of ordinary) expect(ticketRows(ticket, 'kitchen', 'Terrace 12')).toBe(1);
    const pages = railPages(ordinary, { columns: 4, rows: 3 }, (ticket) => ticketRows(ticket, 'kitchen', 'Window 3'));
    expect(pages.map((page) => page.length)).toEqual([12, 1]);
  });
});
