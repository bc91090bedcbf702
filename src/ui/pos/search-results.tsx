// Dishes matching the search box: across the whole menu once it is loaded, across the section on screen until then.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { MenuFilter } from '../../api/calls';
import { categoriesQuery, menuQuery, subCategoriesQuery } from '../../api/queries';
import type { MenuItem, SubCategory } from '../../../contract/guest';
import { applyDishFilter, isFiltering, NO_FILTER, type DishFilter } from '../dish-filter/dish-filter';
import { DishFilterStatus } from '../dish-filter/dish-filter-status';
import { EmptyState } from '../feedback/empty-state';
import { useAnnounce } from '../feedback/live-announcer';
import { LoadError } from '../feedback/load-error';
import { useOnline } from '../feedback/offline-banner';
import { MenuList, type DishLinkSearch } from './menu-list';
import { matchDishes, matchPlace, type MenuNames } from './search-menu';
import { MenuSkeleton } from './menu-section';
import { Trans } from '@lingui/react';
import { t } from '../i18n/i18n';

interface SearchResultsProps {
  query: string;
  /** The section on screen, searched while the whole menu is on its way (or can't be had, say offline). */
  sectionFilter: MenuFilter | undefined;
  sectionName: string | undefined;
  linkSearch: DishLinkSearch;
  /** The guest's allergen and diet filter: applied to the matches too. */
  dishFilter?: DishFilter;
  onOpen: (menuId: number) => void;
  onClear: () => void;
}

const NO_ITEMS: readonly MenuItem[] = [];

/** The names of categories and sections, so "pizza" or "soups" find their dishes: every section list cached so far
 * (offline, those of the categories visited), completed by the whole list once it arrives. */
function useMenuNames(): MenuNames {
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery());
  const allSections = useQuery(subCategoriesQuery());
  return useMemo(() => {
    const sections = new Map<number, { name: string; categoryId: number }>();
    const cached = queryClient.getQueriesData<SubCategory[]>({ queryKey: ['sub-categories'] });
    for (const list of [...cached.map(([, data]) => data), allSections.data])
      for (const section of list ?? [])
        sections.set(section.id, { name: section.name, categoryId: section.category_id });
    const names = new Map((categories.data ?? []).map((category) => [category.id, category.name] as const));
    return { categories: names, sections };
  }, [queryClient, categories.data, allSections.data]);
}

export function SearchResults({
  query,
  sectionFilter,
  sectionName,
  linkSearch,
  dishFilter = NO_FILTER,
  onOpen,
  onClear,
}: SearchResultsProps) {
  const whole = useQuery(menuQuery({}));
  const section = useQuery({ ...menuQuery(sectionFilter ?? {}), enabled: sectionFilter !== undefined && !whole.data });
  const source = whole.data ?? (sectionFilter !== undefined ? section.data : undefined);
  const names = useMenuNames();
  const allMatches = useMemo(() => matchDishes(source ?? NO_ITEMS, query, names), [source, query, names]);
  const matches = useMemo(() => applyDishFilter(allMatches, dishFilter), [allMatches, dishFilter]);
  const place = allMatches.length === 0 ? matchPlace(query, names) : undefined;
  const online = useOnline();
  // Nothing to search and nothing on its way: offline (the fetch waits for the network) or failed.
  const stuck =
    source === undefined &&
    whole.fetchStatus !== 'fetching' &&
    (sectionFilter === undefined || section.fetchStatus !== 'fetching');
  const count = matches.length;
  const found = { count, query: query.trim(), section: sectionName };
  const status =
    source === undefined
      ? t(stuck && !online ? 'search.offline' : 'search.searching')
      : t(whole.data ? 'search.count.menu' : sectionName ? 'search.count.section' : 'search.count.here', found);

  // Said through the app's polite live region (mounted long before this list), so screen readers hear each new count.
  const announce = useAnnounce();
  useEffect(() => {
    if (source !== undefined) announce(status);
  }, [announce, source, status]);

  return (
    <section className="menu-section" aria-labelledby="menu-section-title">
      <h2 id="menu-section-title" className="menu-section__title">
        {t('search.results')}
      </h2>
      <p className="search-status" data-testid="search-status">
        {status}
      </p>
      {source !== undefined && isFiltering(dishFilter) && (
        <DishFilterStatus total={allMatches.length} shown={matches.length} />
      )}
      {source === undefined ? (
        stuck && !online ? (
          <EmptyState title={t('search.notOnDevice')}>
            <p className="empty-state__hint">{t('search.notOnDeviceHint')}</p>
            <button type="button" className="button button--secondary" onClick={onClear}>
              {t('search.clear')}
            </button>
          </EmptyState>
        ) : stuck && whole.isError ? (
          <LoadError title={t('search.failed')} error={whole.error} onRetry={() => void whole.refetch()} />
        ) : (
          <MenuSkeleton />
        )
      ) : count === 0 ? (
        <EmptyState title={t('search.nothing')}>
          {place ? (
            // The guest typed the name of a part of the menu whose dishes are not here (say, not loaded offline).
            <p className="empty-state__hint">
              <Trans
                id="search.place"
                values={{ name: place.name }}
                components={{
                  0: (
                    <Link
                      to="/"
                      search={{
                        category_id: place.category_id,
                        ...(place.sub_cat_id === undefined ? {} : { sub_cat_id: place.sub_cat_id }),
                      }}
                      onClick={onClear}
                    />
                  ),
                }}
              />
            </p>
          ) : (
            <p className="empty-state__hint">{t('search.spelling')}</p>
          )}
          <button type="button" className="button button--secondary" onClick={onClear}>
            {t('search.clear')}
          </button>
        </EmptyState>
      ) : (
        <MenuList key={query} items={matches} linkSearch={linkSearch} onOpen={onOpen} />
      )}
    </section>
  );
}
