// `/`: the point-of-sale screen, loaded on demand; its loader starts the data the screen needs.
import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery } from '../api/queries';
import { PosScreen } from '../ui/pos/pos-screen';
import { validatePosSearch } from './-search';

export const Route = createFileRoute('/')({
  validateSearch: validatePosSearch,
  // Starts the fetch without waiting for it: the screen opens at once with its own loading, error and offline states
  // (a paused offline fetch would otherwise hold the navigation indefinitely).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(categoriesQuery());
  },
  component: PosScreen,
});
