// `/`: the point-of-sale screen, loaded on demand; its loader starts the data the screen needs.
import { createFileRoute, redirect, retainSearchParams } from '@tanstack/react-router';
import { categoriesQuery } from '../../api/queries';
import { cachedDish, openingCategory } from '../../ui/pos/opening-category';
import { PosScreen } from '../../ui/pos/pos-screen';
import { prefetchPosData } from '../../ui/pos/prefetch';
import { validatePosSearch } from '../-search';

export const Route = createFileRoute('/_guest/')({
  // The menu needs only the first part of the catalog, which the build fills with what its modules name
  // (scripts/message-split.ts): it never waits for the rest.
  staticData: { firstScreen: true },
  validateSearch: validatePosSearch,
  // Add-to-order mode lasts while the guest browses: every link to `/` keeps it unless it says `add_to: undefined`.
  // So does the guest's dish filter (`hide`, `diet`).
  search: { middlewares: [retainSearchParams(['add_to', 'hide', 'diet'])] },
  // A first visit opens on its category (openingCategory). With what decides it cached (a warm start, or fetched
  // during the splash) that happens here, so the screen renders once; otherwise the screen does it when they arrive.
  beforeLoad: ({ context, search }) => {
    if (search.category_id !== undefined) return;
    const { queryClient } = context;
    const categories = queryClient.getQueryData(categoriesQuery().queryKey);
    const dishCategory = search.menu_id === undefined ? null : cachedDish(queryClient, search.menu_id)?.cat_id;
    const opening = categories && openingCategory(categories, { category_id: undefined, dishCategory });
    if (opening !== undefined) throw redirect({ to: '/', search: { ...search, category_id: opening }, replace: true });
  },
  loaderDeps: ({ search }) => ({
    category_id: search.category_id,
    sub_cat_id: search.sub_cat_id,
    // Only while it decides the category: opening a dish from a list must not run the loader again.
    menu_id: search.category_id === undefined ? search.menu_id : undefined,
  }),
  // Starts the fetches without waiting for them: the screen opens at once with its own loading, error and offline
  // states (a paused offline fetch would otherwise hold the navigation indefinitely). Hovering a category link
  // preloads this route, so its dishes are often cached before the guest taps.
  loader: ({ context, deps }) => {
    prefetchPosData(context.queryClient, deps);
  },
  component: PosScreen,
});
