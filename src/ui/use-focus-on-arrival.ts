// Arriving on a screen by a route change puts keyboard and screen-reader users at its heading, as a page load would,
// unless a dialog opened over the screen already holds the focus (a dish's link opens with its dialog). The first
// screen of a page load is left to the browser (Tab starts at "Skip to content"), unless it asks otherwise.
import { useRouter } from '@tanstack/react-router';
import { useEffect, type RefObject } from 'react';

/** Each router's first screen heading: the page load's own arrival, whatever effects run again on it. */
const firstHeading = new WeakMap<object, HTMLElement>();

export function useFocusOnArrival(
  heading: RefObject<HTMLElement | null>,
  { onPageLoad = false }: { onPageLoad?: boolean } = {},
) {
  const router = useRouter();
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    if (!firstHeading.has(router)) firstHeading.set(router, element);
    if (firstHeading.get(router) === element && !onPageLoad) return;
    if (document.activeElement?.closest('dialog, [role="dialog"], [aria-modal="true"]')) return;
    // The router scrolls a new screen to the top; focusing must not scroll it elsewhere.
    element.focus({ preventScroll: true });
  }, [heading, router, onPageLoad]);
}
