// `/staff/day`: the day's figures (managers).
import { createFileRoute } from '@tanstack/react-router';
import { ManagersOnly } from '../../ui/staff/staff-layout';
import { DayScreen } from '../../ui/staff/day-screen';

export const Route = createFileRoute('/staff/day')({
  component: () => (
    <ManagersOnly>
      <DayScreen />
    </ManagersOnly>
  ),
});
