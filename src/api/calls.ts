// The nine provider calls of the contract, one typed function each; paths live here and nowhere else.
import { api, request } from './client';
import {
  categoriesSchema,
  menuItemsSchema,
  orderSchema,
  ordersSchema,
  subCategoriesSchema,
  summarySchema,
  tablesSchema,
  type AddMenu,
  type NewOrder,
} from './schemas';

const PATHS = {
  category: 'category',
  subCategory: 'sub-category',
  menu: 'menu',
  tables: 'tables',
  summary: 'summary',
  orders: 'orders',
} as const;

interface CallOptions {
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined>;

/** Query parameters only when given (contract: optional parameters are left out, not sent empty). */
function searchParams(query: Query): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params[key] = String(value);
  }
  return params;
}

export type MenuFilter = { cat_id: number } | { sub_cat_id: number } | { menu_id: number } | Record<string, never>;

export function getCategory({ signal }: CallOptions = {}) {
  return request(categoriesSchema, () => api.get(PATHS.category, { signal }));
}

export function getSubCategory(query: { category_id?: number } = {}, { signal }: CallOptions = {}) {
  return request(subCategoriesSchema, () => api.get(PATHS.subCategory, { searchParams: searchParams(query), signal }));
}

export function getMenu(filter: MenuFilter = {}, { signal }: CallOptions = {}) {
  return request(menuItemsSchema, () => api.get(PATHS.menu, { searchParams: searchParams(filter), signal }));
}

export function getTables({ signal }: CallOptions = {}) {
  return request(tablesSchema, () => api.get(PATHS.tables, { signal }));
}

export function getSummary({ signal }: CallOptions = {}) {
  return request(summarySchema, () => api.get(PATHS.summary, { signal }));
}

export function getOrders(query: { orderID?: string } = {}, { signal }: CallOptions = {}) {
  return request(ordersSchema, () => api.get(PATHS.orders, { searchParams: searchParams(query), signal }));
}

/** The same idempotency key must be sent again on a retry of the same order, so a retry never places a second one. */
export function addOrders(order: NewOrder, { idempotencyKey, signal }: CallOptions & { idempotencyKey: string }) {
  return request(orderSchema, () =>
    api.post(PATHS.orders, { json: order, headers: { 'Idempotency-Key': idempotencyKey }, signal }),
  );
}

/** With an idempotencyKey (contract v1.1), a repeat of the same addition answers the same order and adds nothing. */
export function addMenu(line: AddMenu, { idempotencyKey, signal }: CallOptions & { idempotencyKey?: string } = {}) {
  return request(orderSchema, () =>
    api.post(PATHS.menu, {
      json: line,
      ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      signal,
    }),
  );
}

export function removeMenu(query: { orderID: string; line_id: number }, { signal }: CallOptions = {}) {
  return request(orderSchema, () => api.delete(PATHS.menu, { searchParams: searchParams(query), signal }));
}
