// The providers every screen runs inside: server cache, cart machine, router. Shared by the app and its tests.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { CartMachineContext } from './machines/cart.context';
import { inspect } from './machines/inspect';

export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CartMachineContext.Provider options={{ inspect }}>
        <RouterProvider router={router} />
      </CartMachineContext.Provider>
    </QueryClientProvider>
  );
}
