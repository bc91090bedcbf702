// The guests' frame around their screens (header, cart, table, live stream, messages): a layout of the route tree,
// without a path of its own, which the console's routes are not under.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { GuestFrame } from '../ui/shell/guest-frame';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The guests' first screen: a guest opening another screen first gets it preloaded (shell.tsx, warmUp). */
    firstScreen?: boolean;
  }
}

export const Route = createFileRoute('/_guest')({
  component: GuestLayout,
});

function GuestLayout() {
  return (
    <GuestFrame>
      <Outlet />
    </GuestFrame>
  );
}
