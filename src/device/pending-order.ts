// The order attempt on its way, kept on the device with its idempotency key, so a reload resends it instead of placing a second one.
import * as z from 'zod/mini';
import { idempotencyKeySchema, newOrderSchema } from '../../contract/orders';
import { deviceStore } from './device-store';
import { PENDING_ORDER_KEY } from './pending-order-mark';
import { randomId } from './random-id';

export { PENDING_ORDER_KEY } from './pending-order-mark';

// Loose: fields a later version adds to the record survive a read by this one.
const attemptSchema = z.looseObject({
  key: idempotencyKeySchema,
  order: newOrderSchema,
  lineKeys: z.array(z.string()),
  entryIds: z.array(z.string()),
  // Queued offline and never sent: nothing can have reached the kitchen, so the guest may still cancel it.
  unsent: z.optional(z.literal(true)),
});

/** One attempt at placing an order: what is sent, under which key, and which cart lines and entries it stands for. */
export type OrderAttempt = z.output<typeof attemptSchema>;

const pendingStore = deviceStore(PENDING_ORDER_KEY, attemptSchema, {
  storage: 'local',
  // Not fatal: the order is still sent, and retries in this visit reuse the key; only a reload could not resume it.
  writeFailure: 'Could not keep the order on its way on this device',
});

/** A v4 UUID: 36 characters of hex digits and '-', within the contract's 8 to 128 of [A-Za-z0-9_-]. */
export function newIdempotencyKey(): string {
  return randomId();
}

export function readPendingOrder(): OrderAttempt | null {
  const read = pendingStore.read();
  if (read.status === 'ok') return read.value;
  if (read.status === 'unreadable')
    console.error(`The order on its way (${PENDING_ORDER_KEY}) could not be read; it is not sent again`, read.reason);
  return null;
}

export function savePendingOrder(attempt: OrderAttempt): void {
  pendingStore.write(attempt);
}

export function forgetPendingOrder(): void {
  pendingStore.remove();
}
