// How many of a list's dishes the guest's filter hides, in words.
import { formatNumber } from '../format';
import { t } from '../i18n/i18n';

export function DishFilterStatus({ total, shown }: { total: number; shown: number }) {
  const hidden = total - shown;
  return (
    <p className="dish-filter__status" data-testid="dish-filter-status">
      {hidden === 0 ? t('filter.status.none') : t('filter.status.some', { hidden: formatNumber(hidden), total })}
    </p>
  );
}
