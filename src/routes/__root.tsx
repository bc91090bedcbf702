// The root route: the guests' layout (_guest) and the console (staff) below it, and the not-found page, in the guests'
// frame, for paths neither has.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { LazyNotFoundPage } from '../ui/not-found/lazy-not-found-page';
import { GuestFrame } from '../ui/shell/guest-frame';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <GuestFrame>
      <LazyNotFoundPage />
    </GuestFrame>
  );
}
