// Notices tickets and add-ons that appear on a board after it first loaded: they flash, sound (unless muted) and are announced.
import { useEffect, useRef, useState } from 'react';
import type { KitchenOrder } from '../../../contract/kitchen';
import { readMuted, saveMuted } from '../../device/sound-setting';
import { isAddOn } from '../../domain/kitchen';
import { useAnnounce } from '../feedback/live-announcer';
import { playSound } from './chime';

/** How long a new ticket flashes. */
const FLASH_MS = 6000;

export function useMuted(): [boolean, (muted: boolean) => void] {
  const [muted, setMuted] = useState(readMuted);
  return [
    muted,
    (next) => {
      setMuted(next);
      saveMuted(next);
    },
  ];
}

const lineKey = (order: KitchenOrder, lineId: number) => `${order.orderID}/${lineId}`;

/**
 * The ids of tickets that just arrived (they flash). A ticket new to this board plays the new-ticket sound; a line
 * added to a ticket already shown plays the add-on sound: a cook hears which without looking.
 */
export function useNewOrders(
  orders: readonly KitchenOrder[] | undefined,
  { muted, tableName }: { muted: boolean; tableName: (id: number) => string },
): ReadonlySet<string> {
  // `checked` holds the very objects already looked at: the board's cache keeps an unchanged order's object through
  // every write and refetch, so a change to one ticket looks at that ticket, not at all of them.
  const seen = useRef<{ orders: Set<string>; lines: Set<string>; checked: WeakSet<KitchenOrder> } | undefined>(
    undefined,
  );
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const announce = useAnnounce();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  useEffect(() => {
    if (!orders) return;
    // The first answer is what was already there when the board opened: nothing in it is new.
    if (!seen.current) {
      seen.current = {
        orders: new Set(orders.map((order) => order.orderID)),
        lines: new Set(orders.flatMap((order) => order.items.map((line) => lineKey(order, line.line_id)))),
        checked: new WeakSet(orders),
      };
      return;
    }
    const known = seen.current;
    const changed = orders.filter((order) => !known.checked.has(order));
    if (changed.length === 0) return;
    // A recalled ticket coming back is not new; an add-on may bring back a ticket its station had finished.
    const arrived = changed.filter((order) => !known.orders.has(order.orderID) && order.status === 'received');
    const addOns = changed.filter((order) =>
      order.items.some((line) => !known.lines.has(lineKey(order, line.line_id)) && isAddOn(order, line)),
    );
    for (const order of changed) {
      known.checked.add(order);
      known.orders.add(order.orderID);
      for (const line of order.items) known.lines.add(lineKey(order, line.line_id));
    }
    if (addOns.length > 0) {
      if (!muted) playSound('addon');
      announce(`Added to ${addOns.map((order) => tableName(order.table_id)).join(', ')}`);
    }
    if (arrived.length === 0) return;
    if (!muted) playSound('ticket');
    announce(
      arrived.length === 1
        ? `New order for ${tableName(arrived[0]?.table_id ?? 0)}`
        : `${arrived.length} new orders: ${arrived.map((order) => tableName(order.table_id)).join(', ')}`,
    );
    const ids = arrived.map((order) => order.orderID);
    setFresh((previous) => new Set([...previous, ...ids]));
    // Not cleaned up with the effect: the next poll must not cut a flash short.
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFresh((previous) => new Set([...previous].filter((id) => !ids.includes(id))));
    }, FLASH_MS);
    timers.current.add(timer);
  }, [orders, muted, announce, tableName]);

  return fresh;
}
