// The kitchen's all-day counts on one line above the rail, most wanted first; what does not fit is behind "+N more",
// so a long list never pushes the rail (and its tickets) down unless the cook asks for it.
import { useLayoutEffect, useRef, useState } from 'react';
import type { AllDayCount } from '../../domain/kitchen';

interface Props {
  counts: readonly AllDayCount[];
  /** The station shown, if one is picked. */
  station: string | undefined;
  /** Whether the restaurant has stations: then a count for all of them names its station. */
  hasStations: boolean;
}

export function AllDayStrip({ counts, station, hasStations }: Props) {
  const [open, setOpen] = useState(false);
  // The index of the first count that does not fit on the line; undefined when all fit (or nothing can be measured).
  const [clippedFrom, setClippedFrom] = useState<number | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (open) return;
      const right = list.getBoundingClientRect().right;
      const items = [...list.children];
      const first = items.findIndex((item) => item.getBoundingClientRect().right > right + 0.5);
      setClippedFrom(first < 0 ? undefined : first);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    measure();
    return () => observer.disconnect();
  }, [counts, open]);

  const hidden = clippedFrom === undefined ? 0 : counts.length - clippedFrom;
  return (
    <section className="kitchen__allday" aria-labelledby="allday-title" data-testid="all-day">
      <h2 id="allday-title">All day{station ? ` (${station})` : ''}</h2>
      {counts.length === 0 ? (
        <p className="kitchen__empty">Nothing waiting.</p>
      ) : (
        <>
          <ul ref={listRef} id="allday-list" className={open ? 'is-open' : undefined}>
            {counts.map((count, index) => (
              <li
                key={`${count.station}/${count.menu_id}`}
                data-clipped={!open && clippedFrom !== undefined && index >= clippedFrom ? '' : undefined}
              >
                <strong>{count.quantity}</strong> {count.name}
                {station === undefined && hasStations ? (
                  <span className="kitchen__muted"> ({count.station})</span>
                ) : null}
              </li>
            ))}
          </ul>
          {(open || hidden > 0) && (
            <button
              type="button"
              className="staff-link kitchen__allday-toggle"
              aria-expanded={open}
              aria-controls="allday-list"
              onClick={() => setOpen(!open)}
            >
              {open ? 'Show fewer' : `+${hidden} more`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
