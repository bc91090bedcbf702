// The kitchen board: open orders in Received, Preparing and Ready, moved on with one tap; new ones chime and flash.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/errors';
import { menuQuery, RESTAURANT_LANGUAGE, tablesQuery } from '../../api/queries';
import type { Order, OrderStatus } from '../../../contract/guest';
import { cancelOrder, moveOrder } from '../../api/staff-calls';
import { boardPolling, boardQuery, recentOrdersQuery, staffKeys } from '../../api/staff-queries';
import { selectLiveMode } from '../../machines/live.context';
import { StaffLiveMachineContext } from '../../machines/staff-live.context';
import { useAnnounce } from '../feedback/live-announcer';
import { CancelDialog } from './cancel-dialog';
import { ClearTableForm } from './clear-table-form';
import { NEXT_STEP, OrderCard } from './order-card';
import { ServiceRequestsPanel } from './service-requests-panel';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { useMuted, useNewOrders } from './use-new-orders';
import { useNow } from './use-now';

const COLUMNS: { status: OrderStatus; title: string }[] = [
  { status: 'received', title: 'Received' },
  { status: 'preparing', title: 'Preparing' },
  { status: 'ready', title: 'Ready' },
];

export function KitchenBoard() {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  // While staff/events is open its events keep the board current; otherwise (connecting, reconnecting, or a provider
  // without it) the board polls as it always has.
  const isLive = StaffLiveMachineContext.useSelector(selectLiveMode) === 'live';
  const pollMs = isLive ? false : boardPolling.ms;
  const board = useQuery({ ...boardQuery(), refetchInterval: pollMs });
  const recent = useQuery({ ...recentOrdersQuery(), refetchInterval: pollMs && pollMs * 3 });
  const tables = useQuery(tablesQuery());
  const menu = useQuery(menuQuery({}, RESTAURANT_LANGUAGE));
  useSessionEndedOn(board.error ?? recent.error);
  const now = useNow(30_000);
  const [muted, setMuted] = useMuted();
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const tableName = useCallback(
    (id: number) => tables.data?.find((table) => table.id === id)?.name ?? `Table ${id}`,
    [tables.data],
  );
  const prepOf = useMemo(() => new Map((menu.data ?? []).map((item) => [item.id, item.prep_minutes])), [menu.data]);
  const fresh = useNewOrders(board.data, { muted, tableName });

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [staffKeys.all[0], 'orders'] }),
    [queryClient],
  );
  // Once the stream is open nothing is missed from then on; what changed before it opened is fetched once more.
  useEffect(() => {
    if (isLive) void refresh();
  }, [isLive, refresh]);
  const replace = (order: Order) =>
    queryClient.setQueryData<Order[]>(staffKeys.board, (orders) =>
      (orders ?? [])
        .map((candidate) => (candidate.orderID === order.orderID ? order : candidate))
        .filter((candidate) => NEXT_STEP[candidate.status] !== undefined),
    );
  const failed = (error: unknown, what: string) => {
    if (isSessionEnded(error)) return;
    const stale = error instanceof ApiError && error.code === 'stale';
    const text = stale
      ? `Someone else moved that order first; the board now shows where it is.`
      : `Could not ${what}: ${error instanceof Error ? error.message : 'unknown error'}`;
    setNotice(text);
    announce(text);
    void refresh();
  };

  const move = useMutation({
    mutationFn: ({ order, to }: { order: Order; to: OrderStatus }) =>
      moveOrder(order.orderID, { from: order.status, to }),
    onSuccess: (order) => {
      setNotice(null);
      replace(order);
      announce(`${tableName(order.table_id)}: ${order.status}`);
      void refresh();
    },
    onError: (error) => failed(error, 'move the order'),
  });
  useSessionEndedOn(move.error);

  const cancel = useMutation({
    mutationFn: ({ order, reason }: { order: Order; reason: string }) => cancelOrder(order.orderID, reason),
    onSuccess: (order) => {
      setCancelling(null);
      replace(order);
      announce(`Order for ${tableName(order.table_id)} cancelled`);
      void refresh();
    },
  });
  useSessionEndedOn(cancel.error);

  const orders = board.data ?? [];
  const served = (recent.data ?? []).filter((order) => order.status === 'served').slice(0, 8);

  return (
    <section className="kitchen" aria-labelledby="kitchen-title">
      <div className="kitchen__bar">
        <h1 id="kitchen-title">Kitchen</h1>
        <span className="kitchen__mode" data-testid="board-mode">
          {isLive ? 'Live' : 'Checking for orders every few seconds'}
        </span>
        <label className="staff-switch">
          <input type="checkbox" role="switch" checked={muted} onChange={(event) => setMuted(event.target.checked)} />
          <span>Mute new-order sound</span>
        </label>
      </div>
      <div className="kitchen__tables">
        <ServiceRequestsPanel tableName={tableName} muted={muted} />
        <ClearTableForm tables={tables.data ?? []} openOrders={orders} />
      </div>
      {notice && (
        <p className="staff-note" data-testid="board-notice">
          {notice}
        </p>
      )}
      {board.isPending && <p role="status">Loading orders…</p>}
      {board.isError && !isSessionEnded(board.error) && (
        <p className="staff-error" role="alert">
          Could not load the orders ({board.error.message}). Retrying every few seconds.
        </p>
      )}
      {/* Only once the orders are in: empty columns saying "Nothing here." would be wrong while they are not. */}
      {board.data && (
        <div className="kitchen__columns">
          {COLUMNS.map((column) => {
            const inColumn = orders.filter((order) => order.status === column.status);
            return (
              <section key={column.status} className="kitchen__column" aria-labelledby={`column-${column.status}`}>
                <h2 id={`column-${column.status}`}>
                  {column.title} <span className="kitchen__count">({inColumn.length})</span>
                </h2>
                {inColumn.length === 0 ? (
                  <p className="kitchen__empty">Nothing here.</p>
                ) : (
                  inColumn.map((order) => (
                    <OrderCard
                      key={order.orderID}
                      order={order}
                      tableName={tableName(order.table_id)}
                      now={now}
                      prepMinutes={Math.max(0, ...order.items.map((line) => prepOf.get(line.menu_id) ?? 0))}
                      isNew={fresh.has(order.orderID)}
                      busy={move.isPending && move.variables.order.orderID === order.orderID}
                      onNext={(current) => {
                        const next = NEXT_STEP[current.status];
                        if (next) move.mutate({ order: current, to: next.to });
                      }}
                      onCancel={(current) => {
                        cancel.reset();
                        setCancelling(current);
                      }}
                    />
                  ))
                )}
              </section>
            );
          })}
        </div>
      )}
      <section className="kitchen__served" aria-labelledby="served-title">
        <h2 id="served-title">Recently served</h2>
        {served.length === 0 ? (
          <p className="kitchen__empty">No order served yet.</p>
        ) : (
          <ul>
            {served.map((order) => (
              <li key={order.orderID}>
                {tableName(order.table_id)} · order {order.orderID} ·{' '}
                {order.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
      {cancelling && (
        <CancelDialog
          order={cancelling}
          tableName={tableName(cancelling.table_id)}
          busy={cancel.isPending}
          error={cancel.error && !isSessionEnded(cancel.error) ? cancel.error.message : null}
          onConfirm={(reason) => cancel.mutate({ order: cancelling, reason })}
          onClose={() => setCancelling(null)}
        />
      )}
    </section>
  );
}
