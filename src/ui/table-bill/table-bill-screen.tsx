// `/table`: everything ordered at this table since it was last cleared, grouped by guest, with each order's status and
// the table's total; and the buttons that call the waiter or ask for the bill. Needs the table's QR key.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { ApiError } from '../../api/errors';
import { tableBillQuery } from '../../api/queries';
import type { TableBill, TableOrder } from '../../api/schemas';
import { tableKeyFor } from '../../device/device-table';
import { useMyOrders } from '../../device/use-my-orders';
import { selectTableId, TableMachineContext } from '../../machines/table.context';
import { EmptyState } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';
import { formatMoney } from '../format';
import { statusLabel } from '../order/order-status-steps';
import { useTableName } from '../table/current-table';
import { useFocusOnArrival } from '../use-focus-on-arrival';
import { groupByGuest } from './group-by-guest';
import { ServiceRequests } from './service-requests';
import './table-bill.css';

export function TableBillScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading);
  const tableId = TableMachineContext.useSelector(selectTableId);
  const name = useTableName(tableId);
  const tableKey = tableId === null ? undefined : tableKeyFor(tableId);

  return (
    <div className="table-bill">
      <h1 ref={heading} className="table-bill__title" tabIndex={-1}>
        {name ? `${name}: the table’s bill` : 'The table’s bill'}
      </h1>
      {tableId === null ? (
        <EmptyState title="Which table are you at?">
          <p className="empty-state__hint">Scan the QR code on your table to see everything ordered at it.</p>
          <Link to="/" className="button button--primary">
            Back to the menu
          </Link>
        </EmptyState>
      ) : tableKey === undefined ? (
        <EmptyState title="Scan your table’s QR code to see its bill">
          <p className="empty-state__hint">
            The QR code on your table shows the table’s bill: what everyone at the table has ordered, and the total.
            Your own orders are listed under Your orders.
          </p>
          <Link to="/cart" className="button button--secondary">
            Your orders
          </Link>
        </EmptyState>
      ) : (
        <TableBillBody tableId={tableId} tableKey={tableKey} />
      )}
    </div>
  );
}

function TableBillBody({ tableId, tableKey }: { tableId: number; tableKey: string }) {
  const bill = useQuery(tableBillQuery(tableId, tableKey));
  if (bill.data) {
    return (
      <>
        <BillDetails bill={bill.data} />
        <ServiceRequests
          tableId={tableId}
          tableKey={tableKey}
          open={bill.data.open_requests}
          billUpdatedAt={bill.dataUpdatedAt}
        />
      </>
    );
  }
  if (bill.isError) {
    // An old key (the table was cleared for the next guests) or a provider without table bills: both say 404.
    if (bill.error instanceof ApiError && bill.error.status === 404) {
      return (
        <EmptyState title="The table’s bill is not available">
          <p className="empty-state__hint">
            If the table has been cleared since you scanned its QR code, scan it again. Your own orders are listed under
            Your orders.
          </p>
          <Link to="/cart" className="button button--secondary">
            Your orders
          </Link>
        </EmptyState>
      );
    }
    return (
      <LoadError title="We couldn’t load the table’s bill" error={bill.error} onRetry={() => void bill.refetch()} />
    );
  }
  return (
    <p className="table-bill__loading" role="status">
      Loading the table’s bill…
    </p>
  );
}

function BillDetails({ bill }: { bill: TableBill }) {
  const mine = new Set(useMyOrders().map((order) => order.orderID));
  if (bill.orders.length === 0) {
    return (
      <EmptyState title="Nothing ordered at this table yet">
        <p className="empty-state__hint">Orders placed at this table show here, whoever placed them.</p>
        <Link to="/" className="button button--primary">
          Back to the menu
        </Link>
      </EmptyState>
    );
  }
  return (
    <section className="table-bill__orders" aria-labelledby="table-bill-orders" data-testid="table-bill">
      <h2 id="table-bill-orders" className="visually-hidden">
        Orders at this table
      </h2>
      {groupByGuest(bill.orders).map((group) => (
        <section
          key={group.guest ?? ''}
          className="table-bill__guest"
          aria-label={group.guest ?? 'Without a name'}
          data-testid="table-bill-guest"
        >
          <h3 className="table-bill__guest-name">{group.guest ?? 'Without a name'}</h3>
          <ul className="table-bill__list">
            {group.orders.map((order) => (
              <TableOrderItem key={order.orderID} order={order} mine={mine.has(order.orderID)} />
            ))}
          </ul>
        </section>
      ))}
      <p className="table-bill__total">
        <span>Table total</span>
        <span className="table-bill__amount" data-testid="table-total">
          {formatMoney(bill.total)}
        </span>
      </p>
    </section>
  );
}

function TableOrderItem({ order, mine }: { order: TableOrder; mine: boolean }) {
  const cancelled = order.status === 'cancelled';
  return (
    <li className="table-bill__order" data-testid="table-bill-order" data-status={order.status}>
      <div className="table-bill__order-head">
        <span className="table-bill__order-id">
          {mine ? (
            <Link to="/cart" search={{ orderID: order.orderID }}>
              Order {order.orderID} (yours)
            </Link>
          ) : (
            `Order ${order.orderID}`
          )}
        </span>
        <span className={`table-bill__status table-bill__status--${order.status}`}>{statusLabel(order.status)}</span>
      </div>
      <ul className="table-bill__lines">
        {order.items.map((line) => (
          <li key={line.line_id}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <p className="table-bill__order-total">{cancelled ? 'Not counted: cancelled' : formatMoney(order.total)}</p>
    </li>
  );
}
