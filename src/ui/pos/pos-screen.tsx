// The point-of-sale screen at `/`: categories, sections and dishes from the URL, search, the dish dialog, table and kitchen.
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { MenuFilter } from '../../api/calls';
import { categoriesQuery, menuQuery, subCategoriesQuery, tablesQuery } from '../../api/queries';
import type { Category, SubCategory } from '../../../contract/guest';
import { dishFilterOf, type DishFilter } from '../dish-filter/dish-filter';
import { DishFilterPanel } from '../dish-filter/dish-filter-panel';
import { EmptyState } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';
import { CategoryRail, CategoryRailSkeleton } from './category-rail';
import { DeferredDishDialog, DeferredSearchResults, preloadPosPieces } from './deferred';
import { KitchenSummary } from './kitchen-summary';
import type { DishLinkSearch, MenuGroup } from './menu-list';
import { MenuSearch } from './menu-search';
import { MenuSection, MenuSkeleton } from './menu-section';
import { cachedDish, openingCategory } from './opening-category';
import { SubCategoryTabs, SubCategoryTabsSkeleton } from './sub-category-tabs';
import { TablePrompt } from './table-prompt';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { whenIdleAfterFirstScreen } from '../when-idle';
import { useTableLink } from '../table/use-table-link';
import { DeferredCallWaiter, DeferredGuestNamePrompt } from '../table-bill/deferred-table-services';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { useDishNavigation } from './use-dish-navigation';
import { ViewCartBar } from './view-cart-bar';
import './pos.css';
import { t } from '../i18n/i18n';

const route = getRouteApi('/_guest/');

/** The provider's `sort` decides the order; its own order breaks ties (Array.prototype.sort is stable). */
function bySort<T extends Category | SubCategory>(list: readonly T[] | undefined): T[] | undefined {
  return list && [...list].sort((a, b) => a.sort - b.sort);
}

/**
 * The category of the dish a link opens without a category (`/?menu_id=40`): a number once known, null when there is
 * no such dish or it cannot be had now (unknown, failed, offline), undefined while it is on its way.
 */
function useDishCategory(menuId: number | undefined): number | null | undefined {
  const queryClient = useQueryClient();
  const dish = useQuery({
    ...menuQuery({ menu_id: menuId ?? 0 }),
    ...(menuId === undefined ? { queryFn: skipToken } : {}),
    select: (items) => items[0] ?? null,
    placeholderData: () => {
      const known = menuId === undefined ? undefined : cachedDish(queryClient, menuId);
      return known && [known];
    },
  });
  if (menuId === undefined) return null;
  if (dish.data !== undefined) return dish.data?.cat_id ?? null;
  return dish.isError || dish.fetchStatus === 'paused' ? null : undefined;
}

