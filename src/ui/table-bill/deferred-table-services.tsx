// "Call the waiter" and the name prompt on the menu, in chunks of their own with their dialog: the first tap needs
// neither, so they follow the first screen at the browser's first idle moment instead of sharing a slow line with it.
import { Suspense } from 'react';
import { withLaterMessages } from '../i18n/i18n';
import { preloadable } from '../preloadable';
import { useIdleAfterFirstScreen } from '../when-idle';

const callWaiter = preloadable(withLaterMessages(() => import('./call-waiter').then((module) => module.CallWaiter)));
const guestNamePrompt = preloadable(
  withLaterMessages(() => import('./guest-name-prompt').then((module) => module.GuestNamePrompt)),
);

function deferred(piece: typeof callWaiter) {
  return function Deferred() {
    const shown = useIdleAfterFirstScreen(piece.isLoaded());
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <piece.Component />
      </Suspense>
    );
  };
}

export const DeferredCallWaiter = deferred(callWaiter);
export const DeferredGuestNamePrompt = deferred(guestNamePrompt);
