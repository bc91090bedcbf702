// What the pay tests do through the fake provider's API before the app is rendered: a phone's scan of a table's code,
// and an order under a phone's seating key.
import { seatingSchema } from '../../../contract/bill';
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
