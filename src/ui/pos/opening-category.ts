// Which category `/` shows: the rule in one place, used by the route before it renders, by the screen once the data
// arrives, and by the loader to fetch the right dishes early.
import type { QueryClient } from '@tanstack/react-query';
import { menuQueriesKey, menuQuery } from '../../api/queries';
import type { MenuItem } from '../../../contract/guest';

export { firstCategory, openingCategory, type OpeningRequest } from './opening-rule';

/** A dish already in the cache: its own answer, or any list it appears in. */
export function cachedDish(queryClient: QueryClient, menuId: number): MenuItem | undefined {
  const own = queryClient.getQueryData(menuQuery({ menu_id: menuId }).queryKey)?.[0];
  if (own) return own;
  for (const [, items] of queryClient.getQueriesData<MenuItem[]>({ queryKey: menuQueriesKey })) {
    const found = items?.find((item) => item.id === menuId);
    if (found) return found;
  }
  return undefined;
}
