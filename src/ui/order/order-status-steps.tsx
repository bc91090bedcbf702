// An order's status as steps (received, preparing, ready, served); a cancelled order is said plainly instead.
import type { OrderStatus } from '../../api/schemas';

const STEPS = ['received', 'preparing', 'ready', 'served'] as const;

export const STATUS_LABEL: Record<OrderStatus, string> = {
  received: 'Received',
  preparing: 'Preparing',
  ready: 'Ready',
  served: 'Served',
  cancelled: 'Cancelled',
};

const STATUS_SENTENCE: Record<OrderStatus, string> = {
  received: 'The kitchen has your order and will start on it shortly.',
  preparing: 'The kitchen is preparing your order.',
  ready: 'Your order is ready and on its way to your table.',
  served: 'Your order has been served. Enjoy your meal!',
  cancelled: 'This order was cancelled. Please ask a member of staff if you did not expect this.',
};

export function OrderStatusSteps({ status, cancelReason }: { status: OrderStatus; cancelReason?: string | null }) {
  const current = STEPS.indexOf(status as (typeof STEPS)[number]);
  return (
    <div className={`order-status order-status--${status}`} data-testid="order-status" data-status={status}>
      <p className="order-status__sentence">
        <span className="order-status__now">{STATUS_LABEL[status]}</span> {STATUS_SENTENCE[status]}
      </p>
      {status === 'cancelled' && cancelReason && (
        <p className="order-status__reason" data-testid="cancel-reason">
          The restaurant’s reason: {cancelReason}
        </p>
      )}
      {status !== 'cancelled' && (
        <ol className="order-steps" aria-label="Progress">
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
                  {state === 'done' ? '✓' : index + 1}
                </span>
                <span className="order-steps__label">
                  {STATUS_LABEL[step]}
                  {state === 'done' && <span className="visually-hidden"> (done)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
