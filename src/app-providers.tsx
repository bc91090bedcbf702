// The providers every screen runs inside: server cache, cart and table machines, router. Shared by the app and its tests.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { CartMachineContext } from './machines/cart.context';
import { inspect } from './machines/inspect';
import { TableMachineContext } from './machines/table.context';

export function AppProviders({ queryClient, router }: { queryClient: QueryClient; router: AnyRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CartMachineContext.Provider options={{ inspect }}>
        <TableMachineContext.Provider options={{ inspect }}>
          <RouterProvider router={router} />
        </TableMachineContext.Provider>
      </CartMachineContext.Provider>
    </QueryClientProvider>
  );
}
