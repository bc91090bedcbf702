// The device's cart: the `order_items` list in localStorage, read defensively and written without losing what was there.
import * as z from 'zod/mini';
import type { NewOrderItem, OrderItem } from '../domain/cart';
import { deviceStore, type DeviceRead, type StorageProblem } from './device-store';
import { randomId } from './random-id';

export const ORDER_ITEMS_KEY = 'order_items';
/** Where an unreadable `order_items` value is kept before a write replaces it, so nothing is silently lost. */
export const UNREADABLE_BACKUP_KEY = 'order_items.unreadable';

export type OrderItemsRead = DeviceRead<readonly unknown[]>;

// Only the list itself is checked: entries of unknown shape stay in it (counted, not shown), and checking 10,000
// entries on every change from another tab would cost more than the parse.
const orderItemsSchema = z.custom<readonly unknown[]>((value) => Array.isArray(value), {
  error: (issue) => `expected a list, found ${issue.input === null ? 'null' : typeof issue.input}`,
});

export const orderItemsStore = deviceStore(ORDER_ITEMS_KEY, orderItemsSchema, {
  storage: 'local',
  writeFailure: 'Could not save the cart on this device',
});
const backupStore = deviceStore(UNREADABLE_BACKUP_KEY, z.string(), { storage: 'local', format: 'text' });

/** Reads `order_items`; an unreadable value is reported with `console.error`, a missing one is not. */
export function readOrderItems(): OrderItemsRead {
  const result = orderItemsStore.read();
  if (result.status === 'unreadable')
    console.error(`The stored cart (${ORDER_ITEMS_KEY}) could not be read: ${result.reason}`);
  return result;
}

export function entriesOf(read: OrderItemsRead): readonly unknown[] {
  return read.status === 'ok' ? read.value : [];
}

export type SaveOutcome = { ok: true; problem?: 'unreadable-replaced' } | { ok: false; problem: StorageProblem };

/** Stores the whole list. An unreadable value already there is kept aside first, so nothing is silently lost. */
export function saveOrderItems(entries: readonly unknown[]): SaveOutcome {
  const current = readOrderItems();
  if (current.status === 'unreadable') {
    const backup = backupStore.write(current.raw);
    if (!backup.ok) return backup;
  }
  const outcome = orderItemsStore.write(entries);
  if (!outcome.ok) return outcome;
  return current.status === 'unreadable' ? { ok: true, problem: 'unreadable-replaced' } : { ok: true };
}

/** One entry per unit, each with its own id. */
export function withIds(items: readonly NewOrderItem[]): OrderItem[] {
  return items.map((item) => ({ id: randomId(), ...item }));
}
