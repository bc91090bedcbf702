// Notices orders that appear on the board after it first loaded: they flash, chime (unless muted) and are announced.
import { useEffect, useRef, useState } from 'react';
import type { Order } from '../../../contract/guest';
import { useAnnounce } from '../feedback/live-announcer';
import { playChime } from './chime';

/** How long a new card flashes. */
const FLASH_MS = 6000;
const MUTE_KEY = 'staff_muted';

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useMuted(): [boolean, (muted: boolean) => void] {
  const [muted, setMuted] = useState(readMuted);
  return [
    muted,
    (next) => {
      setMuted(next);
      try {
        localStorage.setItem(MUTE_KEY, String(next));
      } catch {
        // Not remembered on this device; it still applies until the page reloads.
      }
    },
  ];
}

export function useNewOrders(
  orders: readonly Order[] | undefined,
  { muted, tableName }: { muted: boolean; tableName: (id: number) => string },
): ReadonlySet<string> {
  const seen = useRef<Set<string> | undefined>(undefined);
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
      seen.current = new Set(orders.map((order) => order.orderID));
      return;
    }
    const known = seen.current;
    const arrived = orders.filter((order) => !known.has(order.orderID) && order.status === 'received');
    for (const order of orders) known.add(order.orderID);
    if (arrived.length === 0) return;
    if (!muted) playChime();
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
