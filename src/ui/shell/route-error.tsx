// Shown when a screen fails to load (its code or its data): the reason in plain words and a Retry. A screen whose files
// could not be downloaded says when the device is offline, and tries again by itself once it is back online.
import { onlineManager } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, referenceOf } from '../../api/errors';
import { describeApiError } from '../feedback/error-text';
import { ErrorReference } from '../feedback/error-reference';
import { useOnline } from '../feedback/offline-banner';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { isAssetLoadError, reloadFailedStyles } from './asset-recovery';
import { t } from '../i18n/i18n';

// A device says it is online a moment before its connection carries requests, so the first try after a reconnection
// can fail too. A screen whose files failed then keeps trying by itself, a second apart, for a while after the
// network came back; after that it waits for Retry.
export const RETRY_AFTER_RECONNECT = { everyMs: 1000, forMs: 15_000 };
let reconnectedAt = Number.NEGATIVE_INFINITY;
onlineManager.subscribe((online) => {
  if (online) reconnectedAt = Date.now();
});
const justReconnected = () => Date.now() - reconnectedAt < RETRY_AFTER_RECONNECT.forMs;

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const retrying = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const networkFailure = isAssetLoadError(error) || (error instanceof ApiError && error.kind === 'fetch');

  const retry = useCallback(async () => {
    if (retrying.current) return;
    retrying.current = true;
    try {
      // The screen's styles first: once its code arrives it renders at once, and must not render unstyled.
      await reloadFailedStyles();
      reset();
      await router.invalidate();
    } catch {
      // Still unreachable: this screen stays, and the next Retry (or reconnection) tries again.
    } finally {
      retrying.current = false;
    }
  }, [reset, router]);

  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && networkFailure) void retry();
  }, [online, networkFailure, retry]);

  useEffect(() => {
    if (!networkFailure || !online || !justReconnected()) return;
    const timer = setInterval(() => {
      if (justReconnected()) void retry();
      else clearInterval(timer);
    }, RETRY_AFTER_RECONNECT.everyMs);
    return () => clearInterval(timer);
  }, [online, networkFailure, retry]);

  return (
    <section className="route-error" role="alert">
      <h1 ref={heading} tabIndex={-1}>
        {t('routeError.title')}
      </h1>
      <p>{reasonFor(error, online)}</p>
      <ErrorReference id={referenceOf(error)} />
      <button type="button" className="button button--primary" onClick={() => void retry()}>
        {t('common.retry')}
      </button>
    </section>
  );
}

function reasonFor(error: unknown, online: boolean): string {
  if (!isAssetLoadError(error)) return describeApiError(error);
  if (!online) return t('routeError.offline');
  return t('routeError.partial');
}
