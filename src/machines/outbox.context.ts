// React access to the outbox (its machine loads with add-to-order mode, not with the menu), with the selectors the UI reads.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OutboxEmitted, OutboxEntry, OutboxEvent, outboxMachine } from './outbox.machine';

export type OutboxActor = ActorRefFrom<typeof outboxMachine>;
type OutboxSnapshot = SnapshotFrom<typeof outboxMachine>;

export interface OutboxAccess {
  /** The running outbox; null until its code is in (`start` brings it). */
  actor: OutboxActor | null;
  /** Loads and starts the outbox, once: add-to-order mode calls it as it opens, so the first Add does not wait. */
  start(): void;
  /** Sends to the outbox, starting it first if need be (the event is kept until it runs). */
  send(event: OutboxEvent): void;
  /**
   * Hears what the outbox tells (queued offline, added, failed) from its first moment, even if it starts later; returns
   * the way to stop listening.
   */
  listen(listener: (emitted: OutboxEmitted) => void): () => void;
}

export const OutboxContext = createContext<OutboxAccess | null>(null);

export function useOutbox(): OutboxAccess {
  const access = useContext(OutboxContext);
  if (!access) throw new Error('The outbox needs the app providers');
  return access;
}

/** A selector over the outbox, or `fallback` while it is not running (nothing can be on its way before it is). */
export function useOutboxSelector<T>(
  selector: (snapshot: OutboxSnapshot) => T,
  fallback: T,
  compare?: (a: T, b: T) => boolean,
): T {
  const { actor } = useOutbox();
  return useSelector(actor ?? undefined, (snapshot) => (snapshot ? selector(snapshot) : fallback), compare);
}

/** The latest addition to this order (the one its banner tells), whatever became of it. */
export const selectLatestAddition =
  (orderID: string) =>
  (snapshot: OutboxSnapshot): OutboxEntry | undefined =>
    snapshot.context.entries.filter((entry) => entry.addition.orderID === orderID).at(-1);

/** The dishes whose addition to this order is queued or on its way: their Add buttons wait. Sorted, for `sameIds`. */
export const selectDishesOnTheirWay =
  (orderID: string) =>
  (snapshot: OutboxSnapshot): readonly number[] =>
    snapshot.context.entries
      .filter(
        (entry) => entry.addition.orderID === orderID && (entry.status === 'queued' || entry.status === 'sending'),
      )
      .map((entry) => entry.addition.item.id)
      .sort((a, b) => a - b);

export const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** The browser's word on the network, as the outbox last heard it. */
export const selectOutboxOnline = (snapshot: OutboxSnapshot) => snapshot.context.online;

/** An addition is queued or on its way: a reload now would forget those not yet sent. */
export const selectOutboxBusy = (snapshot: OutboxSnapshot) =>
  snapshot.context.entries.some((entry) => entry.status === 'queued' || entry.status === 'sending');
