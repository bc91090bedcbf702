// `/`: the point-of-sale screen, loaded on demand; its loader starts the data the screen needs.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { categoriesQuery } from '../api/queries';
import { PosScreen } from '../ui/pos/pos-screen';
import { firstCategory, prefetchPosData } from '../ui/pos/prefetch';
import { validatePosSearch } from './-search';

export const Route = createFileRoute('/')({
  validateSearch: validatePosSearch,
  // A first visit opens on the first category. With the categories cached (a warm start, or fetched during the
  // splash) that happens here, so the screen renders once; otherwise the screen does it when they arrive.
  beforeLoad: ({ context, search }) => {
    if (search.category_id !== undefined) return;
    const categories = context.queryClient.getQueryData(categoriesQuery().queryKey);
    const first = categories && firstCategory(categories);
    if (first) throw redirect({ to: '/', search: { ...search, category_id: first.id }, replace: true });
  },
  loaderDeps: ({ search }) => ({ category_id: search.category_id, sub_cat_id: search.sub_cat_id }),
  // Starts the fetches without waiting for them: the screen opens at once with its own loading, error and offline
  // states (a paused offline fetch would otherwise hold the navigation indefinitely). Hovering a category link
  // preloads this route, so its dishes are often cached before the guest taps.
  loader: ({ context, deps }) => {
    prefetchPosData(context.queryClient, deps);
  },
  component: PosScreen,
});
