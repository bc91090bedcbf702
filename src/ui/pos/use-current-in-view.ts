// Scrolls a horizontally scrolling list of links so its current one (aria-current) is visible, without moving the page.
// The list must be positioned (position: relative), so the links' offsets are measured from it.
import { useLayoutEffect, useRef } from 'react';

function scrollCurrentIntoView(container: HTMLElement) {
  const current = container.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || container.scrollWidth <= container.clientWidth) return;
  // Only the list scrolls (scrollIntoView would move the page too, say when the list is out of sight). The list is
  // positioned, so offsets are measured within its scrolling content.
  const from = current.offsetLeft;
  const to = from + current.offsetWidth;
  if (from < container.scrollLeft) container.scrollLeft = from - 8;
  else if (to > container.scrollLeft + container.clientWidth) container.scrollLeft = to - container.clientWidth + 8;
}

export function useCurrentInView<T extends HTMLElement>(currentKey: unknown) {
  const list = useRef<T>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const container = list.current;
    if (!container) return;
    if (mounted.current) return scrollCurrentIntoView(container);
    mounted.current = true;
    // On mount the whole screen is new: measuring now would lay it out inside React's commit (on a phone, a long task
    // after the splash in Lighthouse's trace). Once the browser has laid it out for its first frame, measuring is free.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => scrollCurrentIntoView(container));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [currentKey]);
  return list;
}
