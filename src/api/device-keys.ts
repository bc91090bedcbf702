// The keys this device holds (contract v1.1): each order's key, kept with it in localStorage.my_orders, and the key of
// the table whose QR code the guest scanned. Read here, next to the calls that send them; written by the machines.
export const MY_ORDERS_KEY = 'my_orders';
export const TABLE_ACCESS_KEY = 'table_key';

function readJson(name: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(name) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The key of an order placed from this device, if its provider gave one (a v1 provider does not). */
export function orderKeyFor(orderID: string): string | undefined {
  const list = readJson(MY_ORDERS_KEY);
  if (!Array.isArray(list)) return undefined;
  const wanted = orderID.trim().toUpperCase();
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.orderID !== 'string' || entry.orderID.toUpperCase() !== wanted) continue;
    return typeof entry.order_key === 'string' && entry.order_key !== '' ? entry.order_key : undefined;
  }
  return undefined;
}

/** The key from the QR code of this table, if the guest arrived by one; a key for another table is not sent. */
export function tableKeyFor(tableId: number): string | undefined {
  const stored = readJson(TABLE_ACCESS_KEY);
  if (!isRecord(stored) || stored.table_id !== tableId || typeof stored.key !== 'string') return undefined;
  return stored.key;
}
