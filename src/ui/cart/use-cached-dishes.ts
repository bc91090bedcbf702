// The cart's dishes as the cached menu knows them now (live `menu` events keep it current): availability, allergens.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { menuQueriesKey } from '../../api/queries';
import { STALE_TIME_MS } from '../../api/query-client';
import type { MenuItem } from '../../../contract/guest';

/** What the cart needs of a dish: whether it can be had, and its declared allergens with its choices'. */
export interface CachedDish {
  available: boolean;
  allergens: readonly string[] | null | undefined;
  /** Each choice's own allergens, by choice id. */
  choiceAllergens: Record<number, readonly string[] | null | undefined>;
}

/** For each dish asked about, the most recently updated cached menu answer holding it. */
function latestDishes(client: QueryClient, ids: ReadonlySet<number>): Record<number, CachedDish> {
  const latest = new Map<number, { at: number; dish: CachedDish }>();
  for (const query of client.getQueryCache().findAll({ queryKey: menuQueriesKey })) {
    const items = query.state.data as MenuItem[] | undefined;
    if (!Array.isArray(items)) continue;
    const at = query.state.dataUpdatedAt;
    for (const item of items) {
      if (!ids.has(item.id)) continue;
      const known = latest.get(item.id);
      if (known && known.at > at) continue;
      const choiceAllergens: CachedDish['choiceAllergens'] = {};
      for (const group of item.options ?? [])
        for (const choice of group.choices) choiceAllergens[choice.id] = choice.allergens;
      latest.set(item.id, { at, dish: { available: item.available, allergens: item.allergens, choiceAllergens } });
    }
  }
  return Object.fromEntries([...latest].sort(([a], [b]) => a - b).map(([id, { dish }]) => [id, dish]));
}

/**
 * The dishes among `menuIds` this device has in its cached menu answers, updated as the cache changes. Answers that
 * say a cart dish is sold out are fetched again when stale, so an old "sold out" does not hold the guest's order.
 */
export function useCachedDishes(menuIds: readonly number[]): ReadonlyMap<number, CachedDish> {
  const client = useQueryClient();
  const idsKey = [...new Set(menuIds)].sort((a, b) => a - b).join(',');
  const ids = useMemo(() => new Set(idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  // A string, so an unchanged answer is the same snapshot and nothing re-renders.
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(latestDishes(client, ids)));
  const dishes = useMemo(
    () =>
      new Map(
        Object.entries(JSON.parse(snapshot) as Record<string, CachedDish>).map(([id, dish]) => [Number(id), dish]),
      ),
    [snapshot],
  );

  const soldOutKey = [...dishes]
    .filter(([, dish]) => !dish.available)
    .map(([id]) => id)
    .join(',');
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

  return dishes;
}
