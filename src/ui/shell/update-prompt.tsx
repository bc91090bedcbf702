// "A new version is ready": a polite prompt with a Reload button; the app never reloads by itself, nor offers it mid-checkout.
import { useEffect, useSyncExternalStore } from 'react';
import { canOfferUpdate, reloadToUpdate, startServiceWorker, subscribeToAppUpdate } from './app-update';

export function UpdatePrompt() {
  const offer = useSyncExternalStore(subscribeToAppUpdate, canOfferUpdate, () => false);
  useEffect(() => startServiceWorker(), []);
  return (
    <div role="status" className="update-prompt-region">
      {offer && (
        <p className="update-prompt">
          A new version is ready.{' '}
          <button type="button" className="update-prompt__reload" onClick={reloadToUpdate}>
            Reload
          </button>
        </p>
      )}
    </div>
  );
}
