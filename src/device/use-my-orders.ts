// This device's placed orders for React, following other tabs that place orders too.
import { useSyncExternalStore } from 'react';
import { myOrdersStore, readMyOrders, type MyOrder } from './my-orders';

const NONE: MyOrder[] = [];

export function useMyOrders(): MyOrder[] {
  return useSyncExternalStore(myOrdersStore.watch, readMyOrders, () => NONE);
}
