// Query keys and options for the console's reads: all under 'staff', so none is ever persisted on the device.
import { queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import { STAFF_QUERY_ROOT } from './query-client';
import {
  getBoardOrders,
  getFloor,
  getPrinters,
  getServiceRequests,
  getStaffAccounts,
  getStaffBill,
  getStaffTables,
  getStations,
} from './staff-calls';
import { getMenuAudit, getMenuDocument, getMenuLanguages } from './menu-admin-calls';
import type { KitchenOrder } from '../../contract/kitchen';

/** How often the board asks for new orders until live events exist; tests shorten it. */
export const boardPolling = { ms: 4000 };

export const staffKeys = {
  all: [STAFF_QUERY_ROOT] as const,
  board: [STAFF_QUERY_ROOT, 'orders', 'open'] as const,
  recent: [STAFF_QUERY_ROOT, 'orders', 'all'] as const,
  tables: [STAFF_QUERY_ROOT, 'tables'] as const,
  accounts: [STAFF_QUERY_ROOT, 'accounts'] as const,
  menu: [STAFF_QUERY_ROOT, 'menu'] as const,
  requests: [STAFF_QUERY_ROOT, 'requests'] as const,
  stations: [STAFF_QUERY_ROOT, 'stations'] as const,
  printers: [STAFF_QUERY_ROOT, 'printers'] as const,
  floor: [STAFF_QUERY_ROOT, 'floor'] as const,
  /** Every table's bill as staff see it, by table. */
  bills: [STAFF_QUERY_ROOT, 'bill'] as const,
  bill: (tableId: number) => [STAFF_QUERY_ROOT, 'bill', tableId] as const,
  /** The back office's whole menu (a MenuDocument with ids), its audit list and the languages it is written in. */
  menuDocument: [STAFF_QUERY_ROOT, 'menu-document'] as const,
  menuAudit: [STAFF_QUERY_ROOT, 'menu-audit'] as const,
  menuLanguages: [STAFF_QUERY_ROOT, 'menu-languages'] as const,
};

/** Open tickets a board asks for: enough for a rush (the rail pages through them). */
const BOARD_LIMIT = 500;

/** The open orders one board shows: a station's (only its lines) or, without one, whole orders (the expo's). */
export const stationBoardKey = (station: string | undefined) =>
  station === undefined ? staffKeys.board : ([...staffKeys.board, station] as const);

/** Open service requests, asked for as often as the board asks for orders (the panel stops while staff/events is live). */
export const serviceRequestsQuery = () =>
  queryOptions({
    queryKey: staffKeys.requests,
    queryFn: ({ signal }) => getServiceRequests({ signal }),
    staleTime: 0,
    refetchInterval: () => boardPolling.ms,
  });

/**
 * Structural sharing of order lists by orderID, not by position: a ticket gone from the front shifts every other one,
 * and comparing by index would then compare each order with its neighbour field by field. An unchanged order (the same
 * object, or equal to the one held) keeps its object, so its ticket does not re-render; an unchanged list, its array.
 */
export function shareOrders(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next)) return replaceEqualDeep(previous, next);
  const held = new Map<string, unknown>();
  for (const order of previous as KitchenOrder[]) held.set(order.orderID, order);
  let same = previous.length === next.length;
  const shared = (next as KitchenOrder[]).map((order, index) => {
    const before = held.get(order.orderID);
    const kept = before === undefined || before === order ? order : replaceEqualDeep(before, order);
    if (kept !== previous[index]) same = false;
    return kept;
  });
  return same ? previous : shared;
}

export const boardQuery = (station?: string) =>
  queryOptions({
    queryKey: stationBoardKey(station),
    queryFn: ({ signal, client, queryKey }) =>
      getBoardOrders(
        { status: 'open', limit: BOARD_LIMIT, station },
        { signal, held: client.getQueryData<KitchenOrder[]>(queryKey) },
      ),
    staleTime: 0,
    structuralSharing: shareOrders,
  });

/** The stations and their timers; null from a provider without stations (the board then shows whole orders). */
export const stationsQuery = () =>
  queryOptions({ queryKey: staffKeys.stations, queryFn: ({ signal }) => getStations({ signal }), staleTime: 60_000 });

/** The printers and their jobs, refreshed while the screen is open: a job's state moves on its own. */
export const printersQuery = () =>
  queryOptions({
    queryKey: staffKeys.printers,
    queryFn: ({ signal }) => getPrinters({ signal }),
    staleTime: 0,
    refetchInterval: 5000,
  });

export const recentOrdersQuery = () =>
  queryOptions({
    queryKey: staffKeys.recent,
    queryFn: ({ signal, client, queryKey }) =>
      getBoardOrders({ status: 'all', limit: 60 }, { signal, held: client.getQueryData<KitchenOrder[]>(queryKey) }),
    staleTime: 0,
    structuralSharing: shareOrders,
  });

export const staffTablesQuery = () =>
  queryOptions({ queryKey: staffKeys.tables, queryFn: ({ signal }) => getStaffTables({ signal }) });

export const staffAccountsQuery = () =>
  queryOptions({ queryKey: staffKeys.accounts, queryFn: ({ signal }) => getStaffAccounts({ signal }) });

/** The front of house: polled as the board is while staff/events is not live; its events make it stale at once. */
export const floorQuery = () =>
  queryOptions({
    queryKey: staffKeys.floor,
    queryFn: ({ signal }) => getFloor({ signal }),
    staleTime: 0,
  });

export const staffBillQuery = (tableId: number) =>
  queryOptions({ queryKey: staffKeys.bill(tableId), queryFn: ({ signal }) => getStaffBill(tableId, { signal }) });

export const menuDocumentQuery = () =>
  queryOptions({
    queryKey: staffKeys.menuDocument,
    queryFn: ({ signal }) => getMenuDocument({ signal }),
    staleTime: 0,
  });

export const menuAuditQuery = (limit: number) =>
  queryOptions({ queryKey: [...staffKeys.menuAudit, limit], queryFn: ({ signal }) => getMenuAudit(limit, { signal }) });

export const menuLanguagesQuery = () =>
  queryOptions({ queryKey: staffKeys.menuLanguages, queryFn: ({ signal }) => getMenuLanguages({ signal }) });
