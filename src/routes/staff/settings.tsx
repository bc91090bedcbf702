// `/staff/settings`: the restaurant's profile (managers).
import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../ui/staff/settings-screen';
import { ManagersOnly } from '../../ui/staff/staff-layout';

export const Route = createFileRoute('/staff/settings')({
  component: () => (
    <ManagersOnly>
      <SettingsScreen />
    </ManagersOnly>
  ),
});
