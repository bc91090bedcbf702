// Writes live events into the query cache, so every screen reading these queries updates without waiting to poll.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveMessage } from './live-stream';
import { menuQueriesKey, queryKeys } from './queries';
import { summarySchema, type MenuItem } from '../../contract/guest';
import { orderSchema } from '../../contract/orders';
import { menuChangeSchema, menuEntityChangeSchema, type MenuEntityChange } from '../../contract/live-events';
import { loadRestaurantSchema, type MenuFilter } from './calls';

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
    const entity = menuEntityChangeSchema.safeParse(message.data);
    if (entity.success && entity.data.item) return writeDish(client, entity.data.item, entity.data.reload === true);
    if (entity.success && (entity.data.category || entity.data.sub_category || entity.data.import)) {
      return refetchMenu(client);
    }
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

const refetchMenu = (client: QueryClient) => {
  for (const root of ['categories', 'sub-categories', ...menuQueriesKey])
    void client.invalidateQueries({ queryKey: [root] });
};

/**
 * Contract v1.2: the whole dish. Each cached answer holding it takes it at once, its names in that answer's language
 * (from the event's translations); a dish hidden stays, unavailable, until the lists are read again, so a cart holding
 * it is flagged as for a sold-out dish. A list the dish belongs to but does not hold yet is read again.
 */
function writeDish(client: QueryClient, dish: NonNullable<MenuEntityChange['item']>, reload: boolean): void {
  const { hidden, translations, ...item } = dish;
  for (const [key, items] of client.getQueriesData<MenuItem[]>({ queryKey: menuQueriesKey })) {
    if (!Array.isArray(items)) continue;
    const [, filter, language] = key as unknown as [string, MenuFilter, string];
    const cached = items.find((one) => one.id === item.id);
    if (cached) {
      const own = translations?.[language];
      const names = new Map(
        (cached.options ?? []).flatMap((group) => [
          [`g${group.id}`, group.name],
          ...group.choices.map((choice) => [`c${choice.id}`, choice.name] as const),
        ]),
      );
      const next: MenuItem = {
        ...item,
        name: own?.name ?? item.name,
        description: own?.description ?? item.description,
        // Option names are kept as this answer had them (its language); prices and availability are the event's.
        ...(item.options
          ? {
              options: item.options.map((group) => ({
                ...group,
                name: own ? (names.get(`g${group.id}`) ?? group.name) : group.name,
                choices: group.choices.map((choice) => ({
                  ...choice,
                  name: own ? (names.get(`c${choice.id}`) ?? choice.name) : choice.name,
                })),
              })),
            }
          : {}),
        ...(hidden ? { available: false } : {}),
      };
      client.setQueryData<MenuItem[]>(
        key,
        items.map((one) => (one.id === item.id ? next : one)),
      );
    }
    const belongs =
      'menu_id' in filter
        ? filter.menu_id === item.id
        : (!('cat_id' in filter) || filter.cat_id === item.cat_id) &&
          (!('sub_cat_id' in filter) || filter.sub_cat_id === item.sub_cat_id);
    if (reload || hidden || (!cached && belongs) || (cached && !belongs))
      void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** After `resync`, or a first connection that may have missed changes: what the stream covers is fetched again. */
export function refetchLiveQueries(client: QueryClient, orderID: string | null): void {
  void client.invalidateQueries({ queryKey: queryKeys.summary });
  void client.invalidateQueries({ queryKey: menuQueriesKey });
  void client.invalidateQueries({ queryKey: queryKeys.restaurant });
  if (orderID) void client.invalidateQueries({ queryKey: queryKeys.order(orderID) });
}
