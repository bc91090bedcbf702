// The app past the splash: server cache, cart and router. Its own chunk, fetched while the splash shows.
import type { QueryClient } from '@tanstack/react-query';
import { loadHttpClient } from './api/client';
import { persistApiCache, queryClient } from './api/query-client';
import { AppProviders } from './app-providers';
import { restaurantQuery } from './api/queries';
import { bootLanguage, currentLanguage } from './device/language';
import { createAppRouter } from './router';
import { formatMoney } from './ui/format';
import { activateLanguage } from './ui/i18n/i18n';
import { applyCachedRestaurant } from './ui/restaurant/restaurant';
import { firstScreenPending, firstScreenSettled, whenIdleAfterFirstScreen, yieldToBrowser } from './ui/when-idle';

// Made on first use, not as this chunk is evaluated: the chunk's modules (the contract's schemas, the machines) and the
// router (its route tree processed, the history read) were one long task on a phone; the warm-up makes it a task later.
let appRouter: ReturnType<typeof createAppRouter> | undefined;
const getRouter = () => (appRouter ??= createAppRouter({ queryClient }));

export function Shell() {
  return <AppProviders queryClient={queryClient} router={getRouter()} />;
}

let persisting = false;

/** Resolves once no query is fetching (a query paused offline does not count). */
function whenFetched(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The guest's language, unless the restaurant does not offer it: then the best it does. True when it changed. */
async function offeredLanguage(): Promise<boolean> {
  const { languages } = applyCachedRestaurant(queryClient);
  if (languages.includes(currentLanguage())) return false;
  await activateLanguage(bootLanguage(languages));
  return true;
}

/**
 * Run during the splash: save the api cache from now on, then fetch the restaurant's profile and the current screen's
 * and the POS screen's code and data, side by side.
 */
export async function warmUp({ firstScreenCodeLoaded }: { firstScreenCodeLoaded?: () => void } = {}): Promise<void> {
  // What can wait (deferred chunks, the service worker) waits for this screen's data, not to share a slow network.
  firstScreenPending();
  try {
    await warmUpFirstScreen(firstScreenCodeLoaded);
  } finally {
    firstScreenSettled();
    // ky, for the calls after the first screen's reads (the early script sent those): fetched when the line is free.
    whenIdleAfterFirstScreen(() => void loadHttpClient().catch(() => {}));
  }
}

async function warmUpFirstScreen(firstScreenCodeLoaded: (() => void) | undefined): Promise<void> {
  if (!persisting) {
    persistApiCache();
    persisting = true;
  }
  // The profile restored with the cache already says which languages the restaurant offers.
  await offeredLanguage();
  await yieldToBrowser();
  const router = getRouter();
  // Its first load (matching, the loaders' starts) in a task of its own as well.
  await yieldToBrowser();
  // Beside the first screen's data, never after it: whenFetched below waits for both (unless paused offline).
  // Asked for again on every full load: the copy restored from storage may predate a change saved just before the
  // reload (writes to storage are throttled) and still count as fresh for 10 s.
  void queryClient.prefetchQuery({ ...restaurantQuery(), staleTime: 0 });
  await router.load();
  // What is not needed to order (the splash's player) may follow the first screen's code, beside its data.
  firstScreenCodeLoaded?.();
  // Loaders start their fetches without waiting for them. Once those are in, loading again lets the route decide
  // with the data (the POS opens on its first category), so the screen after the splash renders once, complete.
  // With everything already cached there is nothing to wait for and nothing new to decide with.
  if (queryClient.isFetching() > 0) {
    await whenFetched(queryClient);
    await offeredLanguage();
    await router.invalidate();
  }
  // A guests' screen other than the menu preloads the menu, where most taps lead; the console never needs it.
  const { matches } = router.state;
  const inConsole = matches.some((match) => match.routeId === '/staff');
  if (!inConsole && !matches.at(-1)?.staticData.firstScreen) await router.preloadRoute({ to: '/' });
  // The guest's money format, in the restaurant's currency, made once here rather than in the first screen's render.
  // What costs, ICU's number data, is loaded before the first paint by index.html; this task is what is left (under a
  // millisecond).
  await new Promise((resolve) => setTimeout(resolve));
  formatMoney(0);
}
