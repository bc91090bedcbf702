// A slim bar at the top of the page while the router loads the next screen.
import { useRouterState } from '@tanstack/react-router';
import { t } from '../i18n/i18n';

export function NavProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  if (!loading) return null;
  return (
    <div className="nav-progress" data-testid="nav-progress" role="progressbar" aria-label={t('shell.loadingPage')} />
  );
}
