// Writes the console's live events (staff/events) into the staff queries; kept apart so guests' bundles never carry it.
import type { QueryClient } from '@tanstack/react-query';
import { writeLiveMessage } from './live-cache';
import type { LiveMessage } from './live-stream';
import { kitchenOrderSchema, type KitchenOrder } from '../../contract/kitchen';
import { hasWorkAt, stationsOf, stationView } from '../domain/kitchen';
import { menuQueriesKey, queryKeys } from './queries';
import { serviceRequestSchema, type ServiceRequest } from '../../contract/orders';
import { staffKeys } from './staff-queries';

/** Statuses that keep an order on the kitchen board (served and cancelled leave it). */
const ON_BOARD = new Set(['received', 'preparing', 'ready']);

/**
 * The console's stream (`staff/events`): an `order` event updates the kitchen board (a new order joins it, a served or
 * cancelled one leaves) and the recent orders; a `request` event opens or closes a guest's call on the requests panel;
 * `menu`, `summary` and `restaurant` go where the guests' do. Lists not loaded yet are left alone: their first fetch brings them.
 */
export function writeStaffLiveMessage(client: QueryClient, message: LiveMessage): void {
  // The front of house follows what a table's status and money follow (contract v1.2).
  if (['request', 'bill', 'table', 'order'].includes(message.type)) {
    void client.invalidateQueries({ queryKey: staffKeys.floor });
    if (message.type !== 'order') void client.invalidateQueries({ queryKey: staffKeys.bills });
    if (message.type === 'table') void client.invalidateQueries({ queryKey: staffKeys.tables });
  }
  if (message.type === 'bill' || message.type === 'table') return;
  if (message.type === 'request') {
    writeServiceRequest(client, message.data);
    return;
  }
  if (message.type !== 'order') {
    writeLiveMessage(client, message);
    // Another manager's change (or this one's, from another tablet): the back office reads the menu again.
    if (message.type === 'menu') {
      void client.invalidateQueries({ queryKey: staffKeys.menuDocument });
      void client.invalidateQueries({ queryKey: staffKeys.menuAudit });
    }
    return;
  }
  const parsed = kitchenOrderSchema.safeParse(message.data);
  if (!parsed.success) return;
  const order = parsed.data;
  const has = (orders: KitchenOrder[]) => orders.some((candidate) => candidate.orderID === order.orderID);
  const swap = (orders: KitchenOrder[], next: KitchenOrder) =>
    orders.map((candidate) => (candidate.orderID === next.orderID ? next : candidate));
  // A fetch of the lists already under way (the one the stream's opening starts, say) may have read them before this
  // change committed; its answer would then undo it, with no poll to bring it back while live. Started again instead.
  for (const queryKey of [staffKeys.board, staffKeys.recent])
    if (client.isFetching({ queryKey }) > 0) void client.invalidateQueries({ queryKey });
  // The expo's board holds whole orders; each station's, only its lines while it has work on them.
  for (const [queryKey] of client.getQueriesData<KitchenOrder[]>({ queryKey: staffKeys.board })) {
    const station = queryKey[staffKeys.board.length] as string | undefined;
    client.setQueryData<KitchenOrder[]>(queryKey, (orders) => {
      if (!orders) return orders;
      const shown =
        station === undefined
          ? ON_BOARD.has(order.status)
            ? { ...order, stations: order.stations ?? stationsOf(order) }
            : null
          : hasWorkAt(order, station)
            ? stationView(order, station)
            : null;
      // An order that was not on this board leaves it as it was (the same list: nothing there re-renders).
      if (!shown) return has(orders) ? orders.filter((candidate) => candidate.orderID !== order.orderID) : orders;
      return has(orders) ? swap(orders, shown) : [...orders, shown];
    });
  }
  client.setQueryData<KitchenOrder[]>(staffKeys.recent, (orders) =>
    orders ? (has(orders) ? swap(orders, order) : [order, ...orders]) : orders,
  );
}

/** A guest's call for the waiter or the bill: shown while open, gone once done (by any tablet, or a cleared table). */
function writeServiceRequest(client: QueryClient, data: unknown): void {
  const parsed = serviceRequestSchema.safeParse(data);
  if (!parsed.success) return;
  const request = parsed.data;
  client.setQueryData<ServiceRequest[]>(staffKeys.requests, (requests) => {
    if (!requests) return requests;
    const others = requests.filter((candidate) => candidate.id !== request.id);
    return request.done_at ? others : [...others, request];
  });
}

/** After `resync`, a reconnect with nothing to resume from, or the stream's first opening: the board is fetched again. */
export function refetchStaffLiveQueries(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [...staffKeys.all, 'orders'] });
  void client.invalidateQueries({ queryKey: staffKeys.floor });
  void client.invalidateQueries({ queryKey: staffKeys.bills });
  void client.invalidateQueries({ queryKey: staffKeys.requests });
  void client.invalidateQueries({ queryKey: menuQueriesKey });
  void client.invalidateQueries({ queryKey: queryKeys.restaurant });
}
