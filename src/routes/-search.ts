// Search-param schemas for the routes: a bad value is dropped, never a crash (a QR code or an old link may carry anything).
import * as z from 'zod/mini';
import { ALLERGENS } from '../../contract/guest';
import { canonicalList, DIETS } from '../ui/dish-filter/dish-filter';

// The router JSON-parses search values, so `?category_id=3` arrives as 3; text digits are accepted too.
const positiveInt = z.coerce.number<unknown>().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));
const textOrNumber = z.union([z.string(), z.pipe(z.number(), z.transform(String))]);
const nonEmptyText = z.pipe(textOrNumber, z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));

// A table key is opaque to the app; only its shape is checked (it travels in a header). However short, it goes to the
// provider, whose refusal tells the guest the table's code has changed instead of silently dropping it.
const tableKeyText = z.pipe(textOrNumber, z.string().check(z.regex(/^[\w-]{1,128}$/)));

/** Parses one value, or drops it. */
function keep<T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export interface PosSearch {
  category_id?: number;
  sub_cat_id?: number;
  menu_id?: number;
  /** The table's QR code links to `/?table=7`, with the table's key when the provider gives tables keys. */
  table?: number;
  key?: string;
  /** Add-to-order mode: items go to this placed order instead of the cart. */
  add_to?: string;
  /** Allergens whose dishes are hidden (`peanuts,milk`), and diets to keep (`vegan`): see DishFilterSearch. */
  hide?: string;
  diet?: string;
}

/** The guest's dish filter, on the POS and the cart alike: known words only, canonical order, bad ones dropped. */
export interface DishFilterSearch {
  hide?: string;
  diet?: string;
}

export function validateDishFilterSearch(search: Record<string, unknown>): DishFilterSearch {
  return { hide: canonicalList(ALLERGENS, search.hide), diet: canonicalList(DIETS, search.diet) };
}

export function validatePosSearch(search: Record<string, unknown>): PosSearch {
  return {
    category_id: keep(positiveInt, search.category_id),
    sub_cat_id: keep(positiveInt, search.sub_cat_id),
    menu_id: keep(positiveInt, search.menu_id),
    table: keep(positiveInt, search.table),
    key: keep(tableKeyText, search.key),
    add_to: keep(nonEmptyText, search.add_to),
    ...validateDishFilterSearch(search),
  };
}

export interface CartSearch extends DishFilterSearch {
  orderID?: string;
}

export function validateCartSearch(search: Record<string, unknown>): CartSearch {
  return { orderID: keep(nonEmptyText, search.orderID), ...validateDishFilterSearch(search) };
}

export interface PaySearch {
  /** The share whose payment step, or receipt, to open. */
  share?: number;
}

export function validatePaySearch(search: Record<string, unknown>): PaySearch {
  const share = keep(positiveInt, search.share);
  return share === undefined || share > 2_147_483_647 ? {} : { share };
}

export interface PrintSearch {
  /** One table's code only. */
  table?: number;
}

export function validatePrintSearch(search: Record<string, unknown>): PrintSearch {
  const table = keep(positiveInt, search.table);
  return table === undefined ? {} : { table };
}
