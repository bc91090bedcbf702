// `/staff/accounts`: staff accounts (managers).
import { createFileRoute } from '@tanstack/react-router';
import { AccountsScreen } from '../../ui/staff/accounts-screen';
import { ManagersOnly } from '../../ui/staff/staff-layout';

export const Route = createFileRoute('/staff/accounts')({
  component: () => (
    <ManagersOnly>
      <AccountsScreen />
    </ManagersOnly>
  ),
});
