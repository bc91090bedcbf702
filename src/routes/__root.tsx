// The root route: the shell around every path, and the not-found page for paths nothing else matches.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { useLaterMessages } from '../ui/i18n/i18n';
import { GuestLive } from '../ui/live/guest-live';
import { ScreenLoader } from '../ui/loader/screen-loader';
import { LazyNotFoundPage } from '../ui/not-found/lazy-not-found-page';
import { AppLayout } from '../ui/shell/app-layout';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: LazyNotFoundPage,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The restaurant's console has its own frame and its own stream: none of the guests' header, cart, table, stream or
  // messages.
  const inConsole = /^\/staff(\/|$)/.test(pathname);
  // Every guests' screen but the menu shows messages past its first screen (src/ui/i18n/catalog-parts.ts).
  const ready = useLaterMessages(!inConsole && pathname !== '/');
  if (inConsole) return <Outlet />;
  return (
    <GuestLive>
      <AppLayout>{ready ? <Outlet /> : <ScreenLoader />}</AppLayout>
    </GuestLive>
  );
}
