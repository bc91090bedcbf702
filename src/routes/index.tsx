// `/`: the point-of-sale screen, loaded on demand; its loader starts the data the screen needs.
import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery } from '../api/queries';
import { PosScreen } from '../ui/pos/pos-screen';
import { validatePosSearch } from './-search';

export const Route = createFileRoute('/')({
  validateSearch: validatePosSearch,
  // prefetchQuery never throws: offline, the screen still opens and shows its own error state with a Retry.
  loader: ({ context }) => context.queryClient.prefetchQuery(categoriesQuery()),
  component: PosScreen,
});
