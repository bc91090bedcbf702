// What the POS route's loader starts fetching (never awaited): the categories, and the shown category's sections and dishes.
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, menuQuery, subCategoriesQuery } from '../../api/queries';
import { openingCategory } from './opening-category';

export interface PosDataDeps {
  category_id?: number | undefined;
  sub_cat_id?: number | undefined;
  /** A dish's link without a category: the dish decides which category opens. */
  menu_id?: number | undefined;
}

function prefetchCategory(queryClient: QueryClient, categoryId: number, subCategoryId: number | undefined) {
  void queryClient.prefetchQuery(subCategoriesQuery(categoryId));
  void queryClient.prefetchQuery(
    menuQuery(subCategoryId === undefined ? { cat_id: categoryId } : { sub_cat_id: subCategoryId }),
  );
}

/** Starts the fetches and returns at once; failures surface in the screen's own states, not here. */
export function prefetchPosData(queryClient: QueryClient, { category_id, sub_cat_id, menu_id }: PosDataDeps): void {
  if (category_id !== undefined) {
    void queryClient.prefetchQuery(categoriesQuery());
    prefetchCategory(queryClient, category_id, sub_cat_id);
    return;
  }
  // A first visit: the screen will choose the category, so its dishes can be on the way during the splash.
  const dishCategory =
    menu_id === undefined
      ? Promise.resolve(null)
      : queryClient.fetchQuery(menuQuery({ menu_id })).then(
          (items) => items[0]?.cat_id ?? null,
          () => null,
        );
  Promise.all([queryClient.fetchQuery(categoriesQuery()), dishCategory]).then(
    ([categories, dishCategoryId]) => {
      const opening = openingCategory(categories, { category_id: undefined, dishCategory: dishCategoryId });
      if (opening !== undefined) prefetchCategory(queryClient, opening, undefined);
    },
    () => {},
  );
}
