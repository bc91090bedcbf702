// `/staff`: the restaurant's console, its own chunks, never loaded on the guests' path.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { StaffLayout } from '../ui/staff/staff-layout';

export const Route = createFileRoute('/staff')({
  component: StaffRoute,
});

function StaffRoute() {
  return (
    <StaffLayout>
      <Outlet />
    </StaffLayout>
  );
}
