// The POS screen's pieces its first click does not need, each in its own chunk: fetched once the menu is up and the
// browser is idle, or the moment one is wanted, whichever comes first. Render them inside a Suspense boundary.
import { loadLaterMessages, withLaterMessages } from '../i18n/i18n';
import { preloadAddToOrderBanner } from '../ordering/deferred-add-to-order-banner';
import { preloadable } from '../preloadable';
import { preloadTablePicker } from '../table/deferred-table-picker';

const dishDialog = preloadable(withLaterMessages(() => import('./dish-dialog').then((module) => module.DishDialog)));
const searchResults = preloadable(
  withLaterMessages(() => import('./search-results').then((module) => module.SearchResults)),
);

export const DeferredDishDialog = dishDialog.Component;
export const DeferredSearchResults = searchResults.Component;

/** Fetches them all, and the later messages; a failure (say, offline) is forgotten, and fetched again when wanted. */
export function preloadPosPieces(): void {
  for (const preload of [
    dishDialog.preload,
    searchResults.preload,
    preloadTablePicker,
    preloadAddToOrderBanner,
    loadLaterMessages,
  ])
    preload().catch(() => {});
}
