// A small banner while the device is offline: the screens keep working from cached data.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/i18n';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );
}

export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="offline-banner-region">
      {!online && <p className="offline-banner">{t('offline.banner')}</p>}
    </div>
  );
}
