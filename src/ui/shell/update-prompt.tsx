// "A new version is ready": a polite prompt with a Reload button; the app never reloads by itself, nor offers it mid-checkout.
import { useEffect, useSyncExternalStore } from 'react';
import { canOfferUpdate, startServiceWorker, subscribeToAppUpdate } from './app-update';
import { preloadFrameNotices, UpdateOfferPiece } from './frame-notice-pieces';
import { whenIdleAfterFirstScreen } from '../when-idle';

export function UpdatePrompt() {
  const offer = useSyncExternalStore(subscribeToAppUpdate, canOfferUpdate, () => false);
  useEffect(() => startServiceWorker(), []);
  // The frame's notices are fetched once the first screen is idle, so the first one shows at once.
  useEffect(() => whenIdleAfterFirstScreen(preloadFrameNotices), []);
  // The live region is there from the start, so that the offer is read out when it appears in it.
  return (
    <div role="status" className="update-prompt-region">
      {offer && <UpdateOfferPiece />}
    </div>
  );
}
