// The providers every screen runs inside: server cache, the guest app's machines (guest-root.ts), its checkout and outbox, the restaurant's profile, router. Shared by the app and its tests.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onRuntimeConfigAdopted } from './api/config';
import { CartMachineContext } from './machines/cart.context';
import { createGuestRoot } from './machines/guest-root';
import { selectOutboxBusy, useOutboxSelector } from './machines/outbox.context';
import { i18n } from './ui/i18n/i18n';
import { inspect } from './machines/inspect';
import type { liveMachine } from './machines/live.machine';
import { TableMachineContext } from './machines/table.context';
import { GuestLiveLogic } from './ui/live/guest-live';
import { CheckoutProvider } from './ui/ordering/checkout-provider';
import { OutboxProvider } from './ui/ordering/outbox-provider';
import { followRestaurant } from './ui/restaurant/restaurant';
import { setAdditionsBusy } from './ui/shell/app-update';
import { createPlacedOrderNotices, PlacedOrderNoticesContext } from './ui/shell/placed-order-notice';

export interface AppProvidersProps {
  queryClient: QueryClient;
  router: AnyRouter;
  /** The live machine to run; default the real one, streaming into `queryClient` (tests may run another). */
  liveLogic?: typeof liveMachine;
}

export function AppProviders({ queryClient, router, liveLogic }: AppProvidersProps) {
  // Built once per app: the machines' logic with its effects; the providers below run each as one actor.
  const [notices] = useState(createPlacedOrderNotices);
  const [root] = useState(() => createGuestRoot({ queryClient, router, orderPlaced: notices.tell }));
  // The live machine comes with its own chunk once the first screen is up (`GuestLive` loads it); a test's is at hand.
  const [loadLive] = useState(() => (liveLogic ? () => Promise.resolve(liveLogic) : root.loadLive));
  // Prices, times and the title follow the restaurant's profile (its currency, locale and time zone) as it changes.
  useEffect(() => followRestaurant(queryClient), [queryClient]);
  // A token the provider refused and then replaced (api/token-refusal.ts): what failed is asked again.
  useEffect(() => onRuntimeConfigAdopted(() => void queryClient.invalidateQueries()), [queryClient]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <GuestLiveLogic.Provider value={loadLive}>
          <CartMachineContext.Provider logic={root.cart} options={{ inspect }}>
            <TableMachineContext.Provider logic={root.table} options={{ inspect }}>
              <PlacedOrderNoticesContext.Provider value={notices}>
                <CheckoutProvider root={root}>
                  <OutboxProvider load={root.loadOutbox} input={root.outboxInput}>
                    <HoldUpdatesWhileAdding />
                    <RouterProvider router={router} />
                  </OutboxProvider>
                </CheckoutProvider>
              </PlacedOrderNoticesContext.Provider>
            </TableMachineContext.Provider>
          </CartMachineContext.Provider>
        </GuestLiveLogic.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** No new version of the app is offered while a dish added to a placed order is queued or on its way: a reload would forget it. */
function HoldUpdatesWhileAdding() {
  const busy = useOutboxSelector(selectOutboxBusy, false);
  useEffect(() => {
    setAdditionsBusy(busy);
    return () => setAdditionsBusy(false);
  }, [busy]);
  return null;
}
