// How many tickets fit the rail without scrolling: columns of a ticket's width, rows down to the window's bottom.
import { useCallback, useEffect, useRef, useState } from 'react';

/** A ticket's least width and a row's height in CSS pixels, with the gap between (kept in step with staff.css). */
export const TICKET_BOX = { width: 236, height: 160, gap: 8 };
/** Room kept under the rail for the pager line. */
const BELOW_RAIL = 56;

export interface RailGrid {
  columns: number;
  rows: number;
}

/** When the rail cannot be measured (no layout, as in component tests): a 1024×768 tablet's grid. */
const FALLBACK: RailGrid = { columns: 4, rows: 3 };

export function useRailGrid(): { ref: (element: HTMLElement | null) => void; grid: RailGrid } {
  const [grid, setGrid] = useState(FALLBACK);
  const cleanup = useRef<(() => void) | null>(null);

  useEffect(() => () => cleanup.current?.(), []);

  const ref = useCallback((element: HTMLElement | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = element.clientWidth;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const height = window.innerHeight - top - BELOW_RAIL;
      if (width === 0) return;
      const columns = Math.max(1, Math.floor((width + TICKET_BOX.gap) / (TICKET_BOX.width + TICKET_BOX.gap)));
      const rows = Math.max(2, Math.floor((height + TICKET_BOX.gap) / (TICKET_BOX.height + TICKET_BOX.gap)));
      element.style.setProperty('--rail-columns', String(columns));
      element.style.setProperty('--rail-rows', String(rows));
      setGrid((previous) => (previous.columns === columns && previous.rows === rows ? previous : { columns, rows }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // What sits above the rail can grow (the bar wrapping onto a second line): the rail's box then grows too.
    if (element.parentElement) observer.observe(element.parentElement);
    window.addEventListener('resize', measure);
    measure();
    cleanup.current = () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return { ref, grid };
}
