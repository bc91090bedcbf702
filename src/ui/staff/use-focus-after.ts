// Focus after an action: a control that an action removes or disables (a bumped ticket, an acknowledged banner's
// button, a refund form that closes) drops the keyboard's focus to <body>, so the next Tab starts the page over.
import { useCallback, useEffect, useRef, useState } from 'react';

type Find = () => HTMLElement | null | undefined;

interface Pending {
  find: Find;
  /** Focus moves only from inside it (or from nowhere): someone who has gone on elsewhere is left there. */
  from: () => Element | null | undefined;
}

function focusIsIn(from: Element | null | undefined): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  // A focused control that became disabled no longer takes keys, though some browsers still report it.
  if (active.matches(':disabled')) return true;
  return from?.contains(active) ?? false;
}

/**
 * `focusAfter(find, from)` moves focus to what `find` answers after this component's next render that has it (the
 * list is often updated a moment later), if focus is then lost or still inside `from`.
 */
export function useFocusAfter(): (find: Find, from?: () => Element | null | undefined) => void {
  const pending = useRef<Pending | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const next = pending.current;
    if (!next) return;
    const target = next.find();
    if (!target) return;
    pending.current = null;
    if (focusIsIn(next.from())) target.focus();
  });
  return useCallback((find: Find, from: () => Element | null | undefined = () => null) => {
    pending.current = { find, from };
    rerender((count) => count + 1);
  }, []);
}
