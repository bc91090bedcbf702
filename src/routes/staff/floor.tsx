// `/staff/floor`: the front of house, for every member of staff (the till for waiters and managers).
import { createFileRoute } from '@tanstack/react-router';
import { FloorScreen } from '../../ui/staff/floor-screen';

export const Route = createFileRoute('/staff/floor')({
  component: FloorScreen,
});
