// The app past the splash: server cache, cart and router. Its own chunk, fetched while the splash shows.
import { persistApiCache, queryClient } from './api/query-client';
import { AppProviders } from './app-providers';
import { createAppRouter } from './router';

const router = createAppRouter({ queryClient });

export function Shell() {
  return <AppProviders queryClient={queryClient} router={router} />;
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
