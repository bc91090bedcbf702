// How many tickets fit the rail without scrolling: columns of a ticket's width, rows down to the window's bottom.
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A ticket's least width, the rail's row (a small step: a ticket spans as many as its own height needs, so it is as
 * tall as what it holds) and the gap between tickets, in CSS pixels (kept in step with staff.css).
 */
export const TICKET_BOX = { width: 236, row: 8, gap: 8 };
/** Room kept under the rail for the pager line. */
const BELOW_RAIL = 56;

export interface RailGrid {
  columns: number;
  rows: number;
}

/** The grid of a rail `width` × `height` CSS pixels: columns of tickets, and rows of the small step. */
export function railGrid(width: number, height: number): RailGrid {
  return {
    columns: Math.max(1, Math.floor((width + TICKET_BOX.gap) / (TICKET_BOX.width + TICKET_BOX.gap))),
    // The gap under each ticket is its own margin, inside the rows it spans: the last one's may fall off the bottom.
    rows: Math.max(20, Math.floor((height + TICKET_BOX.gap) / TICKET_BOX.row)),
  };
}

/** When the rail cannot be measured (no layout, as in component tests): a 1024×768 tablet's rail. */
const FALLBACK: RailGrid = railGrid(1008, 560);

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
      const { columns, rows } = railGrid(width, height);
      element.style.setProperty('--rail-columns', String(columns));
      element.style.setProperty('--rail-rows', String(rows));
      setGrid((previous) => (previous.columns === columns && previous.rows === rows ? previous : { columns, rows }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // What sits above the rail can grow (the bar wrapping onto a second line): the rail's box then grows too.
    if (element.parentElement) observer.observe(element.parentElement);
    // What appears above its section (the session warning over the console) moves the rail without resizing either
    // box; the page's height changes then.
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    measure();
    cleanup.current = () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return { ref, grid };
}
