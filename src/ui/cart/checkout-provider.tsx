// Runs the checkout machine for the cart screen, over the app's cart and table, with the effects only the app can perform: the call and showing the order.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { addOrders } from '../../api/calls';
import { queryKeys } from '../../api/queries';
import type { Allergen, Order } from '../../../contract/guest';
import { CartMachineContext } from '../../machines/cart.context';
import { CheckoutMachineContext, selectCartLocked } from '../../machines/checkout.context';
import { checkoutMachine, type CheckoutEvent, type CheckoutInput } from '../../machines/checkout.machine';
import { inspect } from '../../machines/inspect';
import { readOrderNote } from '../../device/order-note';
import { readPendingOrder, type OrderAttempt } from '../../device/pending-order';
import { TableMachineContext } from '../../machines/table.context';
import { useAnnounce } from '../feedback/live-announcer';
import { t } from '../i18n/i18n';
import { setCheckoutBusy } from '../shell/app-update';

/** A provider with a profile (`GET restaurant`, v1.2) takes the guest's allergies; one answering 404 (null) does not. */
const takesAllergies = (profile: unknown) => profile !== null && profile !== undefined;

export function CheckoutProvider({
  children,
  hiddenAllergens = [],
}: {
  children: ReactNode;
  hiddenAllergens?: readonly Allergen[];
}) {
  const cart = CartMachineContext.useActorRef();
  const table = TableMachineContext.useActorRef();
  const navigate = useNavigate();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  // Read once, when the screen opens: an attempt a reload interrupted is resumed straight away.
  // Offline then, it stays queued until the browser says the network is back.
  const [input] = useState<CheckoutInput>(() => ({
    cart,
    table,
    pending: readPendingOrder(),
    note: readOrderNote(),
    online: navigator.onLine,
    allergies: hiddenAllergens,
    allergiesOffered: takesAllergies(queryClient.getQueryData(queryKeys.restaurant)),
  }));
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise<Order, OrderAttempt>(({ input: attempt, signal }) =>
            addOrders(attempt.order, { idempotencyKey: attempt.key, signal }),
          ),
          watchNetwork: fromCallback<CheckoutEvent>(({ sendBack }) => {
            const online = () => sendBack({ type: 'checkout.network', online: true });
            const offline = () => sendBack({ type: 'checkout.network', online: false });
            window.addEventListener('online', online);
            window.addEventListener('offline', offline);
            return () => {
              window.removeEventListener('online', online);
              window.removeEventListener('offline', offline);
            };
          }),
          watchProvider: fromCallback<CheckoutEvent>(({ sendBack }) =>
            queryClient.getQueryCache().subscribe((event) => {
              if (event.type !== 'updated' || event.query.queryKey[0] !== queryKeys.restaurant[0]) return;
              if (event.query.state.status !== 'success') return;
              sendBack({ type: 'checkout.allergiesOffered', offered: takesAllergies(event.query.state.data) });
            }),
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
      <HoldUpdatesWhileBusy />
      {children}
    </CheckoutMachineContext.Provider>
  );
}

/** A new version of the app is not offered while an order is on its way, queued, or may have gone through. */
function HoldUpdatesWhileBusy() {
  const busy = CheckoutMachineContext.useSelector(selectCartLocked);
  useEffect(() => {
    setCheckoutBusy(busy);
    return () => setCheckoutBusy(false);
  }, [busy]);
  return null;
}
