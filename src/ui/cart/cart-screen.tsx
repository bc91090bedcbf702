// The cart screen (placeholder until the cart issue): shows the cart machine's figures.
import { getRouteApi } from '@tanstack/react-router';
import { CartMachineContext, selectCartCount, selectPotentialSpend } from '../../machines/cart.context';
import { formatMoney } from '../format';

const route = getRouteApi('/cart');

export function CartScreen() {
  const { orderID } = route.useSearch();
  const cartCount = CartMachineContext.useSelector(selectCartCount);
  const potentialSpend = CartMachineContext.useSelector(selectPotentialSpend);
  return (
    <section className="placeholder-screen" aria-labelledby="cart-title">
      <h1 id="cart-title">Your cart</h1>
      <p>
        {cartCount} {cartCount === 1 ? 'item' : 'items'}, {formatMoney(potentialSpend)}
      </p>
      {orderID !== undefined && <p>Order {orderID}</p>}
    </section>
  );
}
