// Dishes matching the search box: across the whole menu once it is loaded, across the section on screen until then.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { MenuFilter } from '../../api/calls';
import { menuQuery } from '../../api/queries';
import type { MenuItem } from '../../api/schemas';
import { EmptyState } from '../feedback/empty-state';
import { useAnnounce } from '../feedback/live-announcer';
import { MenuList, type DishLinkSearch } from './menu-list';
import { matchDishes } from './search-menu';
import { MenuSkeleton } from './menu-section';

interface SearchResultsProps {
  query: string;
  /** The section on screen, searched while the whole menu is on its way (or can't be had, say offline). */
  sectionFilter: MenuFilter | undefined;
  sectionName: string | undefined;
  linkSearch: DishLinkSearch;
  onOpen: (menuId: number) => void;
  onClear: () => void;
}

const NO_ITEMS: readonly MenuItem[] = [];

export function SearchResults({ query, sectionFilter, sectionName, linkSearch, onOpen, onClear }: SearchResultsProps) {
  const whole = useQuery(menuQuery({}));
  const section = useQuery({ ...menuQuery(sectionFilter ?? {}), enabled: sectionFilter !== undefined && !whole.data });
  const source = whole.data ?? (sectionFilter !== undefined ? section.data : undefined);
  const matches = useMemo(() => matchDishes(source ?? NO_ITEMS, query), [source, query]);
  const scope = whole.data ? 'on the menu' : sectionName ? `in ${sectionName}` : 'here';
  const count = matches.length;
  const status =
    source === undefined
      ? 'Searching…'
      : `${count === 0 ? 'No' : count} ${count === 1 ? 'dish matches' : 'dishes match'} “${query.trim()}” ${scope}`;

  // Said through the app's polite live region (mounted long before this list), so screen readers hear each new count.
  const announce = useAnnounce();
  useEffect(() => {
    if (source !== undefined) announce(status);
  }, [announce, source, status]);

  return (
    <section className="menu-section" aria-labelledby="menu-section-title">
      <h2 id="menu-section-title" className="menu-section__title">
        Search results
      </h2>
      <p className="search-status" data-testid="search-status">
        {status}
      </p>
      {source === undefined ? (
        <MenuSkeleton />
      ) : count === 0 ? (
        <EmptyState title="Nothing matches your search">
          <p className="empty-state__hint">Check the spelling, or try a shorter word.</p>
          <button type="button" className="button button--secondary" onClick={onClear}>
            Clear search
          </button>
        </EmptyState>
      ) : (
        <MenuList key={query} items={matches} linkSearch={linkSearch} onOpen={onOpen} />
      )}
    </section>
  );
}
