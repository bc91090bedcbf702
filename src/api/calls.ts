// The provider's menu and table reads, one typed function each, and the paths of every guest call (order-calls.ts has
// the calls about orders and the table's bill, kept off the menu's first screen).
import { parseAnswer, request, requestJson } from './client';
import { ApiError } from './errors';
import {
  categoriesSchema,
  menuItemsSchema,
  subCategoriesSchema,
  summarySchema,
  tablesSchema,
} from '../../contract/guest';
import type { Restaurant } from '../../contract/restaurant';

export const PATHS = {
  category: 'category',
  subCategory: 'sub-category',
  menu: 'menu',
  tables: 'tables',
  summary: 'summary',
  orders: 'orders',
  orderEstimate: 'orders/estimate',
  tableOrders: 'table/orders',
  tableRequests: 'table/requests',
  restaurant: 'restaurant',
} as const;

export interface CallOptions {
  signal?: AbortSignal;
}

interface MenuCallOptions extends CallOptions {
  /** The language the menu's names are asked in (`Accept-Language`); default the guest's (client.ts). */
  language?: string;
}

const languageHeader = (language: string | undefined) =>
  language === undefined ? {} : { headers: { 'Accept-Language': language } };

type Query = Record<string, string | number | undefined>;

/** Query parameters only when given (contract: optional parameters are left out, not sent empty). */
export function searchParams(query: Query): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params[key] = String(value);
  }
  return params;
}

export type MenuFilter = { cat_id: number } | { sub_cat_id: number } | { menu_id: number } | Record<string, never>;

export function getCategory({ signal, language }: MenuCallOptions = {}) {
  return request(categoriesSchema, PATHS.category, { signal, ...languageHeader(language) });
}

export function getSubCategory(query: { category_id?: number } = {}, { signal, language }: MenuCallOptions = {}) {
  return request(subCategoriesSchema, PATHS.subCategory, {
    searchParams: searchParams(query),
    signal,
    ...languageHeader(language),
  });
}

export function getMenu(filter: MenuFilter = {}, { signal, language }: MenuCallOptions = {}) {
  return request(menuItemsSchema, PATHS.menu, {
    searchParams: searchParams(filter),
    signal,
    ...languageHeader(language),
  });
}

export function getTables({ signal }: CallOptions = {}) {
  return request(tablesSchema, PATHS.tables, { signal });
}

export function getSummary({ signal }: CallOptions = {}) {
  return request(summarySchema, PATHS.summary, { signal });
}

/** The profile's schema, loaded beside the call: no screen waits for it, so it stays off the first screen's path. */
export const loadRestaurantSchema = () => import('../../contract/restaurant').then((module) => module.restaurantSchema);

/** The restaurant's profile (contract v1.2); null from a provider without it (v1 answers 404): the build's defaults. */
export async function getRestaurant({ signal }: CallOptions = {}): Promise<Restaurant | null> {
  try {
    const [schema, answer] = await Promise.all([loadRestaurantSchema(), requestJson(PATHS.restaurant, { signal })]);
    return parseAnswer(schema, answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
