// Opening and closing a dish's details through `menu_id` in the URL, so a dish is a shareable link and Back closes it.
import { useNavigate, useRouter, type ParsedLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/** The search of a location without `menu_id`, to tell "only the open dish changed" from real moves. */
function withoutDish(location: ParsedLocation): string {
  const { menu_id: _menuId, ...rest } = location.search as Record<string, unknown>;
  return `${location.pathname}?${JSON.stringify(rest)}`;
}

function historyIndex(state: unknown): number | undefined {
  const index = (state as { __TSR_index?: unknown } | undefined)?.__TSR_index;
  return typeof index === 'number' ? index : undefined;
}

export function useDishNavigation() {
  const router = useRouter();
  const navigate = useNavigate({ from: '/' });
  // The history entry of the list the dish was opened from, when it was opened on this page; a deep link has none.
  const openedFrom = useRef<number | undefined>(undefined);

  // The router scrolls to the top on Back and Forward; opening or closing a dish must leave the list where it was.
  useEffect(() => {
    let keep: number | null = null;
    const offBefore = router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
      keep = fromLocation && withoutDish(fromLocation) === withoutDish(toLocation) ? window.scrollY : null;
    });
    const offRendered = router.subscribe('onRendered', () => {
      if (keep !== null && window.scrollY !== keep) window.scrollTo({ top: keep, left: 0 });
      keep = null;
    });
    return () => {
      offBefore();
      offRendered();
    };
  }, [router]);

  const openDish = useCallback(
    (menuId: number) => {
      openedFrom.current = historyIndex(router.history.location.state);
      void navigate({ search: (prev) => ({ ...prev, menu_id: menuId }), resetScroll: false });
    },
    [navigate, router],
  );

  const closeDish = useCallback(() => {
    const from = openedFrom.current;
    if (from !== undefined && historyIndex(router.history.location.state) === from + 1) {
      // Opened from the list just behind: stepping back leaves no dead entry, so Back later goes where the guest expects.
      router.history.back();
    } else {
      void navigate({ search: (prev) => ({ ...prev, menu_id: undefined }), replace: true, resetScroll: false });
    }
  }, [navigate, router]);

  return { openDish, closeDish };
}
