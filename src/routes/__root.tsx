// The root route: the shell around every path, and the not-found page for paths nothing else matches.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { GuestLive } from '../ui/live/guest-live';
import { NotFoundPage } from '../ui/not-found/not-found-page';
import { AppLayout } from '../ui/shell/app-layout';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  // The restaurant's console has its own frame and its own stream: none of the guests' header, cart, table or stream.
  const inConsole = useRouterState({ select: (state) => /^\/staff(\/|$)/.test(state.location.pathname) });
  if (inConsole) return <Outlet />;
  return (
    <GuestLive>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </GuestLive>
  );
}
