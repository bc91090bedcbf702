// Builds the app's router: the generated route tree plus the shell-wide loading, error and not-found screens.
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type AnyRoute, type RouterHistory } from '@tanstack/react-router';
import { routeTree as appRouteTree } from './route-tree.gen';
import { ScreenLoader } from './ui/loader/screen-loader';
import { LazyNotFoundPage } from './ui/not-found/lazy-not-found-page';
import { RouteError } from './ui/shell/route-error';

/** A screen that loads faster than this never flashes the loader. */
export const PENDING_DELAY_MS = 150;
/** Once shown, the loader stays this long so it reads as a picture, not a flicker. */
export const PENDING_MIN_MS = 400;

interface AppRouterOptions<TRouteTree extends AnyRoute> {
  queryClient: QueryClient;
  history?: RouterHistory;
  /** The app's generated tree unless a test brings its own screens. */
  routeTree?: TRouteTree;
}

export function createAppRouter<TRouteTree extends AnyRoute = typeof appRouteTree>({
  queryClient,
  history,
  routeTree = appRouteTree as unknown as TRouteTree,
}: AppRouterOptions<TRouteTree>) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPendingComponent: () => <ScreenLoader />,
    defaultPendingMs: PENDING_DELAY_MS,
    defaultPendingMinMs: PENDING_MIN_MS,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: LazyNotFoundPage,
    defaultPreload: 'intent',
    // TanStack Query owns freshness; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    // Every route change scrolls to the top (the router's resetScroll, on by default); no restoring of old positions.
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter<typeof appRouteTree>>;
  }
}
