// Whether an order attempt waits on this device, told without reading it: the record and its schema (pending-order.ts)
// come with the checkout, which then starts at once instead of once the menu is idle.
import { storageArea } from './storage-area';

export const PENDING_ORDER_KEY = 'pending_order';

/** Something is stored under the attempt's key; whether it reads as an attempt is the checkout's to find out. */
export function hasPendingOrder(): boolean {
  try {
    return storageArea('local')?.getItem(PENDING_ORDER_KEY) != null;
  } catch {
    return false;
  }
}
