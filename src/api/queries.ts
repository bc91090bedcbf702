// Query keys and options for the provider's reads, so every screen caches the same data under the same key.
import { queryOptions } from '@tanstack/react-query';
import {
  getCategory,
  getMenu,
  getOrders,
  getSubCategory,
  getSummary,
  getTableBill,
  getTables,
  type MenuFilter,
} from './calls';
import { TABLE_BILL_QUERY_ROOT } from './query-client';

export const queryKeys = {
  categories: ['categories'] as const,
  subCategories: (categoryId?: number) => ['sub-categories', { category_id: categoryId }] as const,
  menu: (filter: MenuFilter) => ['menu', filter] as const,
  tables: ['tables'] as const,
  summary: ['summary'] as const,
  orders: ['orders'] as const,
  order: (orderID: string) => ['orders', { orderID }] as const,
  // By table and key, so a new QR code's key never shows the previous answer; never persisted (query-client.ts).
  tableBill: (tableId: number, tableKey: string) => [TABLE_BILL_QUERY_ROOT, tableId, tableKey] as const,
};

/** How often the Table page asks for the bill again; tests shorten it. */
export const tableBillPolling = { ms: 5000 };

export const tableBillQuery = (tableId: number, tableKey: string) =>
  queryOptions({
    queryKey: queryKeys.tableBill(tableId, tableKey),
    queryFn: ({ signal }) => getTableBill(tableKey, { signal }),
    refetchInterval: () => tableBillPolling.ms,
  });

export const categoriesQuery = () =>
  queryOptions({ queryKey: queryKeys.categories, queryFn: ({ signal }) => getCategory({ signal }) });

export const subCategoriesQuery = (categoryId?: number) =>
  queryOptions({
    queryKey: queryKeys.subCategories(categoryId),
    queryFn: ({ signal }) => getSubCategory(categoryId === undefined ? {} : { category_id: categoryId }, { signal }),
  });

export const menuQuery = (filter: MenuFilter) =>
  queryOptions({ queryKey: queryKeys.menu(filter), queryFn: ({ signal }) => getMenu(filter, { signal }) });

export const tablesQuery = () =>
  queryOptions({ queryKey: queryKeys.tables, queryFn: ({ signal }) => getTables({ signal }) });

export const summaryQuery = () =>
  queryOptions({ queryKey: queryKeys.summary, queryFn: ({ signal }) => getSummary({ signal }) });

export const orderQuery = (orderID: string) =>
  queryOptions({
    queryKey: queryKeys.order(orderID),
    queryFn: async ({ signal }) => {
      const [order] = await getOrders({ orderID }, { signal });
      return order ?? null;
    },
  });

/** The prefix of every cached menu answer, whatever its filter: a dish already in some list can be shown at once. */
export const menuQueriesKey = ['menu'] as const;
