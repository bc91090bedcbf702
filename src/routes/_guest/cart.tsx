// `/cart`: the cart screen, loaded on demand.
import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { CartScreen } from '../../ui/cart/cart-screen';
import { validateCartSearch } from '../-search';

export const Route = createFileRoute('/_guest/cart')({
  validateSearch: validateCartSearch,
  // The guest's dish filter travels to the cart (its lines are checked against it) and back to the menu.
  search: { middlewares: [retainSearchParams(['hide', 'diet'])] },
  component: CartScreen,
});
