// `/staff/audit`: who changed the menu, when and how (managers).
import { createFileRoute } from '@tanstack/react-router';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { MenuAuditScreen } from '../../ui/staff/menu-editor/menu-audit-screen';

export const Route = createFileRoute('/staff/audit')({
  component: () => (
    <ManagersOnly>
      <MenuAuditScreen />
    </ManagersOnly>
  ),
});
