// The kitchen's ticket rail: a station's tickets (or the expo's whole ones) oldest first in a grid, all-day counts,
// bump-bar keys, recall, allergies to acknowledge, add-ons and voids, and a bar that shouts when the provider is lost.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { STATION_DEFAULTS, type KitchenOrder, type StationSettings } from '../../../contract/kitchen';
import type { OrderStatus } from '../../../contract/guest';
import { ApiError } from '../../api/errors';
import { tablesQuery } from '../../api/queries';
import { acknowledgeAllergies, bumpTicket, cancelOrder, moveOrder, recallOrder } from '../../api/staff-calls';
import {
  boardPolling,
  boardQuery,
  recentOrdersQuery,
  stationBoardKey,
  stationsQuery,
  staffKeys,
} from '../../api/staff-queries';
import { allDayCounts, DEFAULT_STATION, RECALL_MINUTES } from '../../domain/kitchen';
import { selectLiveMode } from '../../machines/live.context';
import { StaffLiveMachineContext } from '../../machines/staff-live.context';
import { useAnnounce } from '../feedback/live-announcer';
import { AllDayStrip } from './all-day-strip';
import { CancelDialog } from './cancel-dialog';
import { ClearTableForm } from './clear-table-form';
import { ConnectionBar } from './connection-bar';
import { GuestsAskingStrip } from './guests-asking-strip';
import { ServiceRequestsPanel } from './service-requests-panel';
import { isSessionEnded, useSessionEndedOn } from './staff-session-provider';
import { TicketCard, type BumpAction } from './ticket-card';
import { useFocusAfter } from './use-focus-after';
import { useMuted, useNewOrders } from './use-new-orders';
import { useNow } from './use-now';
import { railPages, ticketRows } from './rail-layout';
import { useRailGrid } from './use-page-size';

/** The expo's name in the station picker and the route's search. */
export const EXPO = 'expo';

/** Steps of a whole order on a board without stations (a v1.1 provider), as the board always had them. */
const NEXT_STEP: Partial<Record<OrderStatus, { to: OrderStatus; label: string }>> = {
  received: { to: 'preparing', label: 'Start preparing' },
  preparing: { to: 'ready', label: 'Ready' },
  ready: { to: 'served', label: 'Served' },
};

const OPEN = new Set<OrderStatus>(['received', 'preparing', 'ready']);

interface Bumped {
  orderID: string;
  at: number;
}

// By order object: the board's cache keeps an unchanged order's object, so each time is read once, not per change.
const placedTimes = new WeakMap<KitchenOrder, number>();
function placedAt(order: KitchenOrder): number {
  let time = placedTimes.get(order);
  if (time === undefined) {
    time = Date.parse(order.created_at);
    placedTimes.set(order, time);
  }
  return time;
}

/**
 * Oldest first. The provider answers so and the stream appends the newest, so the list usually is already: then it is
 * returned as it is (one pass, no copy) and what is computed from it keeps its reference.
 */
function oldestFirst(orders: readonly KitchenOrder[]): readonly KitchenOrder[] {
  const times = orders.map(placedAt);
  if (times.every((time, index) => index === 0 || times[index - 1]! <= time)) return orders;
  return times
    .map((time, index) => ({ time, order: orders[index]! }))
    .sort((a, b) => a.time - b.time)
    .map(({ order }) => order);
}

/** The list without the order, or the same list when it is not there (nothing on the board then changes). */
function without(list: KitchenOrder[] | undefined, orderID: string): KitchenOrder[] {
  if (list === undefined) return [];
  return list.some((candidate) => candidate.orderID === orderID)
    ? list.filter((candidate) => candidate.orderID !== orderID)
    : list;
}

// One object per action, so a memoised ticket sees the same one from render to render.
/** Acknowledged here (this screen knows at once), or recorded by the provider from any screen. */
const isAcknowledged = (order: KitchenOrder, here: ReadonlySet<string>) =>
  here.has(order.orderID) || order.allergies_acknowledged_at !== undefined;

const BUMP: BumpAction = { label: 'Bump', blockedBy: null };
const CLEAR: BumpAction = { label: 'Clear', blockedBy: null };
const SERVED: BumpAction = { label: 'Served', blockedBy: null };
const SERVED_WAITING: BumpAction = { label: 'Served', blockedBy: 'Waiting for a station' };
const STEP_ACTIONS: Partial<Record<OrderStatus, BumpAction>> = Object.fromEntries(
  Object.entries(NEXT_STEP).map(([status, next]) => [status, { label: next.label, blockedBy: null }]),
);

