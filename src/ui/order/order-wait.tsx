// The guest's expected wait on the order page: the order's own estimate from the kitchen's queue (contract v1.2), or,
// from a provider without it, the kitchen's load from `summary`.
import { useQuery } from '@tanstack/react-query';
import { orderEstimateQuery, summaryQuery } from '../../api/queries';
import type { OrderStatus } from '../../../contract/guest';
import { t } from '../i18n/i18n';
import { KITCHEN_REFRESH_MS, kitchenText } from '../pos/kitchen-summary';

/** How often a wait is asked for again while the kitchen still has the order (as often as the order itself). */
export const WAIT_REFRESH_MS = 10_000;

const WAITING: readonly OrderStatus[] = ['received', 'preparing'];

export function OrderWait({ orderID, status }: { orderID: string; status: OrderStatus }) {
  const waiting = WAITING.includes(status);
  const estimate = useQuery({
    ...orderEstimateQuery(orderID),
    enabled: waiting,
    // A provider without the call (its 404 reads as null) will not have it ten seconds later.
    refetchInterval: (query) => (query.state.data === null ? false : WAIT_REFRESH_MS),
  });
  // Only then does the page fall back to the summary, one figure for everyone, asked as often as the menu's line.
  const summary = useQuery({
    ...summaryQuery(),
    enabled: waiting && estimate.data === null,
    refetchInterval: KITCHEN_REFRESH_MS,
  });
  if (!waiting) return null;

  let text: string | undefined;
  if (estimate.data) {
    const { ready_in_minutes: minutes, tickets_ahead: ahead } = estimate.data;
    text = minutes === 0 ? t('order.waitAlmost') : t('order.wait', { minutes, ahead });
  } else if (estimate.data === null && summary.data) {
    text = kitchenText(summary.data);
  }
  // Until the wait is known, its line keeps its place: the buttons below must not move under a guest's finger.
  if (text === undefined) {
    return (
      <p className="order__wait" aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  }
  return (
    <p className="order__wait" data-testid="order-wait">
      {text}
    </p>
  );
}
