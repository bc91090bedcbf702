// `/cart`: the cart screen, loaded on demand.
import { createFileRoute } from '@tanstack/react-router';
import { CartScreen } from '../ui/cart/cart-screen';
import { validateCartSearch } from './-search';

export const Route = createFileRoute('/cart')({
  validateSearch: validateCartSearch,
  component: CartScreen,
});
