// `/staff/menu-import`: the menu's import and export (managers).
import { createFileRoute } from '@tanstack/react-router';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { MenuImportScreen } from '../../ui/staff/menu-editor/menu-import-screen';

export const Route = createFileRoute('/staff/menu-import')({
  component: () => (
    <ManagersOnly>
      <MenuImportScreen />
    </ManagersOnly>
  ),
});
