// A category's sections (sub-categories) as tab-like links, with "All" for the whole category first.
import { Link } from '@tanstack/react-router';
import type { SubCategory } from '../../../contract/guest';
import { useCurrentInView } from './use-current-in-view';
import { t } from '../i18n/i18n';

interface SubCategoryTabsProps {
  categoryId: number;
  categoryName: string | undefined;
  subCategories: readonly SubCategory[];
  selectedId: number | undefined;
  onChoose: () => void;
}

export function SubCategoryTabs({
  categoryId,
  categoryName,
  subCategories,
  selectedId,
  onChoose,
}: SubCategoryTabsProps) {
  const list = useCurrentInView<HTMLUListElement>(`${categoryId}/${selectedId}`);
  return (
    <nav
      className="sub-tabs"
      aria-label={categoryName ? t('pos.sectionsOf', { category: categoryName }) : t('pos.sections')}
    >
      <ul className="sub-tabs__list" ref={list}>
        <li>
          <Link
            to="/"
            search={{ category_id: categoryId }}
            activeOptions={{ exact: true }}
            aria-current={selectedId === undefined ? 'page' : undefined}
            className="sub-tab"
            data-testid="sub-category-all"
            onClick={onChoose}
            aria-label={categoryName ? t('pos.allOf', { category: categoryName }) : undefined}
          >
            {t('pos.all')}
          </Link>
        </li>
        {subCategories.map((sub) => (
          <li key={sub.id}>
            <Link
              to="/"
              search={{ category_id: categoryId, sub_cat_id: sub.id }}
              activeOptions={{ exact: true }}
              aria-current={sub.id === selectedId ? 'page' : undefined}
              className="sub-tab"
              data-testid="sub-category"
              onClick={onChoose}
            >
              {sub.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SubCategoryTabsSkeleton() {
  return (
    <div className="sub-tabs" aria-hidden="true" data-testid="sub-category-loading">
      <ul className="sub-tabs__list">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="skeleton sub-tabs__placeholder" />
        ))}
      </ul>
    </div>
  );
}
