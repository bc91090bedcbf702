// What a table may do: its key (from the QR code) and how many new orders it may place a minute.
import { timingSafeEqual } from 'node:crypto';
import { tableKeyRefused, tooManyRequests } from '../api/provider-error';

/** New orders per table per minute: one number for every table, or a number per table; 0 or Infinity is no limit. */
export type TableOrderLimit = number | ((tableId: number) => number);

export const ordersPerMinuteFor = (limit: TableOrderLimit, tableId: number): number =>
  typeof limit === 'function' ? limit(tableId) : limit;

/**
 * A wrong table key is always refused; a missing one only when keys are required. `expected` null means the table
 * is unknown, which the order checks report instead. Compared in constant time.
 */
export function checkTableKey(expected: string | null, given: string | undefined, mode: 'optional' | 'required'): void {
  if (expected === null) return;
  if (given === undefined) {
    if (mode === 'required') throw tableKeyRefused();
    return;
  }
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw tableKeyRefused();
}

export const tableOrderLimitReached = (tableId: number, perMinute: number, retryAfterSeconds: number) =>
  tooManyRequests(
    `Table ${tableId} has placed ${perMinute} orders in the last minute, the most it may. Please wait a moment.`,
    retryAfterSeconds,
  );
