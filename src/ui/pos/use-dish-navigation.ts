// Opening and closing a dish's details through `menu_id` in the URL, so a dish is a shareable link and Back closes it.
import { useNavigate, useRouter, type ParsedLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

/** The search of a location without `menu_id`, to tell "only the open dish changed" from real moves. */
function withoutDish(location: ParsedLocation): string {
  const { menu_id: _menuId, ...rest } = location.search as Record<string, unknown>;
  return `${location.pathname}?${JSON.stringify(rest)}`;
}

export function useDishNavigation() {
  const router = useRouter();
  const navigate = useNavigate({ from: '/' });
  // The address of the dish opened from the list on this page, just in front of the list's entry; a deep link has none.
  const openedOver = useRef<string | undefined>(undefined);

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
      openedOver.current = router.buildLocation({ to: '/', search: (prev) => ({ ...prev, menu_id: menuId }) }).href;
      void navigate({ search: (prev) => ({ ...prev, menu_id: menuId }), resetScroll: false });
    },
    [navigate, router],
  );

  const closeDish = useCallback(() => {
    // Still on the entry this page pushed (Back and Forward may have left and come back to it): the list is behind it.
    if (openedOver.current !== undefined && router.state.location.href === openedOver.current) {
      // Opened from the list just behind: stepping back leaves no dead entry, so Back later goes where the guest expects.
      openedOver.current = undefined;
      router.history.back();
    } else {
      void navigate({ search: (prev) => ({ ...prev, menu_id: undefined }), replace: true, resetScroll: false });
    }
  }, [navigate, router]);

  return { openDish, closeDish };
}
