// The frame's notices that no guest sees before the first tap, a new version and an order placed elsewhere, in a chunk
// of their own: it follows the first screen at the browser's first idle moment instead of sharing a slow line with it.
import { Suspense } from 'react';
import { lazyScreen } from '../lazy-screen';
import { useIdleAfterFirstScreen } from '../when-idle';

const updatePrompt = lazyScreen(() => import('./update-prompt'), 'UpdatePrompt');
const placedOrderNotice = lazyScreen(() => import('./placed-order-notice'), 'PlacedOrderNotice');

function deferred(Piece: typeof updatePrompt) {
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

export const DeferredUpdatePrompt = deferred(updatePrompt);
export const DeferredPlacedOrderNotice = deferred(placedOrderNotice);
