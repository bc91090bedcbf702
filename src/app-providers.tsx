// The providers every screen runs inside: server cache, live updates, cart and table machines, router. Shared by the app and its tests.
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { CartMachineContext } from './machines/cart.context';
import { i18n } from './ui/i18n/i18n';
import { inspect } from './machines/inspect';
import { createLiveLogic, LiveMachineContext } from './machines/live.context';
import type { liveMachine } from './machines/live.machine';
import { TableMachineContext } from './machines/table.context';

export interface AppProvidersProps {
  queryClient: QueryClient;
  router: AnyRouter;
  /** The live machine to run; default the real one, streaming into `queryClient` (tests may run another). */
  liveLogic?: typeof liveMachine;
}

export function AppProviders({ queryClient, router, liveLogic: givenLiveLogic }: AppProvidersProps) {
  // One live stream for the whole app, writing into this cache.
  const [liveLogic] = useState(() => givenLiveLogic ?? createLiveLogic(queryClient));
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LiveMachineContext.Provider logic={liveLogic} options={{ inspect }}>
          <CartMachineContext.Provider options={{ inspect }}>
            <TableMachineContext.Provider options={{ inspect }}>
              <RouterProvider router={router} />
            </TableMachineContext.Provider>
          </CartMachineContext.Provider>
        </LiveMachineContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
