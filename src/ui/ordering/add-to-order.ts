// Adding dishes to an order already placed (`/?add_to=ORDERID`): addMenu instead of the cart, the answer announced and shown in the banner.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addMenu } from '../../api/calls';
import { ApiError, describeApiError } from '../../api/errors';
import { queryKeys } from '../../api/queries';
import { LIMITS, type MenuItem, type Order } from '../../api/schemas';
import { useAnnounce } from '../feedback/live-announcer';

/** Every addition shares this key, so the banner can show the latest one whichever card or dialog sent it. */
export const ADD_TO_ORDER_KEY = ['add-to-order'] as const;

export interface AddToOrderVariables {
  orderID: string;
  item: MenuItem;
  quantity: number;
  note?: string;
  /** Chosen option ids (contract v1.1). */
  choices?: number[];
}

/** What to say about one addition, for the banner and for the live region. */
export function describeAddition(
  variables: AddToOrderVariables,
  outcome: { status: 'pending' | 'success' | 'error' | 'idle'; error?: unknown },
) {
  const what = `${variables.quantity} × ${variables.item.name}`;
  switch (outcome.status) {
    case 'success':
      return `Added ${what} to order ${variables.orderID}`;
    case 'error': {
      const error = outcome.error;
      // addMenu has no idempotency key: after a lost answer, the guest should look before adding again.
      if (
        error instanceof ApiError &&
        (error.kind === 'fetch' || error.kind === 'timeout' || error.kind === 'parsing')
      ) {
        return `We couldn’t confirm ${what}: ${describeApiError(error)} Check the order before adding it again.`;
      }
      return `Couldn’t add ${what}: ${describeApiError(error)}`;
    }
    default:
      return `Adding ${what}…`;
  }
}

export function useAddToOrder() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const mutation = useMutation({
    mutationKey: ADD_TO_ORDER_KEY,
    mutationFn: async ({ orderID, item, quantity, note, choices }: AddToOrderVariables): Promise<Order> => {
      let order: Order | undefined;
      // One addMenu line holds at most 20 of a dish, as an order line does.
      for (let left = quantity; left > 0; left -= LIMITS.quantityPerLine) {
        order = await addMenu({
          orderID,
          menu_id: item.id,
          quantity: Math.min(left, LIMITS.quantityPerLine),
          ...(note ? { note } : {}),
          ...(choices && choices.length > 0 ? { choices } : {}),
        });
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
  return mutation.mutate;
}
