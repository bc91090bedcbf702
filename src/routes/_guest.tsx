// The guests' frame around their screens (header, cart, table, live stream, messages): a layout of the route tree,
// without a path of its own, which the console's routes are not under.
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { GuestFrame } from '../ui/shell/guest-frame';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The guests' first screen, shown before the rest of the catalog arrives (src/ui/i18n/catalog-parts.ts). */
    firstScreen?: boolean;
  }
}

export const Route = createFileRoute('/_guest')({
  component: GuestLayout,
});

function GuestLayout() {
  const firstScreen = useMatches({ select: (matches) => matches.at(-1)?.staticData.firstScreen === true });
  return (
    <GuestFrame laterMessages={!firstScreen}>
      <Outlet />
    </GuestFrame>
  );
}
