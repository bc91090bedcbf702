// A "View cart" link that stays in reach at the bottom of the screen once something is in the cart.
import { Link } from '@tanstack/react-router';
import { CartMachineContext, selectCartCount, selectPotentialSpend } from '../../machines/cart.context';
import { formatMoney } from '../format';
import { t } from '../i18n/i18n';

export function ViewCartBar() {
  const count = CartMachineContext.useSelector(selectCartCount);
  const spend = CartMachineContext.useSelector(selectPotentialSpend);
  if (count === 0) return null;
  return (
    <>
      {/* Room at the end of the list, so the last card's Add button can scroll clear of the bar. */}
      <div className="view-cart-bar__room" data-testid="view-cart-room" aria-hidden="true" />
      <div className="view-cart-bar">
        <Link
          to="/cart"
          className="view-cart-bar__link"
          data-testid="view-cart"
          aria-label={t('viewCart.aria', { count, spend: formatMoney(spend) })}
        >
          <span className="view-cart-bar__count">{count}</span>
          <span className="view-cart-bar__label">{t('viewCart.label')}</span>
          <span className="view-cart-bar__total">{formatMoney(spend)}</span>
        </Link>
      </div>
    </>
  );
}
