// The restaurant's calls (contract v1.1), one typed function each; the session travels as the same-origin cookie.
import { request, requestJson } from './client';
import { parseListAnswer, requestNoContent } from './console-client';
import { menuItemSchema, type OrderStatus } from '../../contract/guest';
import { serviceRequestSchema, serviceRequestsSchema } from '../../contract/orders';
import {
  staffAccountSchema,
  staffAccountsSchema,
  staffSessionSchema,
  type AccountChange,
  type DishAvailability,
  type NewStaffAccount,
  type PasswordChange,
} from '../../contract/staff';
import {
  kitchenOrderSchema,
  printerSchema,
  printersSchema,
  stationSettingsSchema,
  stationsSchema,
  type NewPrinter,
  type PrinterPatch,
  type KitchenOrder,
  type StationSettingsInput,
} from '../../contract/kitchen';
import { ApiError } from './errors';
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import {
  floorSchema,
  paymentRecordSchema,
  refundRecordSchema,
  staffBillSchema,
  staffTableSchema,
  staffTablesSchema,
  type NewTable,
  type RefundInput,
  type TablePatch,
  type TillPayment,
} from '../../contract/tables';

interface CallOptions {
  signal?: AbortSignal;
}

const enc = encodeURIComponent;

export function signIn(credentials: { name: string; password: string }, { signal }: CallOptions = {}) {
  return request(staffSessionSchema, 'staff/session', { method: 'post', json: credentials, signal });
}

export function getStaffSession({ signal }: CallOptions = {}) {
  return request(staffSessionSchema, 'staff/session', { signal });
}

export function signOut({ signal }: CallOptions = {}) {
  return requestNoContent('staff/session', { method: 'delete', signal });
}

/** Contract v1.2: the signed-in person's new password (the current one required); the account's other sessions end. */
export function changeMyPassword(change: PasswordChange, { signal }: CallOptions = {}) {
  return requestNoContent('staff/session/password', { method: 'put', json: change, signal });
}

/** Contract v1.2 (manager): another account's new password or role; that account's sessions end. */
export function changeStaffAccount(name: string, change: AccountChange, { signal }: CallOptions = {}) {
  return request(staffAccountSchema, `staff/accounts/${enc(name)}`, { method: 'patch', json: change, signal });
}

export function getStaffAccounts({ signal }: CallOptions = {}) {
  return request(staffAccountsSchema, 'staff/accounts', { signal });
}

export function addStaffAccount(account: NewStaffAccount, { signal }: CallOptions = {}) {
  return request(staffAccountSchema, 'staff/accounts', { method: 'post', json: account, signal });
}

export function removeStaffAccount(name: string, { signal }: CallOptions = {}) {
  return requestNoContent(`staff/accounts/${enc(name)}`, { method: 'delete', signal });
}

/**
 * With `station` (contract v1.2), each order carries only that station's lines, plus every station it touches. `held`,
 * the list the board already shows: only the orders that differ from it are validated again (a board at rush holds
 * hundreds, and is fetched again after each bump).
 */
export async function getBoardOrders(
  query: { status: 'open' | 'all'; limit?: number; station?: string | undefined },
  { signal, held }: CallOptions & { held?: readonly KitchenOrder[] | undefined } = {},
): Promise<KitchenOrder[]> {
  const searchParams: Record<string, string> = { status: query.status };
  if (query.limit !== undefined) searchParams.limit = String(query.limit);
  if (query.station !== undefined) searchParams.station = query.station;
  const body = await requestJson('staff/orders', { searchParams, signal });
  return parseListAnswer(kitchenOrderSchema, body, held, 'orderID');
}

/** A provider without a v1.2 call answers 404: the feature is not offered there (null), not an error. */
async function offered<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && (error.status === 404 || error.status === 405))
      return null;
    throw error;
  }
}

/** Every station with its timer thresholds; null from a provider without stations (v1.1). */
export function getStations({ signal }: CallOptions = {}) {
  return offered(() => request(stationsSchema, 'staff/stations', { signal }));
}

/** A station's timer thresholds and how many tickets it makes at once (manager). */
export function setStation(station: string, settings: StationSettingsInput, { signal }: CallOptions = {}) {
  return request(stationSettingsSchema, `staff/stations/${enc(station)}`, { method: 'put', json: settings, signal });
}

/** A station bumps its ticket: every line of the order it makes is done. */
export function bumpTicket(orderID: string, station: string, { signal }: CallOptions = {}) {
  return request(kitchenOrderSchema, `staff/orders/${enc(orderID)}/done`, {
    method: 'post',
    json: { station },
    signal,
  });
}

/** Brings back an order bumped in the last 15 minutes (only `station`'s lines when given); 409 otherwise. */
export function recallOrder(orderID: string, station: string | undefined, { signal }: CallOptions = {}) {
  return request(kitchenOrderSchema, `staff/orders/${enc(orderID)}/recall`, {
    method: 'post',
    json: station === undefined ? {} : { station },
    signal,
  });
}

