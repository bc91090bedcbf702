// The guest's dish filter on the menu: a disclosure reflected in the URL, its choices in their own chunk.
import { Suspense, useState } from 'react';
import { isFiltering, type DishFilter } from './dish-filter';
import { formatNumber } from '../format';
import { t } from '../i18n/i18n';
import { lazyScreen } from '../lazy-screen';
import { useFirstScreenSettled } from '../when-idle';
import './dish-filter.css';

const DeferredDishFilterChoices = lazyScreen(() => import('./dish-filter-choices'), 'DishFilterChoices');

interface DishFilterPanelProps {
  filter: DishFilter;
  onChange: (next: DishFilter) => void;
}

export function DishFilterPanel({ filter, onChange }: DishFilterPanelProps) {
  const active = isFiltering(filter);
  // Open from the start when a link brought a filter, so the guest sees why dishes are missing.
  const [open, setOpen] = useState(active);
  const settled = useFirstScreenSettled();
  const count = filter.hide.length + filter.diets.length;
  return (
    <details
      className="dish-filter"
      data-testid="dish-filter"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="dish-filter__summary">
        {active ? t('filter.summaryOn', { count: formatNumber(count) }) : t('filter.summary')}
      </summary>
      {/* Fetched once the menu's first screen has its dishes, or when opened; nothing waits for it (the panel starts
          closed, unless a link set a filter). */}
      {(open || settled) && (
        <Suspense fallback={null}>
          <DeferredDishFilterChoices filter={filter} onChange={onChange} />
        </Suspense>
      )}
    </details>
  );
}
