// The add-to-order banner in its own chunk: only add-to-order mode (`add_to` in the URL) shows it, never the plain menu.
import { Suspense } from 'react';
import { preloadable } from '../preloadable';
import { useAddToOrderId } from './use-add-items';

const banner = preloadable(() => import('./add-to-order-banner').then((module) => module.AddToOrderBanner));

export const preloadAddToOrderBanner = banner.preload;

export function DeferredAddToOrderBanner() {
  const Banner = banner.Component;
  if (useAddToOrderId() === undefined) return null;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