/**
 * Records that this member of staff read the order's allergies (contract v1.2); the first acknowledgement stands. Null
 * from a provider without the call: the acknowledgement then lasts on this screen only.
 */
export function acknowledgeAllergies(orderID: string, { signal }: CallOptions = {}) {
  return offered(() =>
    request(kitchenOrderSchema, `staff/orders/${enc(orderID)}/allergies/acknowledge`, { method: 'post', signal }),
  );
}

/** The printers with their state and latest jobs (manager); null from a provider without printers. */
export function getPrinters({ signal }: CallOptions = {}) {
  return offered(() => request(printersSchema, 'staff/printers', { signal }));
}

export function addPrinter(printer: NewPrinter, { signal }: CallOptions = {}) {
  return request(printerSchema, 'staff/printers', { method: 'post', json: printer, signal });
}

export function changePrinter(id: number, patch: PrinterPatch, { signal }: CallOptions = {}) {
  return request(printerSchema, `staff/printers/${id}`, { method: 'patch', json: patch, signal });
}

export function removePrinter(id: number, { signal }: CallOptions = {}) {
  return requestNoContent(`staff/printers/${id}`, { method: 'delete', signal });
}

/** `from` is the status the cook saw: if someone moved the order meanwhile, the provider answers 409 stale. */
export function moveOrder(orderID: string, step: { from: OrderStatus; to: OrderStatus }, { signal }: CallOptions = {}) {
  return request(kitchenOrderSchema, `staff/orders/${enc(orderID)}/status`, { method: 'post', json: step, signal });
}

export function cancelOrder(orderID: string, reason: string, { signal }: CallOptions = {}) {
  return request(kitchenOrderSchema, `staff/orders/${enc(orderID)}/cancel`, {
    method: 'post',
    json: { reason },
    signal,
  });
}

export function updateDish(id: number, patch: DishAvailability, { signal }: CallOptions = {}) {
  return request(menuItemSchema, `staff/menu/${id}`, { method: 'patch', json: patch, signal });
}

export function getStaffTables({ signal }: CallOptions = {}) {
  return request(staffTablesSchema, 'staff/tables', { signal });
}

export function newTableKey(id: number, { signal }: CallOptions = {}) {
  return request(staffTableSchema, `staff/tables/${id}/key`, { method: 'post', signal });
}

/**
 * Ends the table's seating and keeps its printed key (contract v1.2); a seating that still owes money needs a
 * manager and a reason.
 */
export function clearTable(id: number, reason?: string, { signal }: CallOptions = {}) {
  return request(staffTableSchema, `staff/tables/${id}/clear`, {
    method: 'post',
    ...(reason === undefined ? {} : { json: { reason } }),
    signal,
  });
}

export function addTable(table: NewTable, { signal }: CallOptions = {}) {
  return request(staffTableSchema, 'staff/tables', { method: 'post', json: table, signal });
}

export function updateTable(id: number, patch: TablePatch, { signal }: CallOptions = {}) {
  return request(staffTableSchema, `staff/tables/${id}`, { method: 'patch', json: patch, signal });
}

export function removeTable(id: number, { signal }: CallOptions = {}) {
  return requestNoContent(`staff/tables/${id}`, { method: 'delete', signal });
}

/** The front of house: every table with its status, guests, money and requests. */
export function getFloor({ signal }: CallOptions = {}) {
  return request(floorSchema, 'staff/floor', { signal });
}

export function getStaffBill(tableId: number, { signal }: CallOptions = {}) {
  return request(staffBillSchema, `staff/tables/${tableId}/bill`, { signal });
}

export function addTillPayment(tableId: number, payment: TillPayment, { signal }: CallOptions = {}) {
  return request(paymentRecordSchema, `staff/tables/${tableId}/payments`, { method: 'post', json: payment, signal });
}

export function refundPayment(paymentId: number, refund: RefundInput, { signal }: CallOptions = {}) {
  return request(refundRecordSchema, `staff/payments/${paymentId}/refund`, { method: 'post', json: refund, signal });
}

/** "On my way": the guests see someone is coming. */
export function acknowledgeRequest(id: number, { signal }: CallOptions = {}) {
  return request(serviceRequestSchema, `staff/requests/${id}/ack`, { method: 'post', signal });
}

/** Every open service request (a waiter call, a bill asked for), oldest first. */
export function getServiceRequests({ signal }: CallOptions = {}) {
  return request(serviceRequestsSchema, 'staff/requests', { signal });
}

export function markRequestDone(id: number, { signal }: CallOptions = {}) {
  return request(serviceRequestSchema, `staff/requests/${id}/done`, { method: 'post', signal });
}

/** Replaces the restaurant's profile (manager); every open screen hears of it through a `restaurant` event. */
export function saveRestaurant(profile: Restaurant, { signal }: CallOptions = {}) {
  return request(restaurantSchema, 'staff/restaurant', { method: 'put', json: profile, signal });
}
