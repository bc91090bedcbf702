// `/staff`: the restaurant's console, its own chunks, never loaded on the guests' path.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StaffLayout } from '../ui/staff/staff-layout';
import { loadLaterMessages } from '../ui/i18n/i18n';

export const Route = createFileRoute('/staff')({
  // The screen's messages are past the menu's first screen (src/ui/i18n/catalog-parts.ts).
  loader: () => loadLaterMessages(),
  component: StaffRoute,
});

function StaffRoute() {
  return (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  );
}
