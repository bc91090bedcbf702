// `/staff/tables`: the tables editor and each table's QR code (managers).
import { createFileRoute } from '@tanstack/react-router';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { TablesScreen } from '../../ui/staff/tables-screen';

export const Route = createFileRoute('/staff/tables')({
  component: () => (
    <ManagersOnly>
      <TablesScreen />
    </ManagersOnly>
  ),
});
