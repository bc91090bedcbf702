// The app past the splash: server cache, cart and router. Its own chunk, fetched while the splash shows.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { persistApiCache, queryClient } from './api/query-client';
import { CartMachineContext } from './machines/cart.context';
import { inspect } from './machines/inspect';
import { createAppRouter } from './router';

const router = createAppRouter({ queryClient });

export function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <CartMachineContext.Provider options={{ inspect }}>
        <RouterProvider router={router} />
      </CartMachineContext.Provider>
    </QueryClientProvider>
  );
}

let persisting = false;

/** Run during the splash: save the api cache from now on, then fetch the current screen's and the POS screen's code and data. */
export async function warmUp(): Promise<void> {
  if (!persisting) {
    persistApiCache();
    persisting = true;
  }
  await router.load();
  if (router.state.location.pathname !== '/') await router.preloadRoute({ to: '/' });
}
