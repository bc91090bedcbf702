// "Call the waiter" and the name prompt on the menu, in chunks of their own with their dialog: the first tap needs
// neither, so they follow the first screen at the browser's first idle moment instead of sharing a slow line with it.
import { Suspense } from 'react';
import { lazyScreen } from '../lazy-screen';
import { useIdleAfterFirstScreen } from '../when-idle';

const callWaiter = lazyScreen(() => import('./call-waiter'), 'CallWaiter');
const guestNamePrompt = lazyScreen(() => import('./guest-name-prompt'), 'GuestNamePrompt');

function deferred(Piece: typeof callWaiter) {
  return function Deferred() {
    const shown = useIdleAfterFirstScreen(Piece.isLoaded());
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Piece />
      </Suspense>
    );
  };
}

export const DeferredCallWaiter = deferred(callWaiter);
export const DeferredGuestNamePrompt = deferred(guestNamePrompt);
