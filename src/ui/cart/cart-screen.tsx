// `/cart`: the cart and its checkout, or, with `?orderID=`, the page that follows that order.
import { getRouteApi } from '@tanstack/react-router';
import { dishFilterOf } from '../dish-filter/dish-filter';
import { OrderScreen } from '../order/order-screen';
import { CartView } from './cart-view';
import { CheckoutProvider } from './checkout-provider';
import './cart.css';

const route = getRouteApi('/cart');

export function CartScreen() {
  const search = route.useSearch();
  const { orderID } = search;
  if (orderID !== undefined) return <OrderScreen key={orderID} orderID={orderID} />;
  // The checkout lives while the cart is on screen; an attempt still on its way when the guest leaves is resumed on return.
  // The allergens the guest's filter hides are what they avoid: the allergies for the kitchen start from them.
  return (
    <CheckoutProvider hiddenAllergens={dishFilterOf(search).hide}>
      <CartView />
    </CheckoutProvider>
  );
}
