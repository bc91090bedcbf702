// What the frame says only now and then: a new version to reload into, a cart the device would not keep, an order placed
// while the guest was elsewhere. Their words, styles and buttons are fetched when one is to be shown (or once the first
// screen is idle), never on the menu's first screen; app-layout.tsx decides when each shows.
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type FocusEvent } from 'react';
import type { StorageProblem } from '../../device/device-store';
import { t, type MessageId } from '../i18n/i18n';
import { reloadToUpdate } from './app-update';
import './frame-notices.css';

/** "A new version is ready", with its Reload button. */
export function UpdateOffer() {
  return (
    <p className="update-prompt">
      {t('update.ready')}{' '}
      <button type="button" className="update-prompt__reload" onClick={reloadToUpdate}>
        {t('update.reload')}
      </button>
    </p>
  );
}

const CART_PROBLEMS: Record<StorageProblem, MessageId> = {
  'storage-full': 'cartProblem.full',
  'storage-unavailable': 'cartProblem.unavailable',
  'unreadable-replaced': 'cartProblem.replaced',
};

/** Why the device would not keep the cart, in plain words. */
export function CartProblemText({ problem }: { problem: StorageProblem }) {
  return (
    <p className="cart-problem" role="alert" data-testid="cart-problem">
      {t(CART_PROBLEMS[problem])}
    </p>
  );
}

/** How long the placed order's notice stays when the guest leaves it alone (docs/guest-app.md). */
export const PLACED_NOTICE_MS = 8000;

/**
 * An order placed while the guest was not on the cart, with a link to it. Not a live region: it was announced. It
 * belongs to the screen it was said on: it goes after PLACED_NOTICE_MS, when dismissed, or when the guest goes to
 * another screen; its time waits while the pointer or the focus is in it, so no one loses it while reaching for its
 * buttons.
 */
/**
 * The Dismiss button goes with its notice: the guest is put at the screen's heading (every guest screen's h1 takes
 * the focus, tabIndex -1), else its main region, never left on the page's body.
 */
function backToPage() {
  const main = document.getElementById('main');
  (main?.querySelector<HTMLElement>('h1[tabindex]') ?? main)?.focus({ preventScroll: true });
}

export function PlacedOrderCard({
  orderID,
  textId,
  dismiss,
}: {
  orderID: string;
  textId: string;
  dismiss: () => void;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [shownOn] = useState(pathname);
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const away = pathname !== shownOn;
  useEffect(() => {
    if (away) dismiss();
  }, [away, dismiss]);
  const held = pointerIn || focusIn;
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(dismiss, PLACED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [held, dismiss, orderID]);
  if (away) return null;
  const focusLeft = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false);
  };
  return (
    <section
      className="placed-notice"
      aria-labelledby={textId}
      data-testid="placed-notice"
      onPointerEnter={() => setPointerIn(true)}
      onPointerLeave={() => setPointerIn(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={focusLeft}
    >
      <p id={textId} className="placed-notice__text">
        {t('announce.orderPlaced', { id: orderID })}
      </p>
      <div className="placed-notice__actions">
        <Link to="/cart" search={{ orderID }} className="button button--primary" onClick={dismiss}>
          {t('placedNotice.view')}
        </Link>
        <button
          type="button"
          className="button"
          onClick={() => {
            dismiss();
            backToPage();
          }}
        >
          {t('placedNotice.dismiss')}
        </button>
      </div>
    </section>
  );
}
