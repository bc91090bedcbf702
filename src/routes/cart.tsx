// `/cart`: the cart screen, loaded on demand.
import { createFileRoute, retainSearchParams } from '@tanstack/react-router';
import { CartScreen } from '../ui/cart/cart-screen';
import { validateCartSearch } from './-search';
import { loadLaterMessages } from '../ui/i18n/i18n';

export const Route = createFileRoute('/cart')({
  validateSearch: validateCartSearch,
  // The guest's dish filter travels to the cart (its lines are checked against it) and back to the menu.
  search: { middlewares: [retainSearchParams(['hide', 'diet'])] },
  // The screen's messages are past the menu's first screen (src/ui/i18n/catalog-parts.ts).
  loader: () => loadLaterMessages(),
  component: CartScreen,
});
