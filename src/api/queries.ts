// Query keys and options for the provider's reads, so every screen caches the same data under the same key.
import { queryOptions } from '@tanstack/react-query';
import { currentLanguage } from '../device/language';
import { getCategory, getMenu, getRestaurant, getSubCategory, getSummary, getTables, type MenuFilter } from './calls';
import { ApiError } from './errors';
import { ESTIMATE_QUERY_PART, GC_TIME_MS, STALE_TIME_MS, TABLE_BILL_QUERY_ROOT } from './query-client';
import type { TableAccess } from './order-calls';
import type { MenuItem } from '../../contract/guest';

// An order's and the bill's calls come with the first query that needs them, not on the menu's first screen.
const orderCalls = () => import('./order-calls');

/** What the console asks the menu in: `*`, any language, which a provider answers in its own (the restaurant's). */
export const RESTAURANT_LANGUAGE = '*';

// The menu's answers are kept per language (the last part of their keys), so switching never shows a mix, in memory
// or in the persisted cache. Orders, tables and the summary carry no translated text.
export const queryKeys = {
  categories: (language: string) => ['categories', language] as const,
  subCategories: (categoryId: number | undefined, language: string) =>
    ['sub-categories', { category_id: categoryId }, language] as const,
  menu: (filter: MenuFilter, language: string) => ['menu', filter, language] as const,
  tables: ['tables'] as const,
  summary: ['summary'] as const,
  /** The restaurant's profile, or null where the provider has none (v1): kept with the cache, so offline starts know it. */
  restaurant: ['restaurant'] as const,
  orders: ['orders'] as const,
  order: (orderID: string) => ['orders', { orderID }] as const,
  // Under its order's key, so whatever makes the order stale (a live move, a line added) asks for the wait again;
  // never persisted (query-client.ts).
  orderEstimate: (orderID: string) => ['orders', { orderID }, ESTIMATE_QUERY_PART] as const,
  // By table and key, so a new scan's key never shows the previous answer; never persisted (query-client.ts).
  tableBill: (tableId: number, access: TableAccess) =>
    [TABLE_BILL_QUERY_ROOT, tableId, 'seatingKey' in access ? access.seatingKey : access.tableKey] as const,
  /** Every table bill answer, whatever the key: what a `bill` or `request` event makes stale. */
  tableBills: [TABLE_BILL_QUERY_ROOT] as const,
};

/**
 * How often the Table page asks for the bill again; tests shorten it. Polling, not the live stream: a guest's stream
 * carries only orders whose key the device holds, never the other guests' at the table (docs/guest-app.md, "Table sessions").
 */
export const tableBillPolling = { ms: 5000 };

export const tableBillQuery = (tableId: number, access: TableAccess) =>
  queryOptions({
    queryKey: queryKeys.tableBill(tableId, access),
    queryFn: async ({ signal }) => (await orderCalls()).getTableBill(access, { signal }),
    refetchInterval: () => tableBillPolling.ms,
    // A cleared table's seating key answers 404: asking again will not change that.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

export const categoriesQuery = (language: string = currentLanguage()) =>
  queryOptions({
    queryKey: queryKeys.categories(language),
    queryFn: ({ signal }) => getCategory({ signal, language }),
  });

export const subCategoriesQuery = (categoryId?: number, language: string = currentLanguage()) =>
  queryOptions({
    queryKey: queryKeys.subCategories(categoryId, language),
    queryFn: ({ signal }) =>
      getSubCategory(categoryId === undefined ? {} : { category_id: categoryId }, { signal, language }),
  });

/**
 * Contract v1.2 hours: when the first dish of an answer opens or closes, the answer is read again (a breakfast menu
 * leaves an open screen at 11:30 without an event); none with hours, no timer.
 */
export function untilHoursChange(items: readonly MenuItem[] | undefined, now = Date.now()): number | false {
  let next = Infinity;
  for (const item of items ?? [])
    for (const at of [item.available_until, item.available_again_at]) if (at) next = Math.min(next, Date.parse(at));
  return Number.isFinite(next) ? Math.min(2 ** 31 - 1, Math.max(1000, next - now + 500)) : false;
}

export const menuQuery = (filter: MenuFilter, language: string = currentLanguage()) =>
  queryOptions({
    queryKey: queryKeys.menu(filter, language),
    queryFn: ({ signal }) => getMenu(filter, { signal, language }),
    refetchInterval: (query) => untilHoursChange(query.state.data),
  });

export const tablesQuery = () =>
  queryOptions({ queryKey: queryKeys.tables, queryFn: ({ signal }) => getTables({ signal }) });

export const summaryQuery = () =>
  queryOptions({ queryKey: queryKeys.summary, queryFn: ({ signal }) => getSummary({ signal }) });

export const restaurantQuery = () =>
  queryOptions({ queryKey: queryKeys.restaurant, queryFn: ({ signal }) => getRestaurant({ signal }) });

export const orderQuery = (orderID: string) =>
  queryOptions({
    queryKey: queryKeys.order(orderID),
    queryFn: async ({ signal }) => {
      const [order] = await (await orderCalls()).getOrders({ orderID }, { signal });
      return order ?? null;
    },
  });

/** The guest's wait for one order (contract v1.2), or null where the provider has no estimate (404). */
export const orderEstimateQuery = (orderID: string) =>
  queryOptions({
    queryKey: queryKeys.orderEstimate(orderID),
    queryFn: async ({ signal }) => (await orderCalls()).getOrderEstimate(orderID, { signal }),
    // Spec §9, said here as well: a wait is only worth showing while it is fresh.
    staleTime: STALE_TIME_MS,
    gcTime: GC_TIME_MS,
  });

/** The prefix of every cached menu answer, whatever its filter: a dish already in some list can be shown at once. */
export const menuQueriesKey = ['menu'] as const;
