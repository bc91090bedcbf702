// Writes live events into the query cache, so every screen reading these queries updates without waiting to poll.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from './live-stream';
import { menuQueriesKey, queryKeys } from './queries';
import { menuChangeSchema, orderSchema, summarySchema, type MenuItem } from '../../contract/guest';
import { loadRestaurantSchema } from './calls';

/** Applies one event; anything not in the contract's shape is ignored (the next refetch corrects the cache). */
export function writeLiveMessage(client: QueryClient, message: LiveMessage): void {
  if (message.type === 'bill' || message.type === 'request') {
    // The seating's own events (contract v1.2): its bill changed, or staff answered a request. Read them again.
    void client.invalidateQueries({ queryKey: queryKeys.tableBills });
  } else if (message.type === 'order') {
    const order = orderSchema.safeParse(message.data);
    if (order.success) client.setQueryData(queryKeys.order(order.data.orderID), order.data);
  } else if (message.type === 'summary') {
    const summary = summarySchema.safeParse(message.data);
    if (summary.success) client.setQueryData(queryKeys.summary, summary.data);
  } else if (message.type === 'restaurant') {
    // The manager saved Settings: open screens take the new name, currency and languages without a reload.
    void loadRestaurantSchema().then((schema) => {
      const restaurant = schema.safeParse(message.data);
      if (restaurant.success) client.setQueryData(queryKeys.restaurant, restaurant.data);
    });
  } else if (message.type === 'menu') {
    const change = menuChangeSchema.safeParse(message.data);
    if (!change.success) return;
    const { menu_id: id, available, prep_minutes } = change.data;
    // Every cached menu answer holding the dish (a section, a category, search's whole menu, one dish).
    client.setQueriesData<MenuItem[]>({ queryKey: menuQueriesKey }, (items) =>
      items?.some((item) => item.id === id)
        ? items.map((item) => (item.id === id ? { ...item, available, prep_minutes } : item))
        : items,
    );
  }
}

/** After `resync`, or a first connection that may have missed changes: what the stream covers is fetched again. */
export function refetchLiveQueries(client: QueryClient, orderID: string | null): void {
  void client.invalidateQueries({ queryKey: queryKeys.summary });
  void client.invalidateQueries({ queryKey: menuQueriesKey });
  void client.invalidateQueries({ queryKey: queryKeys.restaurant });
  if (orderID) void client.invalidateQueries({ queryKey: queryKeys.order(orderID) });
}
