// `/cart?orderID=…`: one order followed until it is served: status steps, lines, total, adding more and removing lines.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../api/errors';
import { orderQuery } from '../../api/queries';
import type { OrderStatus } from '../../../contract/guest';
import type { Order } from '../../../contract/orders';
import { canAddLines } from '../../domain/order-status';
import { EmptyState } from '../feedback/empty-state';
import { useAnnounce } from '../feedback/live-announcer';
import { LoadError } from '../feedback/load-error';
import { formatMoney } from '../format';
import { useFollowOrder } from '../live/use-follow-order';
import { useTableName } from '../table/current-table';
import { useTableServices } from '../table-bill/use-table-access';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { formatPlacedAt, MyOrders } from './my-orders';
import { OrderLines } from './order-lines';
import { OrderStatusSteps, statusLabel } from './order-status-steps';
import { OrderWait } from './order-wait';
import './order.css';
import { currentLanguage, t } from '../i18n/i18n';

/** How often an order still in the kitchen is asked for again. */
export const ORDER_REFRESH_MS = 10_000;

const FINISHED: readonly OrderStatus[] = ['served', 'cancelled'];

/** The provider does not know this order, or could not read its id: asking again will not change that. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 400);
}

export function OrderScreen({ orderID }: { orderID: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const announce = useAnnounce();
  // Moves arrive over the live stream when the provider has one; the poll below stays as the fallback.
  useFollowOrder(orderID);
  const order = useQuery({
    ...orderQuery(orderID),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      if (data === null || isNotFound(error)) return false;
      return data && FINISHED.includes(data.status) ? false : ORDER_REFRESH_MS;
    },
  });

  // Arriving here (after placing, or from "Your orders") puts the reader at the order's name.
  useFocusOnArrival(heading, { onPageLoad: true });

  const status = order.data?.status;
  const lastStatus = useRef<OrderStatus | undefined>(undefined);
  useEffect(() => {
    if (status === undefined) return;
    if (lastStatus.current !== undefined && lastStatus.current !== status) {
      announce(
        t('announce.orderStatus', { id: orderID, status: statusLabel(status).toLocaleLowerCase(currentLanguage()) }),
      );
    }
    lastStatus.current = status;
  }, [status, orderID, announce]);

  const missing = order.data === null || (order.isError && isNotFound(order.error));

  return (
    <div className="order">
      <h1 ref={heading} className="order__title" tabIndex={-1}>
        {t('order.title', { id: orderID })}
      </h1>
      {missing ? (
        <EmptyState title={t('order.notFound')}>
          <p className="empty-state__hint">{t('order.notFoundHint')}</p>
          <Link to="/" className="button button--primary">
            {t('dish.backToMenu')}
          </Link>
        </EmptyState>
      ) : order.data ? (
        <OrderDetails order={order.data} orderID={orderID} stale={order.isError} />
      ) : order.isError ? (
        <LoadError title={t('order.loadFailed')} error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderSkeleton />
      )}
      <MyOrders current={order.data?.orderID ?? orderID} />
    </div>
  );
}

function OrderDetails({ order, orderID, stale }: { order: Order; orderID: string; stale: boolean }) {
  const table = useTableName(order.table_id);
  const addable = canAddLines(order.status);
  return (
    <>
      <p className="order__meta">{t('order.meta', { table, time: formatPlacedAt(order.created_at) })}</p>
      <OrderStatusSteps status={order.status} cancelReason={order.cancel_reason} />
      <OrderWait orderID={order.orderID} status={order.status} />
      {stale && <p className="order__stale">{t('order.stale')}</p>}
      {addable ? (
        <div className="order__actions">
          <Link
            to="/"
            search={{ add_to: order.orderID }}
            className="button button--secondary"
            data-testid="add-to-order"
          >
            {t('order.addMore')}
          </Link>
          <TableBillLink />
        </div>
      ) : (
        // Ready, served or cancelled: nothing more to do here, and the next dish is a new order from the menu.
        <div className="order__actions">
          <Link to="/" className="button button--primary" data-testid="back-to-menu">
            {t('dish.backToMenu')}
          </Link>
          <TableBillLink />
        </div>
      )}
      <OrderLines order={order} orderID={orderID} />
      {order.status === 'cancelled' ? (
        // A cancelled order is off the bill: its old total would read as a debt. The reason is in the status above.
        <div data-testid="order-nothing-owed">
          <div className="order__total">
            <span>{t('order.nothingOwed')}</span>
            <span className="order__amount">{formatMoney(0)}</span>
          </div>
          <p className="order__nothing-owed">{t('order.nothingOwedWhy', { total: formatMoney(order.total) })}</p>
        </div>
      ) : (
        <div className="order__total">
          <span>{t('order.total')}</span>
          <span className="order__amount" data-testid="order-total">
            {formatMoney(order.total)}
          </span>
        </div>
      )}
      {order.note && (
        <p className="order__note">
          <span className="order__note-label">{t('order.note')}</span> {order.note}
        </p>
      )}
    </>
  );
}

function OrderSkeleton() {
  return (
    <div className="order__skeleton">
      <p className="visually-hidden" role="status">
        {t('order.loading')}
      </p>
      <div className="skeleton order__skeleton-steps" aria-hidden="true" />
      <div className="skeleton order__skeleton-line" aria-hidden="true" />
      <div className="skeleton order__skeleton-line" aria-hidden="true" />
    </div>
  );
}

/** The whole table's orders, for everyone at it (table sessions); nothing from a provider without them. */
function TableBillLink() {
  const tableId = TableMachineContext.useSelector(selectTableId);
  if (useTableServices(tableId).kind === 'none') return null;
  return (
    <Link to="/table" className="button button--secondary" data-testid="see-table-bill">
      {t('tableBill.link')}
    </Link>
  );
}
