// `/staff`: the kitchen board.
import { createFileRoute } from '@tanstack/react-router';
import { KitchenBoard } from '../../ui/staff/kitchen-board';

export const Route = createFileRoute('/staff/')({
  component: KitchenBoard,
});
