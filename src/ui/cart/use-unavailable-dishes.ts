// Which of the cart's dishes the cached menu now says are sold out: live `menu` events keep that cache current.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { menuQueriesKey } from '../../api/queries';
import { STALE_TIME_MS } from '../../api/query-client';
import type { MenuItem } from '../../api/schemas';

/** For each dish asked about, its availability in the most recently updated cached menu answer holding it. */
function soldOutAmong(client: QueryClient, ids: ReadonlySet<number>): number[] {
  const latest = new Map<number, { at: number; available: boolean }>();
  for (const query of client.getQueryCache().findAll({ queryKey: menuQueriesKey })) {
    const items = query.state.data as MenuItem[] | undefined;
    if (!Array.isArray(items)) continue;
    const at = query.state.dataUpdatedAt;
    for (const item of items) {
      if (!ids.has(item.id)) continue;
      const known = latest.get(item.id);
      if (!known || known.at <= at) latest.set(item.id, { at, available: item.available });
    }
  }
  return [...latest].filter(([, { available }]) => !available).map(([id]) => id);
}

/**
 * The dishes among `menuIds` that are sold out as far as this device knows, updated as the cache changes. The cached
 * answers that say so are fetched again when stale, so an old "sold out" from before does not block the guest.
 */
export function useUnavailableDishes(menuIds: readonly number[]): ReadonlySet<number> {
  const client = useQueryClient();
  const idsKey = [...new Set(menuIds)].sort((a, b) => a - b).join(',');
  const ids = useMemo(() => new Set(idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  // A string, so an unchanged answer is the same snapshot and nothing re-renders.
  const soldOutKey = useSyncExternalStore(subscribe, () =>
    soldOutAmong(client, ids)
      .sort((a, b) => a - b)
      .join(','),
  );

  useEffect(() => {
    if (!soldOutKey) return;
    const soldOut = new Set(soldOutKey.split(',').map(Number));
    void client.refetchQueries({
      queryKey: menuQueriesKey,
      type: 'all',
      // By age, not isStale(): a list no screen shows right now counts as fresh however old it is.
      predicate: (query) =>
        query.isStaleByTime(STALE_TIME_MS) &&
        Array.isArray(query.state.data) &&
        (query.state.data as MenuItem[]).some((item) => soldOut.has(item.id)),
    });
  }, [client, soldOutKey]);

  return useMemo(() => new Set(soldOutKey ? soldOutKey.split(',').map(Number) : []), [soldOutKey]);
}
