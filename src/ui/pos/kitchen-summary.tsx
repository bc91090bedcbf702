// The kitchen's load as a quiet line ("Kitchen: 4 orders ahead, about 12 min"), refreshed while the screen is open.
import { useQuery } from '@tanstack/react-query';
import { summaryQuery } from '../../api/queries';
import type { Summary } from '../../../contract/guest';
import { t } from '../i18n/i18n';

export const KITCHEN_REFRESH_MS = 30_000;

export function kitchenText({ open_orders: orders, average_wait_minutes: wait }: Summary): string {
  if (orders === 0) return t('kitchen.noQueue');
  // A wait that rounds to nothing would read as "about 0 min" while orders are still cooking.
  const minutes = Math.max(1, Math.round(wait));
  return t('kitchen.queue', { orders, minutes });
}

export function KitchenSummary() {
  const summary = useQuery({ ...summaryQuery(), refetchInterval: KITCHEN_REFRESH_MS });
  // The last known figures stay up through a failed refresh; with none at all, the line simply isn't there.
  if (summary.data) {
    return (
      <p className="kitchen-summary" data-testid="kitchen-summary">
        <span
          className={
            summary.data.open_orders === 0 ? 'kitchen-summary__dot' : 'kitchen-summary__dot kitchen-summary__dot--busy'
          }
          aria-hidden="true"
        />
        {kitchenText(summary.data)}
      </p>
    );
  }
  if (summary.isPending) return <p className="kitchen-summary skeleton kitchen-summary--loading" aria-hidden="true" />;
  return null;
}
