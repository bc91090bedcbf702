// `/cart`: the cart screen, loaded on demand.
import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { lazyScreen } from '../../ui/lazy-screen';
import { validateCartSearch } from '../-search';

export const Route = createFileRoute('/_guest/cart')({
  validateSearch: validateCartSearch,
  // The guest's dish filter travels to the cart (its lines are checked against it) and back to the menu.
  search: { middlewares: [retainSearchParams(['hide', 'diet'])] },
  // A lazyScreen (its code with its messages), which the router preloads: not split again by the router's plugin.
  codeSplitGroupings: [],
  component: lazyScreen(() => import('../../ui/cart/cart-screen'), 'CartScreen'),
});
