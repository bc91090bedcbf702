// The dishes of the chosen category or sub-category, with their loading, error, offline and empty states.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MenuFilter } from '../../api/calls';
import { menuQuery } from '../../api/queries';
import { applyDishFilter, isFiltering, NO_FILTER, type DishFilter } from '../dish-filter/dish-filter';
import { DishFilterStatus } from '../dish-filter/dish-filter-status';
import { EmptyState } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';
import { MenuList, type DishLinkSearch, type MenuGroup } from './menu-list';
import { t } from '../i18n/i18n';

interface MenuSectionProps {
  filter: MenuFilter;
  title: string | undefined;
  groups: readonly MenuGroup[] | undefined;
  linkSearch: DishLinkSearch;
  /** The guest's allergen and diet filter. */
  dishFilter?: DishFilter;
  onOpen: (menuId: number) => void;
}

export function MenuSection({ filter, title, groups, linkSearch, dishFilter = NO_FILTER, onOpen }: MenuSectionProps) {
  const menu = useQuery(menuQuery(filter));
  const shown = useMemo(() => menu.data && applyDishFilter(menu.data, dishFilter), [menu.data, dishFilter]);
  return (
    <section className="menu-section" aria-labelledby="menu-section-title">
      {title === undefined ? (
        <div className="skeleton menu-section__title-placeholder" aria-hidden="true" />
      ) : (
        <h2 id="menu-section-title" className="menu-section__title">
          {title}
        </h2>
      )}
      {menu.data && shown ? (
        menu.data.length === 0 ? (
          <EmptyState title={t('pos.noDishes')}>
            <p className="empty-state__hint">{t('pos.tryAnother')}</p>
          </EmptyState>
        ) : shown.length === 0 ? (
          <>
            <DishFilterStatus total={menu.data.length} shown={0} />
            <EmptyState title={t('filter.noMatch.title')}>
              <p className="empty-state__hint">{t('filter.noMatch.hint')}</p>
            </EmptyState>
          </>
        ) : (
          // A new list starts again from its first page.
          <>
            {isFiltering(dishFilter) && <DishFilterStatus total={menu.data.length} shown={shown.length} />}
            <MenuList
              key={JSON.stringify(filter)}
              items={shown}
              groups={groups}
              linkSearch={linkSearch}
              onOpen={onOpen}
            />
          </>
        )
      ) : menu.isError ? (
        <LoadError title={t('pos.loadDishesFailed')} error={menu.error} onRetry={() => void menu.refetch()} />
      ) : menu.fetchStatus === 'paused' ? (
        <EmptyState title={t('pos.offlineTitle')}>
          <p className="empty-state__hint">{t('pos.offlineHint')}</p>
        </EmptyState>
      ) : (
        <MenuSkeleton />
      )}
    </section>
  );
}

export function MenuSkeleton() {
  return (
    <ul className="menu-grid" aria-hidden="true" data-testid="menu-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="menu-grid__cell">
          <div className="menu-card menu-card--placeholder">
            <span className="skeleton menu-card__image-placeholder" />
            <span className="menu-card__body">
              <span className="skeleton menu-card__line" />
              <span className="skeleton menu-card__line menu-card__line--long" />
              <span className="skeleton menu-card__line menu-card__line--short" />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
