// Arriving on a screen (any route change) puts keyboard and screen-reader users at its heading, as a page load would,
// unless a dialog opened over the screen already holds the focus (a dish's link opens with its dialog).
import { useEffect, type RefObject } from 'react';

export function useFocusOnArrival(heading: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (document.activeElement?.closest('dialog, [role="dialog"], [aria-modal="true"]')) return;
    // The router scrolls a new screen to the top; focusing must not scroll it elsewhere.
    heading.current?.focus({ preventScroll: true });
  }, [heading]);
}
