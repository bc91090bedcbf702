// Runs the checkout machine for the cart screen, over the app's cart and table, with the effects only the app can perform: the call and showing the order.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { addOrders } from '../../api/calls';
import { queryKeys } from '../../api/queries';
import type { Order } from '../../api/schemas';
import { CartMachineContext } from '../../machines/cart.context';
import { CheckoutMachineContext } from '../../machines/checkout.context';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout.machine';
import { inspect } from '../../machines/inspect';
import { readOrderNote } from '../../device/order-note';
import { readPendingOrder, type OrderAttempt } from '../../device/pending-order';
import { TableMachineContext } from '../../machines/table.context';
import { useAnnounce } from '../feedback/live-announcer';
import { t } from '../i18n/i18n';

export function CheckoutProvider({ children }: { children: ReactNode }) {
  const cart = CartMachineContext.useActorRef();
  const table = TableMachineContext.useActorRef();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  // Read once, when the screen opens: an attempt a reload interrupted is resumed straight away.
  const [input] = useState<CheckoutInput>(() => ({ cart, table, pending: readPendingOrder(), note: readOrderNote() }));
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise<Order, OrderAttempt>(({ input: attempt, signal }) =>
            addOrders(attempt.order, { idempotencyKey: attempt.key, signal }),
          ),
        },
        actions: {
          showOrder: (_, { order }) => {
            // The answer is the order as it stands: its page opens with it instead of asking again.
            queryClient.setQueryData(queryKeys.order(order.orderID), order);
            announce(t('announce.orderPlaced', { id: order.orderID }));
            void navigate({ to: '/cart', search: { orderID: order.orderID } });
          },
        },
      }),
    [navigate, announce, queryClient],
  );
  return (
    <CheckoutMachineContext.Provider logic={logic} options={{ input, inspect }}>
      {children}
    </CheckoutMachineContext.Provider>
  );
}
