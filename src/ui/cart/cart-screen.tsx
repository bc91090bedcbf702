// `/cart`: the cart and its checkout, or, with `?orderID=`, the page that follows that order.
import { getRouteApi } from '@tanstack/react-router';
import { use, useLayoutEffect, useState, type ReactNode } from 'react';
import type { Allergen } from '../../../contract/guest';
import { useCheckoutAccess } from '../../machines/checkout-access';
import { CheckoutContext, useCheckout } from '../../machines/checkout.context';
import { dishFilterOf } from '../dish-filter/dish-filter';
import { OrderScreen } from '../order/order-screen';
import { CartView } from './cart-view';
import './cart.css';

const route = getRouteApi('/_guest/cart');

export function CartScreen() {
  const search = route.useSearch();
  const { orderID } = search;
  if (orderID !== undefined) return <OrderScreen key={orderID} orderID={orderID} />;
  return (
    <CheckoutGate>
      <CartWithCheckout hiddenAllergens={dishFilterOf(search).hide} />
    </CheckoutGate>
  );
}

/**
 * The cart waits for the checkout, which starts after the menu's first screen (opening the cart first starts it): the
 * screen loader shows meanwhile, and a checkout whose code could not be downloaded is the route's error, with Retry.
 */
function CheckoutGate({ children }: { children: ReactNode }) {
  const checkout = use(useCheckoutAccess().ready());
  return <CheckoutContext.Provider value={checkout}>{children}</CheckoutContext.Provider>;
}

function CartWithCheckout({ hiddenAllergens }: { hiddenAllergens: readonly Allergen[] }) {
  const checkout = useCheckout();
  // The checkout runs for the whole app; opening the cart starts it over as the guest expects (an order placed
  // earlier is behind them). Read once, when the screen opens: the allergens the guest's filter hides are what they
  // avoid, so the allergies for the kitchen start from them. Before the first paint, so no old state flashes.
  const [opened] = useState(hiddenAllergens);
  useLayoutEffect(() => {
    checkout.send({ type: 'checkout.cartOpened', allergies: opened });
    return () => checkout.send({ type: 'checkout.cartClosed' });
  }, [checkout, opened]);
  return <CartView />;
}
