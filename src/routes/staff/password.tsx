// `/staff/password`: change my password (anyone signed in).
import { createFileRoute } from '@tanstack/react-router';
import { PasswordScreen } from '../../ui/staff/password-screen';

export const Route = createFileRoute('/staff/password')({
  component: PasswordScreen,
});
