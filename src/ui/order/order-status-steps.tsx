// An order's status as steps (received, preparing, ready, served); a cancelled order is said plainly instead.
import type { OrderStatus } from '../../../contract/guest';
import { formatNumber } from '../format';
import { t } from '../i18n/i18n';

const STEPS = ['received', 'preparing', 'ready', 'served'] as const;

/** A status's name in the guest's language ("Preparing"). */
export const statusLabel = (status: OrderStatus) => t(`status.${status}`);

const statusSentence = (status: OrderStatus) => t(`statusSentence.${status}`);

export function OrderStatusSteps({ status, cancelReason }: { status: OrderStatus; cancelReason?: string | null }) {
  const current = STEPS.indexOf(status as (typeof STEPS)[number]);
  return (
    <div className={`order-status order-status--${status}`} data-testid="order-status" data-status={status}>
      <p className="order-status__sentence">
        <span className="order-status__now">{statusLabel(status)}</span> {statusSentence(status)}
      </p>
      {status === 'cancelled' && cancelReason && (
        <p className="order-status__reason" data-testid="cancel-reason">
          {t('order.cancelReason', { reason: cancelReason })}
        </p>
      )}
      {status !== 'cancelled' && (
        <ol className="order-steps" aria-label={t('order.progress')}>
          {STEPS.map((step, index) => {
            // Served is the last step and nothing follows it: it shows as done, like those before it.
            const finished = status === 'served';
            const state = index < current || finished ? 'done' : index === current ? 'current' : 'todo';
            return (
              <li
                key={step}
                className={`order-steps__step order-steps__step--${state}`}
                aria-current={index === current ? 'step' : undefined}
              >
                <span className="order-steps__marker" aria-hidden="true">
                  {state === 'done' ? '✓' : formatNumber(index + 1)}
                </span>
                <span className="order-steps__label">
                  {statusLabel(step)}
                  {state === 'done' && <span className="visually-hidden">{t('order.stepDone')}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
