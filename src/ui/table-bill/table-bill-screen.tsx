// `/table`: everything ordered at this table since it was last cleared, grouped by guest, with each order's status and
// the table's total; the bill to pay (contract v1.2); and the buttons that call the waiter or ask for the bill. Needs
// the seating key a QR scan joined (or, with a v1.1 provider, the table's printed key).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SEATING_ENDED_ERROR_CODE } from '../../../contract/bill';
import type { TableAccess } from '../../api/order-calls';
import { ApiError } from '../../api/errors';
import { withDishNames, type DishNames } from '../../api/menu-names';
import { tableBillQuery } from '../../api/queries';
import type { TableBill, TableOrder } from '../../../contract/orders';
import { markSeatingEnded, useSeatingState } from '../../device/table-seating';
import { useMyOrders } from '../../device/use-my-orders';
import { selectJoiningSeating, selectTableId, TableMachineContext } from '../../machines/table.context';
import { BillSummary } from './bill-summary';
import { EmptyState } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';
import { formatMoney } from '../format';
import { statusLabel } from '../order/order-status-steps';
import { useTableName } from '../table/current-table';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { groupByGuest } from './group-by-guest';
import { ServiceRequests } from './service-requests';
import { useTableServices } from './use-table-access';
import './table-bill.css';
import { t } from '../i18n/i18n';
import { useDishNames } from '../i18n/use-dish-names';
import { groupOrderLines } from '../../domain/shown-lines';

export function TableBillScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const tableId = TableMachineContext.useSelector(selectTableId);
  const joining = TableMachineContext.useSelector(selectJoiningSeating);
  const name = useTableName(tableId);
  const seating = useSeatingState(tableId);
  const services = useTableServices(tableId);

  return (
    <div className="table-bill">
      <h1 ref={heading} className="table-bill__title" tabIndex={-1}>
        {name ? t('tableBill.titleNamed', { name }) : t('tableBill.title')}
      </h1>
      {tableId === null ? (
        <EmptyState title={t('tableBill.noTable.title')}>
          <p className="empty-state__hint">{t('tableBill.noTable.hint')}</p>
          <Link to="/" className="button button--primary">
            {t('tableBill.backToMenu')}
          </Link>
        </EmptyState>
      ) : seating?.status === 'ended' ? (
        <SeatingEnded />
      ) : services.kind === 'open' ? (
        <TableBillBody tableId={tableId} access={services.access} />
      ) : joining ? (
        <p className="table-bill__loading" role="status">
          {t('tableBill.joining')}
        </p>
      ) : services.kind === 'scan' ? (
        <EmptyState title={t(services.codeChanged ? 'table.codeChanged' : 'tableBill.noKey.title')}>
          <p className="empty-state__hint">{t('tableBill.noKey.hint')}</p>
          <Link to="/cart" className="button button--secondary">
            {t('tableBill.yourOrders')}
          </Link>
        </EmptyState>
      ) : (
        // A provider without table services (v1): the bill comes from the staff, as it always did.
        <EmptyState title={t('tableBill.none.title')}>
          <p className="empty-state__hint">{t('tableBill.none.hint')}</p>
          <Link to="/cart" className="button button--secondary">
            {t('tableBill.yourOrders')}
          </Link>
        </EmptyState>
      )}
    </div>
  );
}

/** The table was cleared since this phone scanned it: the next party's bill is not this one's. */
function SeatingEnded() {
  return (
    <EmptyState title={t('tableBill.ended.title')}>
      <p className="empty-state__hint">{t('tableBill.ended.hint')}</p>
      <Link to="/cart" className="button button--secondary">
        {t('tableBill.yourOrders')}
      </Link>
    </EmptyState>
  );
}

