// `/staff/printers`: stations' timers and the ticket printers (managers).
import { createFileRoute } from '@tanstack/react-router';
import { PrintersScreen } from '../../ui/staff/printers-screen';
import { ManagersOnly } from '../../ui/staff/staff-layout';

export const Route = createFileRoute('/staff/printers')({
  component: () => (
    <ManagersOnly>
      <PrintersScreen />
    </ManagersOnly>
  ),
});
