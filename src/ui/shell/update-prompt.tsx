// "A new version is ready": a polite prompt with a Reload button; the app never reloads by itself, nor offers it mid-checkout.
import { useEffect, useSyncExternalStore } from 'react';
import { canOfferUpdate, reloadToUpdate, startServiceWorker, subscribeToAppUpdate } from './app-update';
import { t } from '../i18n/i18n';

export function UpdatePrompt() {
  const offer = useSyncExternalStore(subscribeToAppUpdate, canOfferUpdate, () => false);
  useEffect(() => startServiceWorker(), []);
  return (
    <div role="status" className="update-prompt-region">
      {offer && (
        <p className="update-prompt">
          {t('update.ready')}{' '}
          <button type="button" className="update-prompt__reload" onClick={reloadToUpdate}>
            {t('update.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
