// The kitchen: a background worker that moves orders received → preparing → ready → served at a set pace.
import type { Order } from '../contract/orders';
import type { Database } from './db/database';
import { recordEvent } from './live/event-store';
import { logTaskFailure } from './ops/log';
import { advanceDueOrders, advanceOrder, getOrder } from './orders/order-store';

export interface Kitchen {
  /** Seconds an order spends in each status; 0 means the worker is off. */
  readonly paceSeconds: number;
  /** One pass of the worker: moves every order that is due (none while off). Returns how many moved. */
  tick(): Promise<number>;
  /** Moves one order a step on now, ignoring the pace (tests, demos). */
  advance(orderID: string): Promise<Order>;
  /** Stops the worker and waits for a pass in progress to finish. */
  stop(): Promise<void>;
}

export interface KitchenHooks {
  /** After a move has committed (this process's summary cache drops its answer). */
  onMoved?: () => void;
  onError?: (error: unknown) => void;
}

export function startKitchen(db: Database, paceSeconds: number, hooks: KitchenHooks = {}): Kitchen {
  const { onMoved, onError = reportError } = hooks;
  let pass: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  // With the kitchen off nothing is ever due, even when a pass is asked for by hand. Each move's event is written
  // in the move's transaction, so a guest's stream hears of exactly the moves that happened.
  const tick = async () => {
    if (paceSeconds <= 0) return 0;
    const moved = await db.transaction(async (tx) => {
      const due = await advanceDueOrders(tx, paceSeconds);
      for (const orderID of due) {
        await recordEvent(tx, { type: 'order', orderId: orderID, payload: await getOrder(tx, orderID) });
      }
      return due.length;
    });
    if (moved > 0) onMoved?.();
    return moved;
  };

  if (paceSeconds > 0) {
    // Checking a few times per step keeps each status close to its pace without busy-polling the database.
    const everyMs = Math.min(1000, Math.max(50, (paceSeconds * 1000) / 5));
    timer = setInterval(() => {
      // A slow pass is never overlapped by the next one; state lives in the database (status_changed_at),
      // so a skipped or failed pass loses nothing.
      pass ??= tick()
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        )
        .finally(() => {
          pass = undefined;
        });
    }, everyMs);
    timer.unref();
  }

  return {
    paceSeconds,
    tick,
    async advance(orderID) {
      const order = await db.transaction(async (tx) => {
        const moved = await advanceOrder(tx, orderID);
        await recordEvent(tx, { type: 'order', orderId: orderID, payload: moved });
        return moved;
      });
      onMoved?.();
      return order;
    },
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}

function reportError(error: unknown): void {
  logTaskFailure('kitchen_failed', 'Kitchen pass failed', error);
}
