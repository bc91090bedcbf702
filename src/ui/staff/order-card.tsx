// One order on the kitchen board: table, time since placed (amber, then red, past its prep time), lines, one big next-step button.
import type { Order, OrderStatus } from '../../../contract/guest';

export const NEXT_STEP: Partial<Record<OrderStatus, { to: OrderStatus; label: string }>> = {
  received: { to: 'preparing', label: 'Start preparing' },
  preparing: { to: 'ready', label: 'Ready' },
  ready: { to: 'served', label: 'Served' },
};

export type Lateness = 'on-time' | 'soon' | 'late';

/** Amber from 80 % of the slowest dish's prep time, red past it. */
export function lateness(elapsedMinutes: number, prepMinutes: number): Lateness {
  if (prepMinutes <= 0) return 'on-time';
  if (elapsedMinutes >= prepMinutes) return 'late';
  return elapsedMinutes >= prepMinutes * 0.8 ? 'soon' : 'on-time';
}

interface OrderCardProps {
  order: Order;
  tableName: string;
  now: number;
  prepMinutes: number;
  isNew: boolean;
  busy: boolean;
  onNext: (order: Order) => void;
  onCancel: (order: Order) => void;
}

export function OrderCard({ order, tableName, now, prepMinutes, isNew, busy, onNext, onCancel }: OrderCardProps) {
  const elapsed = Math.max(0, Math.floor((now - Date.parse(order.created_at)) / 60_000));
  const late = lateness(elapsed, prepMinutes);
  const next = NEXT_STEP[order.status];
  const headingId = `order-${order.orderID}`;
  return (
    <article
      className={`order-card order-card--${late}${isNew ? ' order-card--new' : ''}`}
      aria-labelledby={headingId}
      data-testid="order-card"
      data-order-id={order.orderID}
    >
      <header className="order-card__head">
        <h3 id={headingId} className="order-card__table">
          {tableName}
          {isNew && <span className="order-card__badge"> New</span>}
        </h3>
        <span className="order-card__time">
          {elapsed === 0 ? 'just now' : `${elapsed} min ago`}
          {late === 'late' && <strong> · late</strong>}
          {late === 'soon' && <span> · due soon</span>}
        </span>
      </header>
      <p className="order-card__id">Order {order.orderID}</p>
      <ul className="order-card__lines">
        {order.items.map((line) => (
          <li key={line.line_id}>
            <span className="order-card__qty">{line.quantity} ×</span> {line.name}
            {line.choices && line.choices.length > 0 && (
              <span className="order-card__choices" data-testid="board-line-choices">
                {' '}
                ({line.choices.map((choice) => choice.name).join(', ')})
              </span>
            )}
            {line.note && <span className="order-card__note"> — {line.note}</span>}
          </li>
        ))}
      </ul>
      {order.note && <p className="order-card__note">Note: {order.note}</p>}
      <div className="order-card__actions">
        {next && (
          <button
            type="button"
            className="staff-button staff-button--primary staff-button--big"
            disabled={busy}
            onClick={() => onNext(order)}
            aria-describedby={headingId}
          >
            {next.label}
          </button>
        )}
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={busy}
          onClick={() => onCancel(order)}
          aria-describedby={headingId}
        >
          Cancel
        </button>
      </div>
    </article>
  );
}