function TableBillBody({ tableId, access }: { tableId: number; access: TableAccess }) {
  const bill = useQuery(tableBillQuery(tableId, access));
  const ended = bill.error instanceof ApiError && bill.error.code === SEATING_ENDED_ERROR_CODE;
  useEffect(() => {
    if (ended) markSeatingEnded(tableId);
  }, [ended, tableId]);
  if (bill.data) {
    return (
      <>
        <BillDetails bill={bill.data} />
        {'seatingKey' in access && <BillSummary seatingKey={access.seatingKey} tableId={tableId} />}
        <ServiceRequests
          tableId={tableId}
          access={access}
          open={bill.data.open_requests}
          billUpdatedAt={bill.dataUpdatedAt}
        />
      </>
    );
  }
  if (bill.isError) {
    if (ended) return <SeatingEnded />;
    // An old key or a provider without table bills: both say 404.
    if (bill.error instanceof ApiError && bill.error.status === 404) {
      return (
        <EmptyState title={t('tableBill.gone.title')}>
          <p className="empty-state__hint">{t('tableBill.gone.hint')}</p>
          <Link to="/cart" className="button button--secondary">
            {t('tableBill.yourOrders')}
          </Link>
        </EmptyState>
      );
    }
    return <LoadError title={t('tableBill.loadFailed')} error={bill.error} onRetry={() => void bill.refetch()} />;
  }
  return (
    <p className="table-bill__loading" role="status">
      {t('tableBill.loading')}
    </p>
  );
}

function BillDetails({ bill }: { bill: TableBill }) {
  const mine = new Set(useMyOrders().map((order) => order.orderID));
  const names = useDishNames(bill.orders.flatMap((order) => order.items.map((line) => line.menu_id)));
  if (bill.orders.length === 0) {
    return (
      <EmptyState title={t('tableBill.empty.title')}>
        <p className="empty-state__hint">{t('tableBill.empty.hint')}</p>
        <Link to="/" className="button button--primary">
          {t('tableBill.backToMenu')}
        </Link>
      </EmptyState>
    );
  }
  return (
    <section className="table-bill__orders" aria-labelledby="table-bill-orders" data-testid="table-bill">
      <h2 id="table-bill-orders" className="visually-hidden">
        {t('tableBill.orders')}
      </h2>
      {groupByGuest(bill.orders).map((group) => (
        <section
          key={group.guest ?? ''}
          className="table-bill__guest"
          aria-label={group.guest ?? t('tableBill.noName')}
          data-testid="table-bill-guest"
        >
          <h3 className="table-bill__guest-name">{group.guest ?? t('tableBill.noName')}</h3>
          <ul className="table-bill__list">
            {group.orders.map((order) => (
              <TableOrderItem key={order.orderID} order={order} mine={mine.has(order.orderID)} names={names} />
            ))}
          </ul>
        </section>
      ))}
      <p className="table-bill__total">
        <span>{t('tableBill.total')}</span>
        <span className="table-bill__amount" data-testid="table-total">
          {formatMoney(bill.total)}
        </span>
      </p>
    </section>
  );
}

interface TableOrderItemProps {
  order: TableOrder;
  mine: boolean;
  /** The dishes' names in the guest's language, where the menu has them. */
  names: Readonly<Record<number, DishNames>>;
}

function TableOrderItem({ order, mine, names }: TableOrderItemProps) {
  const cancelled = order.status === 'cancelled';
  return (
    <li className="table-bill__order" data-testid="table-bill-order" data-status={order.status}>
      <div className="table-bill__order-head">
        <span className="table-bill__order-id">
          {mine ? (
            <Link to="/cart" search={{ orderID: order.orderID }} className="table-bill__mine">
              {t('tableBill.orderMine', { id: order.orderID })}
            </Link>
          ) : (
            t('tableBill.order', { id: order.orderID })
          )}
        </span>
        <span className={`table-bill__status table-bill__status--${order.status}`}>{statusLabel(order.status)}</span>
      </div>
      <ul className="table-bill__lines">
        {/* One line per dish, note and choices, however the order was cut on the wire (60 sent as 20 + 20 + 20). */}
        {groupOrderLines(withDishNames(order.items, names)).map((line) => (
          <li key={line.key}>
            {line.quantity} × {line.name}
            {line.choices.length > 0 && (
              <span className="table-bill__choices" data-testid="table-line-choices">
                {line.choices.map((choice) => choice.name).join(', ')}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="table-bill__order-total">{cancelled ? t('tableBill.notCounted') : formatMoney(order.total)}</p>
    </li>
  );
}
