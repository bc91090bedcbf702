// Opening the app with an order queued offline: the cart comes first, where it is sent (or shown as still waiting).
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { readPendingOrder } from '../../device/pending-order';

/**
 * Once per opening of the app: the checkout that sends a queued order runs with the cart screen, and an installed app
 * reopens on the menu, so without this the order would wait until the guest happened to open the cart.
 */
export function useResumeQueuedOrder(): void {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (pathname === '/cart') return;
    if (readPendingOrder()?.unsent) void navigate({ to: '/cart', replace: true });
  }, [navigate, pathname]);
}
