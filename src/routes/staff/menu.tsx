// `/staff/menu`: dishes, sold out and prep minutes.
import { createFileRoute } from '@tanstack/react-router';
import { MenuScreen } from '../../ui/staff/menu-screen';

export const Route = createFileRoute('/staff/menu')({
  component: MenuScreen,
});
