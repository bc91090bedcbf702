// The menu's categories as links with a picture: a rail across the top on phones, a side list on tablets in landscape.
import { Link } from '@tanstack/react-router';
import type { Category } from '../../../contract/guest';
import { DishImage } from '../dish-image';
import { useCurrentInView } from './use-current-in-view';
import { t } from '../i18n/i18n';

interface CategoryRailProps {
  categories: readonly Category[];
  selectedId: number | undefined;
  onChoose: () => void;
}

export function CategoryRail({ categories, selectedId, onChoose }: CategoryRailProps) {
  const list = useCurrentInView<HTMLUListElement>(selectedId);
  return (
    <nav className="category-rail" aria-label={t('pos.categories')}>
      <ul className="category-rail__list" ref={list}>
        {categories.map((category) => {
          const current = category.id === selectedId;
          return (
            <li key={category.id}>
              <Link
                to="/"
                search={{ category_id: category.id }}
                // Only an exact match would make the router mark it; the screen says which category is current.
                activeOptions={{ exact: true }}
                aria-current={current ? 'page' : undefined}
                className="category-link"
                data-testid="category"
                onClick={onChoose}
              >
                <DishImage src={category.image} width={48} height={48} className="category-link__image" eager />
                <span className="category-link__name">{category.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function CategoryRailSkeleton() {
  return (
    <div className="category-rail" aria-hidden="true">
      <ul className="category-rail__list">
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index} className="skeleton category-rail__placeholder" />
        ))}
      </ul>
    </div>
  );
}