export function PosScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const { openDish, closeDish } = useDishNavigation();
  // What the first click does not need (the dish dialog, search results, table picker) comes next, with the floor plan
  // the picker lists: in the persisted cache, a guest who goes offline before choosing a table can still choose one.
  // Not before the first screen's dishes are in: on a slow network they would share the line.
  useEffect(
    () =>
      whenIdleAfterFirstScreen(() => {
        preloadPosPieces();
        void queryClient.prefetchQuery(tablesQuery());
      }),
    [queryClient],
  );

  const tableId = TableMachineContext.useSelector(selectTableId);
  const categoryId = search.category_id;
  const subCategoryId = search.sub_cat_id;
  const categories = useQuery(categoriesQuery());
  const subCategories = useQuery({ ...subCategoriesQuery(categoryId), enabled: categoryId !== undefined });
  const categoryList = useMemo(() => bySort(categories.data), [categories.data]);
  const subCategoryList = useMemo(
    () => (categoryId === undefined ? undefined : bySort(subCategories.data)),
    [categoryId, subCategories.data],
  );
  const category = categoryList?.find((candidate) => candidate.id === categoryId);
  // A category the list does not know may be newer than the list (a link to one the restaurant just added, on a phone
  // whose stored list is older): the list is asked for once more before the screen treats it as gone.
  const [openedAt] = useState(Date.now);
  const maybeNewer =
    categoryId !== undefined &&
    categoryList !== undefined &&
    category === undefined &&
    categories.dataUpdatedAt <= openedAt;
  // Stale at once while the category is unknown: enabling it asks for the list.
  useQuery({ ...categoriesQuery(), enabled: maybeNewer, staleTime: 0 });
  // Until that answer (or its failure, or the phone being offline) the screen waits rather than moving.
  const checkingList = maybeNewer && categories.errorUpdatedAt <= openedAt && categories.fetchStatus !== 'paused';
  const subCategory = subCategoryList?.find((candidate) => candidate.id === subCategoryId);
  const dishCategory = useDishCategory(
    categoryList !== undefined && category === undefined ? search.menu_id : undefined,
  );

  // The guest's allergen and diet filter lives in the URL (`hide`, `diet`), kept across the menu and the cart.
  const dishFilter = useMemo(() => dishFilterOf({ hide: search.hide, diet: search.diet }), [search.hide, search.diet]);
  const setDishFilter = useCallback(
    (next: DishFilter) =>
      void navigate({
        search: (prev) => ({
          ...prev,
          hide: next.hide.length > 0 ? next.hide.join(',') : undefined,
          diet: next.diets.length > 0 ? next.diets.join(',') : undefined,
        }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  );

  const [query, setQuery] = useState('');
  // Typing stays instant; the results follow as soon as React has a moment.
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== '';
  const clearSearch = useCallback(() => setQuery(''), []);

  // The URL is the screen's state; these fix it up in place (replace: Back never bounces through them).
  useEffect(() => {
    const patch: { category_id?: number; sub_cat_id?: undefined } = {};
    let changed = false;
    const opening =
      categoryList === undefined || checkingList
        ? undefined
        : openingCategory(categoryList, { category_id: categoryId, dishCategory });
    if (opening !== undefined && opening !== categoryId) {
      // A first visit (or a category that no longer exists) opens on the dish's category or the first one.
      patch.category_id = opening;
      patch.sub_cat_id = undefined;
      changed = true;
    } else if (subCategoryId !== undefined && subCategoryList && subCategory === undefined) {
      patch.sub_cat_id = undefined;
      changed = true;
    }
    if (changed) void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true, resetScroll: false });
  }, [categoryList, checkingList, categoryId, dishCategory, subCategoryId, subCategoryList, subCategory, navigate]);

  // The table's QR code: remember the table (and its key) once the floor plan knows it, then drop both from the
  // address so a later reload or a shared link does not undo a table the guest has changed since.
  const tableLink = useTableLink(
    search.table,
    search.key,
    useCallback(
      () =>
        void navigate({
          search: (prev) => ({ ...prev, table: undefined, key: undefined }),
          replace: true,
          resetScroll: false,
        }),
      [navigate],
    ),
  );

  const filter = useMemo<MenuFilter | undefined>(() => {
    if (categoryId === undefined) return undefined;
    return subCategoryId === undefined ? { cat_id: categoryId } : { sub_cat_id: subCategoryId };
  }, [categoryId, subCategoryId]);
  const groups = useMemo<MenuGroup[] | undefined>(
    () => (subCategoryId === undefined ? subCategoryList?.map(({ id, name }) => ({ id, name })) : undefined),
    [subCategoryId, subCategoryList],
  );
  const linkSearch = useMemo<DishLinkSearch>(
    () => ({ category_id: categoryId, sub_cat_id: subCategoryId }),
    [categoryId, subCategoryId],
  );
  const sectionName = subCategory?.name ?? category?.name;

  const noMenu = categories.isError && !categories.data;
  const emptyMenu = categoryList?.length === 0;

  return (
    <div className="pos">
      <div className="pos__intro">
        <div className="pos__title-block">
          <h1 ref={heading} className="pos__title" tabIndex={-1}>
            {t('pos.title')}
          </h1>
          <KitchenSummary />
        </div>
        {/* Call the waiter comes later (its own chunk, then the seating's key): its room in the header is kept from the
            first frame for a guest at a table, so its arrival moves nothing under their finger. */}
        <div
          className="pos__waiter"
          data-testid="call-waiter-slot"
          data-reserved={tableId !== null || search.table !== undefined ? '' : undefined}
        >
          <DeferredCallWaiter />
        </div>
        <MenuSearch value={query} onChange={setQuery} onFocus={() => void queryClient.prefetchQuery(menuQuery({}))} />
      </div>
      <TablePrompt linking={search.table} notice={tableLink.notice} onNoticeDone={tableLink.dismiss} />
      <DishFilterPanel filter={dishFilter} onChange={setDishFilter} />
      <DeferredGuestNamePrompt />

      {noMenu ? (
        <LoadError title={t('pos.loadMenuFailed')} error={categories.error} onRetry={() => void categories.refetch()} />
      ) : emptyMenu ? (
        <EmptyState title={t('pos.noDishes')}>
          <p className="empty-state__hint">{t('pos.noMenuHint')}</p>
        </EmptyState>
      ) : (
        <div className="pos__browse">
          {categoryList ? (
            <CategoryRail categories={categoryList} selectedId={categoryId} onChoose={clearSearch} />
          ) : (
            <CategoryRailSkeleton />
          )}
          <div className="pos__content">
            {/* While searching, the results are not this category's: its sections would point the wrong way. */}
            {categoryId === undefined || searching ? null : subCategoryList ? (
              subCategoryList.length > 0 && (
                <SubCategoryTabs
                  categoryId={categoryId}
                  categoryName={category?.name}
                  subCategories={subCategoryList}
                  selectedId={subCategoryId}
                  onChoose={clearSearch}
                />
              )
            ) : subCategories.isError ? (
              <LoadError
                title={t('pos.loadSectionsFailed')}
                error={subCategories.error}
                onRetry={() => void subCategories.refetch()}
              />
            ) : subCategories.fetchStatus === 'paused' ? (
              // Offline in a category never opened before: its sections are not on this device.
              <p className="pos__offline-note" data-testid="sections-offline">
                {t('pos.sectionsOffline')}
              </p>
            ) : (
              <SubCategoryTabsSkeleton />
            )}
            {searching ? (
              <Suspense fallback={<MenuSkeleton />}>
                <DeferredSearchResults
                  query={deferredQuery}
                  sectionFilter={filter}
                  sectionName={sectionName}
                  linkSearch={linkSearch}
                  dishFilter={dishFilter}
                  onOpen={openDish}
                  onClear={clearSearch}
                />
              </Suspense>
            ) : filter ? (
              <MenuSection
                filter={filter}
                title={sectionName}
                groups={groups}
                linkSearch={linkSearch}
                dishFilter={dishFilter}
                onOpen={openDish}
              />
            ) : (
              <MenuSkeleton />
            )}
          </div>
        </div>
      )}

      <ViewCartBar />
      {search.menu_id !== undefined && (
        <Suspense fallback={null}>
          <DeferredDishDialog
            menuId={search.menu_id}
            onClose={closeDish}
            hide={dishFilter.hide}
            // A dish opened by a link has no opener on the page: focus goes to its card if it is listed, else to the heading.
            returnFocusTo={() =>
              document.querySelector<HTMLElement>(`[data-dish-link="${search.menu_id}"]`) ?? heading.current
            }
          />
        </Suspense>
      )}
    </div>
  );
}
