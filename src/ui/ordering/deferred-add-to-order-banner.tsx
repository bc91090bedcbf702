// The add-to-order banner in its own chunk: only add-to-order mode (`add_to` in the URL) shows it, never the plain menu.
import { Suspense } from 'react';
import { lazyScreen } from '../lazy-screen';
import { useAddToOrderId } from './use-add-items';

const Banner = lazyScreen(() => import('./add-to-order-banner'), 'AddToOrderBanner');

export const preloadAddToOrderBanner = Banner.preload;

export function DeferredAddToOrderBanner() {
  if (useAddToOrderId() === undefined) return null;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
