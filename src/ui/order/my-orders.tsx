// "Your orders": the orders placed from this device, newest first, each a link to its page.
import { Link } from '@tanstack/react-router';
import type { MyOrder } from '../../device/my-orders';
import { formatDateTime } from '../format';
import { useTableName } from '../table/current-table';
import { useMyOrders } from '../../device/use-my-orders';
import { t } from '../i18n/i18n';

/** When an order was placed, in the guest's language and the restaurant's time zone. */
export function formatPlacedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDateTime(date);
}

export function MyOrders({ current }: { current?: string }) {
  const orders = useMyOrders();
  if (orders.length === 0) return null;
  return (
    <section className="my-orders" data-testid="my-orders" aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className="my-orders__title">
        {t('myOrders.title')}
      </h2>
      <ul className="my-orders__list">
        {orders.map((order) => (
          <MyOrderItem key={order.orderID} order={order} current={order.orderID === current} />
        ))}
      </ul>
    </section>
  );
}

function MyOrderItem({ order, current }: { order: MyOrder; current: boolean }) {
  const table = useTableName(order.table_id);
  return (
    <li>
      <Link
        to="/cart"
        search={{ orderID: order.orderID }}
        className="my-orders__link"
        aria-current={current ? 'page' : undefined}
      >
        <span className="my-orders__id">{t('myOrders.order', { id: order.orderID })}</span>
        <span className="my-orders__details">
          {table} · {formatPlacedAt(order.placed_at)}
        </span>
      </Link>
    </li>
  );
}