/** What the ticket's big button does: a station bumps (or clears a void); whole orders step on, the expo hands over. */
function bumpActionOf(order: KitchenOrder, station: string | undefined, expo: boolean): BumpAction | null {
  if (station !== undefined) return order.status === 'cancelled' ? CLEAR : BUMP;
  if (!NEXT_STEP[order.status]) return null;
  if (!expo) return STEP_ACTIONS[order.status] ?? null;
  // The expo hands over what every station has finished.
  return order.status === 'ready' ? SERVED : SERVED_WAITING;
}

/** The station picker: memoised, as its router links cost more to draw than the rest of the bar. */
const StationNav = memo(function StationNav({
  names,
  station,
  expo,
}: {
  names: readonly string[];
  station: string | undefined;
  expo: boolean;
}) {
  return (
    <nav aria-label="Stations" className="kitchen__stations">
      {[...names, EXPO].map((name) => (
        <Link
          key={name}
          to="/staff"
          search={{ station: name }}
          className="staff-nav__link kitchen__station"
          aria-current={(name === EXPO ? expo : name === station) ? 'page' : undefined}
        >
          {name === EXPO ? 'Expo' : name}
        </Link>
      ))}
    </nav>
  );
});

/** A ticket on the rail, found again after the rail is drawn anew. */
const ticketOf = (orderID: string) =>
  document.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${orderID}"]`);

