// The root route: the shell around every path, and the not-found page for paths nothing else matches.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
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
  // The restaurant's console has its own frame: none of the guests' header, cart or table.
  const inConsole = useRouterState({ select: (state) => /^\/staff(\/|$)/.test(state.location.pathname) });
  if (inConsole) return <Outlet />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
