// Adding dishes to an order already placed (`/?add_to=ORDERID`): the app's outbox sends them, and what became of each is announced and shown in the banner.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { ApiError } from '../../api/errors';
import { describeApiError } from '../feedback/error-text';
import { wordedRefusal } from '../feedback/line-refusal-text';
import { orderQuery } from '../../api/queries';
import type { Order } from '../../../contract/orders';
import { mayHaveGoneThrough } from '../../machines/keyed-send';
import { selectDishesOnTheirWay, sameIds, useOutbox, useOutboxSelector } from '../../machines/outbox.context';
import type { Addition, OutboxEntry } from '../../machines/outbox.machine';
import { useAnnounce } from '../feedback/live-announcer';
import { formatNumber } from '../format';
import { currentLanguage, t } from '../i18n/i18n';

/** The order can take no more dishes (past preparing, or not found): Add would only be refused. */
export function orderProblem(order: Order | null | undefined, error: unknown): string | null {
  if (order === null || (error instanceof ApiError && error.status === 404)) return t('addTo.notFound');
  if (order && order.status !== 'received' && order.status !== 'preparing') {
    return t('addTo.closed', { status: t(`status.${order.status}`).toLocaleLowerCase(currentLanguage()) });
  }
  return null;
}

/** Why dishes cannot be added to the order of add-to-order mode, or null when they can (or it is not known yet). */
export function useAddToOrderProblem(orderID: string | undefined): string | null {
  const order = useQuery({ ...orderQuery(orderID ?? ''), enabled: orderID !== undefined });
  return orderID === undefined ? null : orderProblem(order.data, order.error);
}

/** The id of the banner's sentence that says why, for the Add buttons it disables. */
export const ADD_TO_ORDER_HINT_ID = 'add-to-order-hint';

/** The dishes whose addition to this order is queued or on its way: their Add buttons wait for the answer. */
export function useDishesBeingAdded(orderID: string | undefined): ReadonlySet<number> {
  const { start } = useOutbox();
  // The outbox's code comes as add-to-order mode opens, so the first Add (perhaps offline) does not wait for it.
  useEffect(() => {
    if (orderID !== undefined) start();
  }, [orderID, start]);
  const ids = useOutboxSelector(orderID === undefined ? () => none : selectDishesOnTheirWay(orderID), none, sameIds);
  return useMemo(() => new Set(ids), [ids]);
}

const none: readonly number[] = [];

/** A failure that does not say whether the dish was added. */
export const isUncertain = mayHaveGoneThrough;

/** Why an addition was refused: the dish's reason in the guest's words when the app has them ("agotado"). */
function refusalOf(error: unknown): string {
  const reason = error instanceof ApiError ? error.fields.menu_id : undefined;
  return (reason !== undefined ? wordedRefusal(reason) : undefined) ?? describeApiError(error);
}

/** What to say about one addition, for the banner and for the live region; `online`: the browser's word on the network. */
export function describeAddition({ addition, status, error }: OutboxEntry, online: boolean) {
  const what = `${formatNumber(addition.quantity)} × ${addition.item.name}`;
  switch (status) {
    case 'added':
      return t('addTo.added', { what, id: addition.orderID });
    case 'failed':
      // The answer was lost: Try again resends the same addition with the same key, which a provider of contract
      // v1.1 never adds twice; a v1 provider ignores the key, so the guest is still told to look first.
      if (isUncertain(error)) {
        return t('addTo.uncertain', { what, error: describeApiError(error) });
      }
      return t('addTo.failed', { what, error: refusalOf(error) });
    case 'queued':
      if (!online) return t('addTo.queued', { what });
      return t('addTo.adding', { what });
    default:
      return t('addTo.adding', { what });
  }
}

/** Sends a dish to an order already placed, through the app's outbox (a double tap while it is on its way is ignored). */
export function useAddToOrder() {
  const { send } = useOutbox();
  return useCallback((addition: Addition) => send({ type: 'outbox.add', addition }), [send]);
}

/**
 * Says in the app's live region what became of each addition, whichever screen is open: queued offline, added, or
 * not. Rendered once, inside the live announcer.
 */
export function AdditionAnnouncer() {
  const { listen } = useOutbox();
  const announce = useAnnounce();
  useEffect(
    () => listen(({ type, entry }) => announce(describeAddition(entry, type !== 'outbox.queued'))),
    [listen, announce],
  );
  return null;
}
