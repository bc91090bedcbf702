// The header's link to the cart, showing how many items it holds and what they cost.
import { Link } from '@tanstack/react-router';
import { CartMachineContext, selectCartCount, selectPotentialSpend } from '../../machines/cart.context';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';

export function CartBadge() {
  const cartCount = CartMachineContext.useSelector(selectCartCount);
  const spend = formatMoney(CartMachineContext.useSelector(selectPotentialSpend));
  return (
    <Link to="/cart" className="cart-badge">
      <svg className="cart-badge__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M4 5h2l2.2 9.2a1 1 0 0 0 1 .8h7.6a1 1 0 0 0 1-.8L19.5 8H7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      {/* One sentence for assistive technology; the figures themselves are for the eye. */}
      <span className="visually-hidden">{t('cart.badge', { count: cartCount, spend })}</span>
      <span className="cart-badge__count" data-testid="cart-count" aria-hidden="true">
        {cartCount}
      </span>
      <span className="cart-badge__spend" data-testid="potential-spend" aria-hidden="true">
        {spend}
      </span>
    </Link>
  );
}
