// Who may read or change an order: the guest holding its key (an HMAC of its id), or, later, a staff session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../api/provider-error';
import { orderNotFound } from './order-checks';

/** What a request proves about its sender. `staff` is for the console's sessions, which this provider lacks yet. */
export interface OrderAccess {
  orderKey?: string;
  staff?: boolean;
}

export interface OrderKeys {
  /** The order's key: the same every time for one id, so a replayed POST orders can answer it again. */
  keyFor(orderID: string): string;
  /** True when `access` may read and change `orderID`. */
  canAccessOrder(access: OrderAccess, orderID: string): boolean;
}

/** At least 128 bits, as the contract asks of an order key's secret. */
export const MIN_SECRET_LENGTH = 22;

export function createOrderKeys(secret: string): OrderKeys {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`The order key secret must be at least ${MIN_SECRET_LENGTH} characters`);
  const keyFor = (orderID: string) => createHmac('sha256', secret).update(`order:${orderID}`).digest('base64url');
  return {
    keyFor,
    canAccessOrder(access, orderID) {
      if (access.staff === true) return true;
      if (access.orderKey === undefined) return false;
      const expected = Buffer.from(keyFor(orderID));
      const given = Buffer.from(access.orderKey);
      // Lengths are public (every key is 43 characters); the bytes are compared in constant time.
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Throws the same 404 as an unknown order, so ids cannot be probed without their key. */
export function checkOrderAccess(keys: OrderKeys, access: OrderAccess, orderID: string): void {
  if (!keys.canAccessOrder(access, orderID)) throw orderNotFound(orderID);
}

/** `GET orders` without an id lists every table's orders: staff only. */
export function checkCanListOrders(access: OrderAccess): void {
  if (access.staff !== true)
    throw forbidden('Listing orders is for the restaurant’s staff; ask for one order by its id');
}
