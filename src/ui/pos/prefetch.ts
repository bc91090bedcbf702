// What the POS route's loader starts fetching (never awaited): the categories, and the chosen or first category's sections and dishes.
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, menuQuery, subCategoriesQuery } from '../../api/queries';
import type { Category } from '../../api/schemas';

export interface PosDataDeps {
  category_id?: number | undefined;
  sub_cat_id?: number | undefined;
}

/** The category a first visit opens on: the lowest `sort`, the provider's order breaking ties. */
export function firstCategory(categories: readonly Category[]): Category | undefined {
  let first: Category | undefined;
  for (const category of categories) if (first === undefined || category.sort < first.sort) first = category;
  return first;
}

function prefetchCategory(queryClient: QueryClient, categoryId: number, subCategoryId: number | undefined) {
  void queryClient.prefetchQuery(subCategoriesQuery(categoryId));
  void queryClient.prefetchQuery(
    menuQuery(subCategoryId === undefined ? { cat_id: categoryId } : { sub_cat_id: subCategoryId }),
  );
}

/** Starts the fetches and returns at once; failures surface in the screen's own states, not here. */
export function prefetchPosData(queryClient: QueryClient, { category_id, sub_cat_id }: PosDataDeps): void {
  if (category_id !== undefined) {
    void queryClient.prefetchQuery(categoriesQuery());
    prefetchCategory(queryClient, category_id, sub_cat_id);
    return;
  }
  // A first visit: the screen will choose the first category, so its dishes can be on the way during the splash.
  queryClient.fetchQuery(categoriesQuery()).then(
    (categories) => {
      const first = firstCategory(categories);
      if (first) prefetchCategory(queryClient, first.id, undefined);
    },
    () => {},
  );
}
