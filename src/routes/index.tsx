// `/`: the point-of-sale screen, loaded on demand; its loader starts the data the screen needs.
import { createFileRoute } from '@tanstack/react-router';
import { PosScreen } from '../ui/pos/pos-screen';
import { prefetchPosData } from '../ui/pos/prefetch';
import { validatePosSearch } from './-search';

export const Route = createFileRoute('/')({
  validateSearch: validatePosSearch,
  loaderDeps: ({ search }) => ({ category_id: search.category_id, sub_cat_id: search.sub_cat_id }),
  // Starts the fetches without waiting for them: the screen opens at once with its own loading, error and offline
  // states (a paused offline fetch would otherwise hold the navigation indefinitely). Hovering a category link
  // preloads this route, so its dishes are often cached before the guest taps.
  loader: ({ context, deps }) => {
    prefetchPosData(context.queryClient, deps);
  },
  component: PosScreen,
});
