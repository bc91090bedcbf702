// Tells the guest an order was placed: announced always, and, when they were not on the cart, a notice with a link to it.
// Its own chunk (deferred-shell-notices.tsx): no order is placed before the first tap.
import { Link } from '@tanstack/react-router';
import { useContext, useEffect, useId, useSyncExternalStore } from 'react';
import { useAnnounce } from '../feedback/live-announcer';
import '../feedback/notices.css';
import { t } from '../i18n/i18n';
import { PlacedOrderNoticesContext } from './placed-order-notices';

export function PlacedOrderNotice() {
  const notices = useContext(PlacedOrderNoticesContext);
  const notice = useSyncExternalStore(notices.subscribe, notices.current, notices.current);
  const announce = useAnnounce();
  const textId = useId();
  useEffect(() => {
    if (notice) announce(t('announce.orderPlaced', { id: notice.orderID }));
  }, [notice, announce]);
  if (!notice || notice.opened) return null;
  // Not a live region: the announcer says it once; focus stays where the guest is.
  return (
    <section className="placed-notice" aria-labelledby={textId} data-testid="placed-notice">
      <p id={textId} className="placed-notice__text">
        {t('announce.orderPlaced', { id: notice.orderID })}
      </p>
      <div className="placed-notice__actions">
        <Link
          to="/cart"
          search={{ orderID: notice.orderID }}
          className="button button--primary"
          onClick={notices.dismiss}
        >
          {t('placedNotice.view')}
        </Link>
        <button type="button" className="button" onClick={notices.dismiss}>
          {t('placedNotice.dismiss')}
        </button>
      </div>
    </section>
  );
}
