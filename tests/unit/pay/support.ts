// What the pay tests do through the fake provider's API before the app is rendered: a phone's scan of a table's code,
// and an order under a phone's seating key.
import { seatingSchema, type Seating } from '../../../contract/bill';
import type { createFakeProvider } from '../../msw/provider-handlers';
import { API } from '../cart/support';

type FakeProvider = ReturnType<typeof createFakeProvider>;

/** A phone's scan of the table's printed code: its key to the seating. */
export async function scan(provider: FakeProvider, tableId: number) {
  const response = await fetch(`${API}/table/seating`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'X-Table-Key': provider.tableKey(tableId) },
  });
  return seatingSchema.parse(await response.json());
}

/** An order at the table under a phone's seating key; answers the order with its key. */
export async function order(tableId: number, seatingKey: string, guest: string, menuId: number, quantity: number) {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'X-Seating-Key': seatingKey },
    body: JSON.stringify({ table_id: tableId, guest, items: [{ menu_id: menuId, quantity }] }),
  });
  return (await response.json()) as { orderID: string; order_key: string };
}

/** This phone as the app keeps it once it has joined `seating` at the table (with the printed key, if `key`). */
export function rememberSeating(tableId: number, seating: Seating, key?: string) {
  localStorage.setItem('table_id', String(tableId));
  if (key !== undefined) localStorage.setItem('table_key', JSON.stringify({ table_id: tableId, key }));
  localStorage.setItem('table_seating', JSON.stringify({ table_id: tableId, status: 'joined', ...seating }));
}

/** This phone's scan of the table and Ana's order from it (two of `dish`), remembered as the app remembers them. */
export async function anaOrders(
  provider: FakeProvider,
  tableId: number,
  { dish = 33, keepKey = false }: { dish?: number; keepKey?: boolean } = {},
) {
  const ana = await scan(provider, tableId);
  rememberSeating(tableId, ana, keepKey ? provider.tableKey(tableId) : undefined);
  const mine = await order(tableId, ana.seating_key, 'Ana', dish, 2);
  localStorage.setItem(
    'my_orders',
    JSON.stringify([
      { orderID: mine.orderID, table_id: tableId, placed_at: new Date().toISOString(), order_key: mine.order_key },
    ]),
  );
  return ana;
}

/** As anaOrders, then Ben's phone scans the same code and orders a tiramisu. */
export async function bothOrdered(provider: FakeProvider, tableId: number, options?: Parameters<typeof anaOrders>[2]) {
  const ana = await anaOrders(provider, tableId, options);
  const ben = await scan(provider, tableId);
  await order(tableId, ben.seating_key, 'Ben', 47, 1);
  return { ana, ben };
}

/** The seating's shares as the provider has them. */
export async function sharesOf(seatingKey: string) {
  const response = await fetch(`${API}/table/bill`, {
    headers: { Authorization: 'Bearer demo-token', 'X-Seating-Key': seatingKey },
  });
  return ((await response.json()) as { shares: { parts?: number }[] }).shares;
}
