// The banner of add-to-order mode: which order the menu adds to, what happened to the last addition, and Done.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { orderQuery } from '../../api/queries';
import { selectLatestAddition, selectOutboxOnline, useOutbox, useOutboxSelector } from '../../machines/outbox.context';
import type { OutboxStatus } from '../../machines/outbox.machine';
import { ADD_TO_ORDER_HINT_ID, describeAddition, orderProblem, isUncertain } from './add-to-order';
import { useAddToOrderId } from './use-add-items';
import './add-to-order.css';
import { Trans } from '@lingui/react';
import { t } from '../i18n/i18n';

export function AddToOrderBanner() {
  const orderID = useAddToOrderId();
  if (orderID === undefined) return null;
  return <Banner orderID={orderID} />;
}

/** Whether the element has scrolled out of view (never, where IntersectionObserver is missing). */
function useScrolledAway(ref: RefObject<HTMLElement | null>): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setAway(entry ? !entry.isIntersecting : false));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return away;
}

/** How long the floating copy of an answer stays up when the banner is out of sight. */
const FLASH_MS = 5000;

function Banner({ orderID }: { orderID: string }) {
  const region = useRef<HTMLElement>(null);
  const scrolledAway = useScrolledAway(region);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const order = useQuery(orderQuery(orderID));
  const { send } = useOutbox();
  const latest = useOutboxSelector(selectLatestAddition(orderID), undefined);
  const online = useOutboxSelector(selectOutboxOnline, true);
  const problem = orderProblem(order.data, order.error);
  const failed = latest?.status === 'failed';
  // What the guest is told of it: an answer, or that it waits for the network.
  const told = latest !== undefined && (latest.status === 'added' || failed || (latest.status === 'queued' && !online));
  const settledId = told ? `${latest.key}:${latest.status}` : null;
  useEffect(() => {
    if (settledId === null) return;
    const timer = setTimeout(() => setDismissed(settledId), FLASH_MS);
    return () => clearTimeout(timer);
  }, [settledId]);
  // A guest adding from far down the menu cannot see the banner: a copy of the answer floats in view for a moment.
  const flash = scrolledAway && latest && settledId !== null && dismissed !== settledId;

  return (
    <section ref={region} className="add-to-order-banner" aria-labelledby="add-to-order-title">
      <div className="add-to-order-banner__inner">
        <div className="add-to-order-banner__text">
          <p id="add-to-order-title" className="add-to-order-banner__title">
            <Trans
              id="addTo.title"
              values={{ id: orderID }}
              components={{ 0: <span className="add-to-order-banner__id" /> }}
            />
          </p>
          <p id={ADD_TO_ORDER_HINT_ID} className="add-to-order-banner__hint">
            {problem ?? t('addTo.hint')}
          </p>
          {problem && (
            // The dishes can still be ordered: as a new order, from the cart.
            <Link
              to="/"
              search={(previous) => ({ ...previous, add_to: undefined })}
              className="add-to-order-banner__menu"
              data-testid="leave-add-to-order"
            >
              {t('addTo.instead')}
            </Link>
          )}
          {/* Not a live region: the same words are announced once, politely, by the app's live region. */}
          {latest && (
            <p
              key={latest.key}
              className={`add-to-order-banner__result${failed ? ' add-to-order-banner__result--error' : ''}`}
              data-testid="add-to-order-result"
              data-status={resultStatus(latest.status, online)}
            >
              {describeAddition(latest, online)}
            </p>
          )}
          {latest && failed && isUncertain(latest.error) && (
            // The same addition, with the same idempotency key: the provider adds it at most once.
            <button
              type="button"
              className="button button--secondary add-to-order-banner__retry"
              onClick={() => send({ type: 'outbox.retry', key: latest.key })}
            >
              {t('common.tryAgain')}
            </button>
          )}
        </div>
        <Link to="/cart" search={{ orderID }} className="button add-to-order-banner__done">
          {t('addTo.done')}
        </Link>
      </div>
      {flash && (
        // Hidden from assistive technology: the live region has said it already.
        <p className={`add-to-order-flash${failed ? ' add-to-order-flash--error' : ''}`} aria-hidden="true">
          {describeAddition(latest, online)}
        </p>
      )}
    </section>
  );
}

/** The result's state for styles and tests: pending while queued or on its way (queued while offline says so). */
function resultStatus(status: OutboxStatus, online: boolean): string {
  if (status === 'added') return 'success';
  if (status === 'failed') return 'error';
  return status === 'queued' && !online ? 'queued' : 'pending';
}
