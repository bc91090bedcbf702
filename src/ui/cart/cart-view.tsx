// The cart: its lines grouped by dish and note, the checkout panel, and this device's orders.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { CartMachineContext, selectCartCount, selectEntries, selectPotentialSpend } from '../../machines/cart.context';
import { groupCartLines, type CartLine } from '../../domain/cart-lines';
import {
  useCheckoutSelector,
  selectCartLocked,
  selectCheckoutPhase,
  selectFailure,
} from '../../machines/checkout.context';
import { dishFilterOf } from '../dish-filter/dish-filter';
import { EmptyState } from '../feedback/empty-state';
import { useAnnounce } from '../feedback/live-announcer';
import { MyOrders } from '../order/my-orders';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { CartLineItem } from './cart-line-item';
import { CheckoutPanel } from './checkout-panel';
import { t } from '../i18n/i18n';
import { useCachedDishes } from './use-cached-dishes';
import { lineAllergenWarning } from './line-allergens';

const route = getRouteApi('/_guest/cart');

export function CartView() {
  const cart = CartMachineContext.useActorRef();
  const entries = CartMachineContext.useSelector(selectEntries);
  const cartCount = CartMachineContext.useSelector(selectCartCount);
  const potentialSpend = CartMachineContext.useSelector(selectPotentialSpend);
  const phase = useCheckoutSelector(selectCheckoutPhase);
  // Locked while an order is on its way, and after a failure that leaves it unknown whether the order went through.
  const locked = useCheckoutSelector(selectCartLocked);
  const failure = useCheckoutSelector(selectFailure);
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const list = useRef<HTMLUListElement>(null);

  const { lines, unreadable } = useMemo(() => groupCartLines(entries), [entries]);
  // A dish that went sold out since it was added (a live menu event): flagged here, and the order waits for it to go.
  const dishes = useCachedDishes(lines.map((line) => line.menu_id));
  const isSoldOut = (line: CartLine) => dishes.get(line.menu_id)?.available === false;
  const unavailableLines = lines.filter(isSoldOut);
  // The guest's allergen filter came along from the menu (`hide` in the URL): lines with one of those are flagged.
  const { hide } = dishFilterOf(route.useSearch());

  const addOne = (line: CartLine) => {
    if (locked) return;
    cart.send({ type: 'cart.add', items: [line.template] });
  };
  const removeOne = (line: CartLine) => {
    const last = line.entryIds.at(-1);
    if (locked || line.quantity <= 1 || last === undefined) return;
    cart.send({ type: 'cart.remove', id: last });
  };
  const removeLine = (line: CartLine, index: number) => {
    if (locked) return;
    // Focus moves on to what took the line's place, so keyboard users keep their position in the list.
    const next = list.current?.querySelectorAll<HTMLElement>('[data-testid="line-remove"]')[index + 1];
    const previous = list.current?.querySelectorAll<HTMLElement>('[data-testid="line-remove"]')[index - 1];
    for (const id of line.entryIds) cart.send({ type: 'cart.remove', id });
    announce(t('announce.removedFromCart', { names: line.name }));
    (next ?? previous ?? heading.current)?.focus();
  };

  const empty = lines.length === 0;

  return (
    <div className="cart">
      <div className="cart__intro">
        <h1 id="cart-title" ref={heading} className="cart__title" tabIndex={-1}>
          {t('cart.title')}
        </h1>
        {!empty && <p className="cart__count">{t('cart.count', { count: cartCount })}</p>}
      </div>

      {phase === 'placed' ? (
        <p className="cart__placed" role="status">
          {t('cart.placed')}
        </p>
      ) : empty && !locked ? (
        <EmptyState title={t('cart.empty')}>
          <p className="empty-state__hint">{t('cart.emptyHint')}</p>
          <Link to="/" className="button button--primary">
            {t('cart.browse')}
          </Link>
          {unreadable > 0 && <UnreadableNote count={unreadable} />}
        </EmptyState>
      ) : (
        <div className="cart__layout">
          <section className="cart__lines" aria-labelledby="cart-title">
            <ul ref={list} className="cart-lines">
              {lines.map((line, index) => (
                <CartLineItem
                  key={line.key}
                  line={line}
                  locked={locked}
                  problem={failure?.rejected[line.key]}
                  unavailable={isSoldOut(line)}
                  allergenWarning={lineAllergenWarning(line, dishes.get(line.menu_id), hide)}
                  onIncrement={() => addOne(line)}
                  onDecrement={() => removeOne(line)}
                  onRemove={() => removeLine(line, index)}
                />
              ))}
            </ul>
            {unreadable > 0 && <UnreadableNote count={unreadable} />}
            <Link to="/" className="link-button cart__more">
              <span className="flip-in-rtl" aria-hidden="true">
                ←
              </span>{' '}
              {t('cart.addMore')}
            </Link>
          </section>
          <CheckoutPanel
            potentialSpend={potentialSpend}
            cartCount={cartCount}
            unavailableLines={unavailableLines}
            allergiesFromFilter={hide.length > 0}
          />
        </div>
      )}

      <MyOrders />
    </div>
  );
}

function UnreadableNote({ count }: { count: number }) {
  return <p className="cart__unreadable">{t('cart.unreadable', { count })}</p>;
}
