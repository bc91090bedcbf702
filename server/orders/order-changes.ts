// How often a guest may change one order (lines added or removed): so many a minute and so many in all, so one script
// looping add and remove cannot flood the kitchen's screens and the events table.
import { ProviderError } from '../api/provider-error';

export interface OrderChangeLimits {
  /** Changes in any minute; 0: no limit. */
  perMinute: number;
  /** Changes over the order's life; 0: no limit. */
  total: number;
}

/** What the order's row keeps: changes made, and those of the current minute (which began at `windowAt`). */
export interface ChangeCount {
  total: number;
  windowAt: Date | null;
  inWindow: number;
}

export const TOO_MANY_CHANGES = 'too_many_changes';

const WINDOW_MS = 60_000;

export const tooManyChangesNow = (orderID: string, retryAfterSeconds: number) =>
  new ProviderError(
    429,
    `Order ${orderID} has been changed many times in the last minute. Please wait a moment.`,
    undefined,
    { code: TOO_MANY_CHANGES, retryAfterSeconds: Math.max(1, retryAfterSeconds) },
  );

export const tooManyChangesInAll = (orderID: string, total: number) =>
  new ProviderError(
    409,
    `Order ${orderID} has been changed ${total} times, the most one order may be. Please ask a member of staff.`,
    undefined,
    { code: TOO_MANY_CHANGES },
  );

/** Throws when one more change would pass a limit; otherwise the count with it made. */
export function countChange(orderID: string, limits: OrderChangeLimits, count: ChangeCount, now: Date): ChangeCount {
  if (limits.total > 0 && count.total >= limits.total) throw tooManyChangesInAll(orderID, limits.total);
  const fresh = count.windowAt === null || now.getTime() - count.windowAt.getTime() >= WINDOW_MS;
  const windowAt = fresh ? now : (count.windowAt as Date);
  const inWindow = fresh ? 0 : count.inWindow;
  if (limits.perMinute > 0 && inWindow >= limits.perMinute) {
    throw tooManyChangesNow(orderID, Math.ceil((windowAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
  }
  return { total: count.total + 1, windowAt, inWindow: inWindow + 1 };
}
