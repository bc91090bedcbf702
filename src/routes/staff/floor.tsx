// `/staff/floor`: tables, their QR codes and keys (managers).
import { createFileRoute } from '@tanstack/react-router';
import { FloorScreen } from '../../ui/staff/floor-screen';
import { ManagersOnly } from '../../ui/staff/staff-layout';

export const Route = createFileRoute('/staff/floor')({
  component: () => (
    <ManagersOnly>
      <FloorScreen />
    </ManagersOnly>
  ),
});
