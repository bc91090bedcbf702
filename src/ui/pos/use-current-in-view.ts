// Scrolls a horizontally scrolling list of links so its current one (aria-current) is visible, without moving the page.
// The list must be positioned (position: relative), so the links' offsets are measured from it.
import { useLayoutEffect, useRef } from 'react';

export function useCurrentInView<T extends HTMLElement>(currentKey: unknown) {
  const list = useRef<T>(null);
  useLayoutEffect(() => {
    const container = list.current;
    const current = container?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!container || !current || container.scrollWidth <= container.clientWidth) return;
    // Only the list scrolls (scrollIntoView would move the page too, say when the list is out of sight). The list is
    // positioned, so offsets are measured within its scrolling content.
    const from = current.offsetLeft;
    const to = from + current.offsetWidth;
    if (from < container.scrollLeft) container.scrollLeft = from - 8;
    else if (to > container.scrollLeft + container.clientWidth) container.scrollLeft = to - container.clientWidth + 8;
  }, [currentKey]);
  return list;
}
