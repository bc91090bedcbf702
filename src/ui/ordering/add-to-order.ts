// Adding dishes to an order already placed (`/?add_to=ORDERID`): addMenu instead of the cart, the answer announced and shown in the banner.
import { useMutation, useMutationState, useQuery, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { addMenu } from '../../api/calls';
import { ApiError } from '../../api/errors';
import { describeApiError } from '../feedback/error-text';
import { orderQuery, queryKeys } from '../../api/queries';
import { LIMITS, type MenuItem, type Order } from '../../../contract/guest';
import { randomId } from '../../device/random-id';
import { useAnnounce } from '../feedback/live-announcer';
import { formatNumber } from '../format';
import { currentLanguage, t } from '../i18n/i18n';

/** Every addition shares this key, so the banner can show the latest one whichever card or dialog sent it. */
export const ADD_TO_ORDER_KEY = ['add-to-order'] as const;

export interface AddToOrderVariables {
  orderID: string;
  item: MenuItem;
  quantity: number;
  note?: string;
  /** Chosen option ids (contract v1.1). */
  choices?: number[];
  /** One per addition the guest asks for, sent as Idempotency-Key; sending the same addition again reuses it. */
  idempotencyKey: string;
}

export type NewAddition = Omit<AddToOrderVariables, 'idempotencyKey'>;

const isAddition = (mutation: Pick<Mutation, 'state'>, orderID: string) =>
  (mutation.state.variables as AddToOrderVariables | undefined)?.orderID === orderID;

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

/** The dishes whose addition to this order is on its way: their Add buttons wait for the answer. */
export function useDishesBeingAdded(orderID: string | undefined): ReadonlySet<number> {
  const ids = useMutationState({
    filters: {
      mutationKey: ADD_TO_ORDER_KEY,
      status: 'pending',
      predicate: (mutation) => orderID !== undefined && isAddition(mutation, orderID),
    },
    select: (mutation) => (mutation.state.variables as AddToOrderVariables).item.id,
  });
  return new Set(ids);
}

/** A failure that does not say whether the dish was added. */
export function isUncertain(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'fetch' || error.kind === 'timeout' || error.kind === 'parsing');
}

/** What to say about one addition, for the banner and for the live region. */
export function describeAddition(
  variables: AddToOrderVariables,
  outcome: { status: 'pending' | 'success' | 'error' | 'idle'; error?: unknown },
) {
  const what = `${formatNumber(variables.quantity)} × ${variables.item.name}`;
  switch (outcome.status) {
    case 'success':
      return t('addTo.added', { what, id: variables.orderID });
    case 'error': {
      const error = outcome.error;
      // The answer was lost: Try again resends the same addition with the same key, which a provider of contract
      // v1.1 never adds twice; a v1 provider ignores the key, so the guest is still told to look first.
      if (isUncertain(error)) {
        return t('addTo.uncertain', { what, error: describeApiError(error) });
      }
      return t('addTo.failed', { what, error: describeApiError(error) });
    }
    default:
      return t('addTo.adding', { what });
  }
}

export function useAddToOrder() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const mutation = useMutation({
    mutationKey: ADD_TO_ORDER_KEY,
    mutationFn: async ({
      orderID,
      item,
      quantity,
      note,
      choices,
      idempotencyKey,
    }: AddToOrderVariables): Promise<Order> => {
      let order: Order | undefined;
      // One addMenu line holds at most 20 of a dish, as an order line does; each part has its own key, derived from
      // the addition's, so sending the addition again repeats every part without adding any twice.
      for (let left = quantity, part = 0; left > 0; left -= LIMITS.quantityPerLine, part += 1) {
        order = await addMenu(
          {
            orderID,
            menu_id: item.id,
            quantity: Math.min(left, LIMITS.quantityPerLine),
            ...(note ? { note } : {}),
            ...(choices && choices.length > 0 ? { choices } : {}),
          },
          { idempotencyKey: part === 0 ? idempotencyKey : `${idempotencyKey}-${part}` },
        );
      }
      if (!order) throw new Error('Nothing to add');
      return order;
    },
    // Set on the mutation itself, so they run even when the card or dialog that asked has gone away.
    onSuccess: (order, variables) => {
      queryClient.setQueryData(queryKeys.order(variables.orderID), order);
      announce(describeAddition(variables, { status: 'success' }));
    },
    onError: (error, variables) => {
      announce(describeAddition(variables, { status: 'error', error }));
      // A 409 means the order moved on: the banner should show where it is now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.order(variables.orderID) });
    },
  });
  const { mutate } = mutation;
  return useCallback(
    (addition: NewAddition | AddToOrderVariables) => {
      // A double tap must not send the dish twice: while this dish is on its way to this order, a new tap waits.
      const inFlight = queryClient.getMutationCache().findAll({
        mutationKey: ADD_TO_ORDER_KEY,
        status: 'pending',
        predicate: (pending) =>
          isAddition(pending, addition.orderID) &&
          (pending.state.variables as AddToOrderVariables).item.id === addition.item.id,
      });
      if (inFlight.length > 0) return;
      mutate({ idempotencyKey: randomId(), ...addition });
    },
    [mutate, queryClient],
  );
}
