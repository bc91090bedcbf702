// The guest's dish filter: allergens to hide and diets to keep, as the URL carries them, and how a list obeys them.
import { ALLERGENS, DIETS, type Allergen, type Diet, type MenuItem } from '../../../contract/guest';

export { DIETS, type Diet };

export interface DishFilter {
  hide: readonly Allergen[];
  diets: readonly Diet[];
}

export const NO_FILTER: DishFilter = { hide: [], diets: [] };

/**
 * One search-param value (`peanuts,milk`, or an array from a JSON-style link) to the known words in canonical order,
 * joined by commas; unknown words are dropped, and nothing left is undefined (the param leaves the URL).
 */
export function canonicalList<T extends string>(known: readonly T[], value: unknown): string | undefined {
  const words = (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((word): word is string => typeof word === 'string')
    .map((word) => word.trim().toLowerCase());
  const kept = known.filter((word) => words.includes(word));
  return kept.length > 0 ? kept.join(',') : undefined;
}

/** The filter in a route's validated search (`hide`, `diet`, both canonical). */
export function dishFilterOf(search: { hide?: string | undefined; diet?: string | undefined }): DishFilter {
  const split = <T extends string>(known: readonly T[], value: string | undefined) =>
    (value ?? '').split(',').filter((word): word is T => (known as readonly string[]).includes(word));
  return { hide: split(ALLERGENS, search.hide), diets: split(DIETS, search.diet) };
}

export const isFiltering = (filter: DishFilter) => filter.hide.length > 0 || filter.diets.length > 0;

function fitsDiets(item: MenuItem, diets: readonly Diet[]): boolean {
  // A vegan dish is vegetarian too.
  return diets.every((diet) => item.tags.includes(diet) || (diet === 'vegetarian' && item.tags.includes('vegan')));
}

/** The filtered allergens a dish declares (its own; choices are shown in its dialog). */
export function hiddenAllergensIn(allergens: readonly string[] | null | undefined, hide: readonly Allergen[]) {
  return hide.filter((allergen) => allergens?.includes(allergen));
}

/**
 * The dishes a filter keeps. A dish declaring a hidden allergen, or outside a chosen diet, goes. A dish whose
 * allergens are not declared is never called safe: it stays, and under an allergen filter it reads "Allergens not
 * declared, ask the staff" (a v1 provider's dish, which says nothing of allergens, included).
 */
export function applyDishFilter(items: readonly MenuItem[], filter: DishFilter): MenuItem[] {
  if (!isFiltering(filter)) return [...items];
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (!fitsDiets(item, filter.diets)) continue;
    if (hiddenAllergensIn(item.allergens, filter.hide).length > 0) continue;
    kept.push(filter.hide.length > 0 && item.allergens === undefined ? { ...item, allergens: null } : item);
  }
  return kept;
}
