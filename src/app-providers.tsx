// The providers every screen runs inside: server cache, live updates, the restaurant's profile, cart and table machines, router. Shared by the app and its tests.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onRuntimeConfigAdopted } from './api/config';
import { CartMachineContext } from './machines/cart.context';
import { i18n } from './ui/i18n/i18n';
import { inspect } from './machines/inspect';
import type { liveMachine } from './machines/live.machine';
import { TableMachineContext } from './machines/table.context';
import { GuestLiveLogic } from './ui/live/guest-live';
import { followRestaurant } from './ui/restaurant/restaurant';

export interface AppProvidersProps {
  queryClient: QueryClient;
  router: AnyRouter;
  /** The live machine to run; default the real one, streaming into `queryClient` (tests may run another). */
  liveLogic?: typeof liveMachine;
}

export function AppProviders({ queryClient, router, liveLogic: givenLiveLogic }: AppProvidersProps) {
  // One live stream for the guests' screens, writing into this cache; `GuestLive` runs it (never in the console), and
  // loads it: the machine and its cache writer are not in the first screen's code.
  const [loadLiveLogic] = useState(() => {
    let pending: Promise<typeof liveMachine> | undefined;
    return () =>
      givenLiveLogic
        ? Promise.resolve(givenLiveLogic)
        : (pending ??= import('./machines/live.context').then(
            (module) => module.createLiveLogic(queryClient),
            (error: unknown) => {
              // Forget the failure (offline): the next attempt fetches again.
              pending = undefined;
              throw error;
            },
          ));
  });
  // Prices, times and the title follow the restaurant's profile (its currency, locale and time zone) as it changes.
  useEffect(() => followRestaurant(queryClient), [queryClient]);
  // A token the provider refused and then replaced (api/token-refusal.ts): what failed is asked again.
  useEffect(() => onRuntimeConfigAdopted(() => void queryClient.invalidateQueries()), [queryClient]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <GuestLiveLogic.Provider value={loadLiveLogic}>
          <CartMachineContext.Provider options={{ inspect }}>
            <TableMachineContext.Provider options={{ inspect }}>
              <RouterProvider router={router} />
            </TableMachineContext.Provider>
          </CartMachineContext.Provider>
        </GuestLiveLogic.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
