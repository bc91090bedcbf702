// Ordered dishes' and choices' names in the guest's language, for the guest's screens of placed orders.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { cachedDishNames, type DishNames } from '../../api/menu-names';
import { menuQuery } from '../../api/queries';
import { useRestaurant } from '../restaurant/restaurant';
import { currentLanguage } from './i18n';

const NONE: Readonly<Record<number, DishNames>> = {};

/**
 * The menu's names in the guest's language for the dishes among `menuIds`, for `withDishNames` (api/menu-names.ts):
 * order lines carry the restaurant's names, which the kitchen reads. Taken from the menu answers this device has for
 * the language; when one of the dishes is in none, the whole menu is asked for once. In the restaurant's own language
 * the lines' names are the menu's already, and nothing is looked up.
 */
export function useDishNames(menuIds: readonly number[]): Readonly<Record<number, DishNames>> {
  const client = useQueryClient();
  const language = currentLanguage();
  const own = language === useRestaurant().formats.ownLanguage;
  const idsKey = own ? '' : [...new Set(menuIds)].sort((a, b) => a - b).join(',');
  const ids = useMemo(() => new Set(idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  // A string, so an unchanged answer is the same snapshot and nothing re-renders.
  const snapshot = useSyncExternalStore(subscribe, () =>
    ids.size === 0 ? '' : JSON.stringify(cachedDishNames(client, language, ids)),
  );
  const names = useMemo(() => (snapshot ? (JSON.parse(snapshot) as Record<number, DishNames>) : NONE), [snapshot]);
  // A dish still missing once the whole menu is in (taken off since) keeps the order's name; it is not asked again.
  useQuery({ ...menuQuery({}, language), enabled: [...ids].some((id) => !(id in names)) });
  return names;
}