export function KitchenBoard({ view }: { view?: string | undefined }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const focusAfter = useFocusAfter();
  const stations = useQuery(stationsQuery());
  // A provider without stations (v1.1) answers null: one board of whole orders moved step by step, as before.
  const hasStations = stations.data !== null && stations.data !== undefined;
  const names = useMemo(() => {
    const list = (stations.data ?? []).map((settings) => settings.station);
    return list.includes(DEFAULT_STATION) ? list : [DEFAULT_STATION, ...list];
  }, [stations.data]);
  const expo = hasStations && view === EXPO;
  const station = hasStations && !expo ? (view && names.includes(view) ? view : DEFAULT_STATION) : undefined;
  const thresholds: Pick<StationSettings, 'warn_minutes' | 'late_minutes'> =
    stations.data?.find((settings) => settings.station === (station ?? DEFAULT_STATION)) ?? STATION_DEFAULTS;

  // While staff/events is open its events keep the board current; otherwise (connecting, reconnecting, or a provider
  // without it) the board polls as it always has.
  const isLive = StaffLiveMachineContext.useSelector(selectLiveMode) === 'live';
  const pollMs = isLive ? false : boardPolling.ms;
  const board = useQuery({ ...boardQuery(station), enabled: !stations.isPending, refetchInterval: pollMs });
  const recent = useQuery({ ...recentOrdersQuery(), refetchInterval: pollMs && pollMs * 3 });
  const tables = useQuery(tablesQuery());
  useSessionEndedOn(board.error ?? recent.error);
  const now = useNow(1000);
  const [muted, setMuted] = useMuted();
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<KitchenOrder | null>(null);
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  const [bumped, setBumped] = useState<Bumped[]>([]);
  const [page, setPage] = useState(0);
  const [selectedID, setSelectedID] = useState<string | null>(null);
  const { ref: railRef, grid } = useRailGrid();

  const tableName = useCallback(
    (id: number) => tables.data?.find((table) => table.id === id)?.name ?? `Table ${id}`,
    [tables.data],
  );
  const orders = useMemo(() => {
    const all = board.data ?? [];
    // A station's answer already holds only what it has to do; whole orders show while open.
    return oldestFirst(station === undefined ? all.filter((order) => OPEN.has(order.status)) : all);
  }, [board.data, station]);
  const fresh = useNewOrders(board.data, { muted, tableName });
  const counts = useMemo(() => allDayCounts(orders, station), [orders, station]);

  // Each ticket's rows, estimated once: the pages are made from them and each card spans them.
  const rowsOf = useMemo(() => {
    const rows = new Map(
      orders.map((order) => [order.orderID, ticketRows(order, station, tableName(order.table_id), now)]),
    );
    return (order: KitchenOrder) => Math.min(rows.get(order.orderID) ?? 1, grid.rows);
  }, [orders, station, tableName, now, grid.rows]);
  const paged = useMemo(() => railPages(orders, grid, rowsOf), [orders, grid, rowsOf]);
  const pages = paged.length;
  const currentPage = Math.min(page, pages - 1);
  const shown = paged[currentPage] ?? [];
  const before = paged.slice(0, currentPage).reduce((sum, list) => sum + list.length, 0);
  const beyond = orders.length - before - shown.length;

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [staffKeys.all[0], 'orders'] }),
    [queryClient],
  );
  // Once the stream is open nothing is missed from then on; what changed before it opened is fetched once more.
  useEffect(() => {
    if (isLive) void refresh();
  }, [isLive, refresh]);

  const replace = (order: KitchenOrder) =>
    queryClient.setQueryData<KitchenOrder[]>(stationBoardKey(station), (list) =>
      (list ?? []).map((candidate) => (candidate.orderID === order.orderID ? { ...candidate, ...order } : candidate)),
    );
  const failed = (error: unknown, what: string) => {
    if (isSessionEnded(error)) return;
    const stale = error instanceof ApiError && error.code === 'stale';
    const text = stale
      ? `Someone else moved that order first; the board now shows where it is.`
      : error instanceof ApiError && error.status === 409
        ? `Nothing to recall: only a ticket bumped in the last ${RECALL_MINUTES} minutes comes back.`
        : `Could not ${what}: ${error instanceof Error ? error.message : 'unknown error'}`;
    setNotice(text);
    announce(text);
    void refresh();
  };

  const bump = useMutation({
    mutationFn: (order: KitchenOrder) => {
      if (station !== undefined) return bumpTicket(order.orderID, station);
      const next = NEXT_STEP[order.status];
      if (!next) throw new Error('This order has no next step');
      return moveOrder(order.orderID, { from: order.status, to: next.to });
    },
    // The rail as it was: the tickets beside the bumped one, where focus goes once it leaves the screen.
    onMutate: (order) => {
      const card = ticketOf(order.orderID);
      const idOf = (element: Element | null | undefined) =>
        element instanceof HTMLElement && element.dataset.testid === 'order-card' ? element.dataset.orderId : undefined;
      return { next: idOf(card?.nextElementSibling), previous: idOf(card?.previousElementSibling) };
    },
    onSuccess: (order, _variables, around) => {
      // A ticket that stays (a whole order's next step) keeps the focus; one that leaves gives it to its neighbour,
      // so the next press of Enter bumps the next ticket and Tab does not start the page over.
      const card = ticketOf(order.orderID);
      const stays = station === undefined && OPEN.has(order.status);
      focusAfter(
        () =>
          (stays ? ticketOf(order.orderID) : null) ??
          (around.next ? ticketOf(around.next) : null) ??
          (around.previous ? ticketOf(around.previous) : null) ??
          document.querySelector<HTMLElement>('[data-testid="order-card"]') ??
          document.getElementById('kitchen-title'),
        () => card,
      );
      setNotice(null);
      // What a station bumped leaves its screen; a whole order's step stays until it is served.
      if (station !== undefined || !OPEN.has(order.status)) {
        // The stream has usually taken it off already: then the list stays the same and nothing re-renders.
        queryClient.setQueryData<KitchenOrder[]>(stationBoardKey(station), (list) => without(list, order.orderID));
        if (hasStations) setBumped((list) => [...list.slice(-19), { orderID: order.orderID, at: Date.now() }]);
      } else replace(order);
      announce(`${tableName(order.table_id)}: ${station === undefined ? order.status : `done at ${station}`}`);
      // While live the stream brings this change and every other one: fetching the whole board again after each bump
      // would only read back what it shows (hundreds of tickets at a rush). Without the stream, the board catches up now.
      if (!isLive) void refresh();
    },
    onError: (error) => failed(error, 'bump the ticket'),
  });
  useSessionEndedOn(bump.error);

  const recall = useMutation({
    mutationFn: (entry: Bumped) => recallOrder(entry.orderID, station),
    onSuccess: (order) => {
      setBumped((list) => list.filter((entry) => entry.orderID !== order.orderID));
      announce(`Recalled: ${tableName(order.table_id)}, order ${order.orderID}`);
      setNotice(`Recalled ${tableName(order.table_id)} (order ${order.orderID}).`);
      setSelectedID(order.orderID);
      void refresh();
    },
    onError: (error) => failed(error, 'recall the ticket'),
  });
  useSessionEndedOn(recall.error);

  const cancel = useMutation({
    mutationFn: ({ order, reason }: { order: KitchenOrder; reason: string }) => cancelOrder(order.orderID, reason),
    onSuccess: (order) => {
      setCancelling(null);
      replace(order);
      announce(`Order for ${tableName(order.table_id)} cancelled`);
      void refresh();
    },
  });
  useSessionEndedOn(cancel.error);
  // A mutation's result is a new object on every render; its mutate and reset are not, and the tickets' callbacks
  // depend on those alone so the memoised tickets keep them.
  const { mutate: bumpMutate } = bump;
  const { reset: resetCancel } = cancel;

  // Recorded by the provider (contract v1.2), so every kitchen screen and a reload know; this screen knows at once,
  // and alone against a provider without the call or when the call fails (the other screens then still ask).
  const record = useMutation({
    mutationFn: (orderID: string) => acknowledgeAllergies(orderID),
    // Only the acknowledgement: a station's board holds only its own lines of the order the provider answers whole.
    onSuccess: (order) => {
      const at = order?.allergies_acknowledged_at;
      if (at === undefined) return;
      queryClient.setQueryData<KitchenOrder[]>(stationBoardKey(station), (list) =>
        list?.map((candidate) =>
          candidate.orderID === order?.orderID ? { ...candidate, allergies_acknowledged_at: at } : candidate,
        ),
      );
    },
    onError: (error) => {
      if (isSessionEnded(error)) return;
      const text = `Allergy acknowledged on this screen only: ${error instanceof Error ? error.message : 'unknown error'}. Other screens still ask.`;
      setNotice(text);
      announce(text);
    },
  });
  useSessionEndedOn(record.error);
  const { mutate: recordAcknowledgement } = record;

  const lastBumped = bumped.filter((entry) => now - entry.at < RECALL_MINUTES * 60_000).at(-1);
  const acknowledge = useCallback(
    (orderID: string) => {
      setAcknowledged((set) => new Set([...set, orderID]));
      recordAcknowledgement(orderID);
      announce('Allergy acknowledged');
      // The pressed button goes with the banner's question; the ticket's Bump, now free, is the next step. Where it
      // still waits (the expo's Served, for a station not done), the ticket's heading: a tight ring on its name, not
      // one around the whole card, and the next Tab goes on within the ticket.
      focusAfter(
        () =>
          ticketOf(orderID)?.querySelector<HTMLElement>('[data-action="bump"]:not(:disabled)') ??
          document.getElementById(`ticket-${orderID}`),
        () => ticketOf(orderID),
      );
    },
    [announce, focusAfter, recordAcknowledgement],
  );
  const startCancel = useCallback(
    (order: KitchenOrder) => {
      resetCancel();
      setCancelling(order);
    },
    [resetCancel],
  );
  const tryBump = useCallback(
    (order: KitchenOrder) => {
      const action = bumpActionOf(order, station, expo);
      if (!action || action.blockedBy) {
        if (action?.blockedBy) announce(`${tableName(order.table_id)}: ${action.blockedBy.toLowerCase()}`);
        return;
      }
      if ((order.allergies ?? []).length > 0 && !isAcknowledged(order, acknowledged) && order.status !== 'cancelled') {
        const text = `${tableName(order.table_id)} has an allergy: acknowledge it before bumping.`;
        setNotice(text);
        announce(text);
        return;
      }
      bumpMutate(order);
    },
    [station, expo, acknowledged, bumpMutate, announce, tableName],
  );

  const focusTicket = (orderID: string) => {
    setSelectedID(orderID);
    document.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${orderID}"]`)?.focus();
  };

  // The bump bar: 1–9 pick a ticket on this page, Enter or Space bumps it, R recalls the last bumped, arrows page.
  const keys = useRef({ shown, selectedID, tryBump, lastBumped, pages, currentPage });
  useEffect(() => {
    keys.current = { shown, selectedID, tryBump, lastBumped, pages, currentPage };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, dialog, [role="dialog"]')) return;
      // A focused button or link keeps its own Enter and Space.
      const onControl = target?.closest('button, a') !== null && target?.closest('button, a') !== undefined;
      const state = keys.current;
      if (/^[1-9]$/.test(event.key)) {
        const order = state.shown[Number(event.key) - 1];
        if (order) {
          event.preventDefault();
          focusTicket(order.orderID);
        }
      } else if ((event.key === 'Enter' || event.key === ' ') && !onControl) {
        const order = state.shown.find((candidate) => candidate.orderID === state.selectedID);
        if (order) {
          event.preventDefault();
          state.tryBump(order);
        }
      } else if ((event.key === 'r' || event.key === 'R') && hasStations) {
        event.preventDefault();
        if (state.lastBumped) recall.mutate(state.lastBumped);
        else announce(`Nothing bumped in the last ${RECALL_MINUTES} minutes to recall.`);
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown' || event.key === 'PageDown') {
        if (state.currentPage < state.pages - 1) {
          event.preventDefault();
          setPage(state.currentPage + 1);
          announce(`Page ${state.currentPage + 2} of ${state.pages}`);
        }
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp' || event.key === 'PageUp') {
        if (state.currentPage > 0) {
          event.preventDefault();
          setPage(state.currentPage - 1);
          announce(`Page ${state.currentPage} of ${state.pages}`);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasStations, announce]);

  const title = expo ? 'Expo' : station === undefined ? 'Kitchen' : station === DEFAULT_STATION ? 'Kitchen' : station;
  const served = (recent.data ?? []).filter((order) => order.status === 'served').slice(0, 8);

  return (
    <section className="kitchen" aria-labelledby="kitchen-title">
      <ConnectionBar
        failing={board.isError || board.failureCount > 0}
        muted={muted}
        hasData={board.data !== undefined}
      />
      <div className="kitchen__bar">
        <h1 id="kitchen-title" className="kitchen__title" tabIndex={-1}>
          {title}
        </h1>
        {hasStations && <StationNav names={names} station={station} expo={expo} />}
        <GuestsAskingStrip tableName={tableName} />
        <span className="kitchen__mode" data-testid="board-mode">
          {isLive ? 'Live' : 'Checking for orders every few seconds'}
        </span>
        <label className="staff-switch">
          <input type="checkbox" role="switch" checked={muted} onChange={(event) => setMuted(event.target.checked)} />
          <span>Mute sounds</span>
        </label>
      </div>
      <AllDayStrip counts={counts} station={station} hasStations={hasStations} />
      {(board.isPending || stations.isPending) && <p role="status">Loading orders…</p>}
      {board.isError && !isSessionEnded(board.error) && board.data === undefined && (
        <p className="staff-error" role="alert">
          Could not load the orders ({board.error.message}). Retrying every few seconds.
        </p>
      )}
      <div
        className="kitchen__rail"
        ref={railRef}
        data-testid="ticket-rail"
        aria-busy={board.data === undefined}
        aria-describedby="kitchen-keys"
      >
        {board.data && orders.length === 0 && <p className="kitchen__empty">No open tickets.</p>}
        {shown.map((order, index) => (
          <TicketCard
            key={order.orderID}
            order={order}
            keyNumber={index < 9 ? index + 1 : null}
            rows={rowsOf(order)}
            selected={order.orderID === selectedID}
            tableName={tableName(order.table_id)}
            now={now}
            thresholds={thresholds}
            station={station}
            expo={expo}
            isNew={fresh.has(order.orderID)}
            acknowledged={isAcknowledged(order, acknowledged)}
            busy={bump.isPending && bump.variables.orderID === order.orderID}
            bump={bumpActionOf(order, station, expo)}
            onSelect={setSelectedID}
            onBump={tryBump}
            onAcknowledge={acknowledge}
            onCancel={startCancel}
          />
        ))}
      </div>
      <div className="kitchen__pager">
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={currentPage === 0}
          onClick={() => setPage(currentPage - 1)}
        >
          ← Older
        </button>
        <span data-testid="rail-count" role="status">
          {orders.length === 0 ? 'No tickets' : `Tickets ${before + 1}–${before + shown.length} of ${orders.length}`}
          {beyond > 0 ? ` · ${beyond} more on the next pages` : ''}
        </span>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={currentPage >= pages - 1}
          onClick={() => setPage(currentPage + 1)}
        >
          Newer →
        </button>
        {/* Under the rail, beside the pager: a hint ("acknowledge it before bumping") does not push the tickets down. */}
        {notice && (
          <p className="staff-note kitchen__notice" data-testid="board-notice">
            {notice}
          </p>
        )}
        <p className="kitchen__keys" id="kitchen-keys">
          Keys: <kbd>1</kbd>–<kbd>9</kbd> pick a ticket · <kbd>Enter</kbd> or <kbd>Space</kbd> bump
          {hasStations && (
            <>
              {' '}
              · <kbd>R</kbd> recall the last bumped
            </>
          )}{' '}
          · <kbd>←</kbd> <kbd>→</kbd> page
          {hasStations && (
            <button
              type="button"
              className="staff-button staff-button--quiet kitchen__recall"
              disabled={!lastBumped || recall.isPending}
              onClick={() => lastBumped && recall.mutate(lastBumped)}
            >
              Recall last bumped
            </button>
          )}
        </p>
      </div>
      <div className="kitchen__tables">
        <ServiceRequestsPanel tableName={tableName} muted={muted} />
        <ClearTableForm tables={tables.data ?? []} openOrders={orders} />
      </div>
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
