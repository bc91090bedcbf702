// The rule for which category `/` opens on, free of the query cache, so the early reads (early-reads.ts) can apply it.
import type { Category } from '../../../contract/guest';

/** The category a first visit opens on: the lowest `sort`, the provider's order breaking ties. */
export function firstCategory(categories: readonly Category[]): Category | undefined {
  let first: Category | undefined;
  for (const category of categories) if (first === undefined || category.sort < first.sort) first = category;
  return first;
}

/**
 * What the address asks for. `dishCategory` is the category of the dish in `menu_id`: a number once it is known, null
 * when there is no dish or it cannot be had (unknown, failed, offline), undefined while it is on its way.
 */
export interface OpeningRequest {
  category_id: number | undefined;
  dishCategory: number | null | undefined;
}

/**
 * The category to show: the one in the address if it exists; without it, a dish's link (`/?menu_id=40`) opens over
 * the dish's own category; otherwise the first category. Undefined when that cannot be decided yet (no categories,
 * or the dish still on its way), so the caller waits rather than opening the wrong category and moving later.
 */
export function openingCategory(categories: readonly Category[], request: OpeningRequest): number | undefined {
  const exists = (id: number | null | undefined) =>
    id !== undefined && id !== null && categories.some((category) => category.id === id);
  if (exists(request.category_id)) return request.category_id;
  if (request.dishCategory === undefined) return undefined;
  if (exists(request.dishCategory)) return request.dishCategory ?? undefined;
  return firstCategory(categories)?.id;
}
