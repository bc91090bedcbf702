// Runs the checkout machine for the cart screen, with the two effects only the screen can perform: emptying the cart and showing the order.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { queryKeys } from '../../api/queries';
import { CartMachineContext } from '../../machines/cart.context';
import { CheckoutMachineContext } from '../../machines/checkout.context';
import { checkoutMachine, type CheckoutInput } from '../../machines/checkout.machine';
import { inspect } from '../../machines/inspect';
import { readOrderNote } from '../../device/order-note';
import { cartEventsAfterPlacing } from '../../machines/order-payload';
import { readPendingOrder } from '../../device/pending-order';
import { useAnnounce } from '../feedback/live-announcer';

export function CheckoutProvider({ children }: { children: ReactNode }) {
  const cart = CartMachineContext.useActorRef();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  // Read once, when the screen opens: an attempt a reload interrupted is resumed straight away.
  const [input] = useState<CheckoutInput>(() => ({ pending: readPendingOrder(), note: readOrderNote() }));
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actions: {
          clearCart: (_, { entryIds }) => {
            for (const event of cartEventsAfterPlacing(cart.getSnapshot().context.entries, entryIds)) cart.send(event);
          },
          showOrder: (_, { order }) => {
            // The answer is the order as it stands: its page opens with it instead of asking again.
            queryClient.setQueryData(queryKeys.order(order.orderID), order);
            announce(`Order ${order.orderID} placed. The kitchen has it.`);
            void navigate({ to: '/cart', search: { orderID: order.orderID } });
          },
        },
      }),
    [cart, navigate, announce, queryClient],
  );
  return (
    <CheckoutMachineContext.Provider logic={logic} options={{ input, inspect }}>
      {children}
    </CheckoutMachineContext.Provider>
  );
}
