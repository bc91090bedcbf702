// The POS screen's pieces its first click does not need, each in its own chunk: fetched once the menu is up and the
// browser is idle, or the moment one is wanted, whichever comes first. Render them inside a Suspense boundary.
import { lazyScreen } from '../lazy-screen';
import { preloadAddToOrderBanner } from '../ordering/deferred-add-to-order-banner';
import { preloadTablePicker } from '../table/deferred-table-picker';

export const DeferredDishDialog = lazyScreen(() => import('./dish-dialog'), 'DishDialog');
export const DeferredSearchResults = lazyScreen(() => import('./search-results'), 'SearchResults');

/** Fetches them all, with the later messages; a failure (say, offline) is forgotten, and fetched again when wanted. */
export function preloadPosPieces(): void {
  for (const preload of [
    DeferredDishDialog.preload,
    DeferredSearchResults.preload,
    preloadTablePicker,
    preloadAddToOrderBanner,
  ])
    preload().catch(() => {});
}
