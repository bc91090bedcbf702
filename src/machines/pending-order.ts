// The order attempt on its way, kept on the device with its idempotency key, so a reload resends it instead of placing a second one.
import { z } from 'zod';
import { idempotencyKeySchema, newOrderSchema, type NewOrder } from '../api/schemas';
import { randomId } from './random-id';

export const PENDING_ORDER_KEY = 'pending_order';

/** One attempt at placing an order: what is sent, under which key, and which cart lines and entries it stands for. */
export interface OrderAttempt {
  key: string;
  order: NewOrder;
  lineKeys: string[];
  entryIds: string[];
}

const attemptSchema = z.object({
  key: idempotencyKeySchema,
  order: newOrderSchema,
  lineKeys: z.array(z.string()),
  entryIds: z.array(z.string()),
});

/** A v4 UUID: 36 characters of hex digits and '-', within the contract's 8 to 128 of [A-Za-z0-9_-]. */
export function newIdempotencyKey(): string {
  return randomId();
}

export function readPendingOrder(): OrderAttempt | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PENDING_ORDER_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    console.error(`The order on its way (${PENDING_ORDER_KEY}) could not be read; it is not sent again`, parsed.error);
  } catch (error) {
    console.error(`The order on its way (${PENDING_ORDER_KEY}) could not be read; it is not sent again`, error);
  }
  return null;
}

export function savePendingOrder(attempt: OrderAttempt): void {
  try {
    localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(attempt));
  } catch (error) {
    // Not fatal: the order is still sent, and retries in this visit reuse the key; only a reload could not resume it.
    console.error('Could not keep the order on its way on this device', error);
  }
}

export function forgetPendingOrder(): void {
  try {
    localStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // Storage unavailable: there is nothing stored to forget.
  }
}
