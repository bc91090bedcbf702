// This device's placed orders for React, following other tabs that place orders too.
import { useSyncExternalStore } from 'react';
import { MY_ORDERS_KEY, readMyOrders, type MyOrder } from '../../machines/my-orders';

let cached: { raw: string | null; orders: MyOrder[] } | undefined;

function snapshot(): MyOrder[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(MY_ORDERS_KEY);
  } catch {
    raw = null;
  }
  // The same text gives the same list, so React does not render again for nothing.
  if (cached?.raw !== raw) cached = { raw, orders: readMyOrders() };
  return cached.orders;
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === MY_ORDERS_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useMyOrders(): MyOrder[] {
  return useSyncExternalStore(subscribe, snapshot, () => []);
}
