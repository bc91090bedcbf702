// The restaurant's calls (contract v1.1), one typed function each; the session travels as the same-origin cookie.
import { api, request, requestNoContent } from './client';
import {
  menuItemSchema,
  orderSchema,
  ordersSchema,
  serviceRequestSchema,
  serviceRequestsSchema,
  type OrderStatus,
} from '../../contract/guest';
import {
  staffAccountSchema,
  staffAccountsSchema,
  staffSessionSchema,
  type DishAvailability,
  type NewStaffAccount,
} from '../../contract/staff';
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
  return request(staffSessionSchema, () => api.post('staff/session', { json: credentials, signal }));
}

export function getStaffSession({ signal }: CallOptions = {}) {
  return request(staffSessionSchema, () => api.get('staff/session', { signal }));
}

export function signOut({ signal }: CallOptions = {}) {
  return requestNoContent(() => api.delete('staff/session', { signal }));
}

export function getStaffAccounts({ signal }: CallOptions = {}) {
  return request(staffAccountsSchema, () => api.get('staff/accounts', { signal }));
}

export function addStaffAccount(account: NewStaffAccount, { signal }: CallOptions = {}) {
  return request(staffAccountSchema, () => api.post('staff/accounts', { json: account, signal }));
}

export function removeStaffAccount(name: string, { signal }: CallOptions = {}) {
  return requestNoContent(() => api.delete(`staff/accounts/${enc(name)}`, { signal }));
}

export function getBoardOrders(query: { status: 'open' | 'all'; limit?: number }, { signal }: CallOptions = {}) {
  const searchParams: Record<string, string> = { status: query.status };
  if (query.limit !== undefined) searchParams.limit = String(query.limit);
  return request(ordersSchema, () => api.get('staff/orders', { searchParams, signal }));
}

/** `from` is the status the cook saw: if someone moved the order meanwhile, the provider answers 409 stale. */
export function moveOrder(orderID: string, step: { from: OrderStatus; to: OrderStatus }, { signal }: CallOptions = {}) {
  return request(orderSchema, () => api.post(`staff/orders/${enc(orderID)}/status`, { json: step, signal }));
}

export function cancelOrder(orderID: string, reason: string, { signal }: CallOptions = {}) {
  return request(orderSchema, () => api.post(`staff/orders/${enc(orderID)}/cancel`, { json: { reason }, signal }));
}

export function updateDish(id: number, patch: DishAvailability, { signal }: CallOptions = {}) {
  return request(menuItemSchema, () => api.patch(`staff/menu/${id}`, { json: patch, signal }));
}

export function getStaffTables({ signal }: CallOptions = {}) {
  return request(staffTablesSchema, () => api.get('staff/tables', { signal }));
}

export function newTableKey(id: number, { signal }: CallOptions = {}) {
  return request(staffTableSchema, () => api.post(`staff/tables/${id}/key`, { signal }));
}

/**
 * Ends the table's seating and keeps its printed key (contract v1.2); a seating that still owes money needs a
 * manager and a reason.
 */
export function clearTable(id: number, reason?: string, { signal }: CallOptions = {}) {
  return request(staffTableSchema, () =>
    api.post(`staff/tables/${id}/clear`, { ...(reason === undefined ? {} : { json: { reason } }), signal }),
  );
}

export function addTable(table: NewTable, { signal }: CallOptions = {}) {
  return request(staffTableSchema, () => api.post('staff/tables', { json: table, signal }));
}

export function updateTable(id: number, patch: TablePatch, { signal }: CallOptions = {}) {
  return request(staffTableSchema, () => api.patch(`staff/tables/${id}`, { json: patch, signal }));
}

export function removeTable(id: number, { signal }: CallOptions = {}) {
  return requestNoContent(() => api.delete(`staff/tables/${id}`, { signal }));
}

/** The front of house: every table with its status, guests, money and requests. */
export function getFloor({ signal }: CallOptions = {}) {
  return request(floorSchema, () => api.get('staff/floor', { signal }));
}

export function getStaffBill(tableId: number, { signal }: CallOptions = {}) {
  return request(staffBillSchema, () => api.get(`staff/tables/${tableId}/bill`, { signal }));
}

export function addTillPayment(tableId: number, payment: TillPayment, { signal }: CallOptions = {}) {
  return request(paymentRecordSchema, () => api.post(`staff/tables/${tableId}/payments`, { json: payment, signal }));
}

export function refundPayment(paymentId: number, refund: RefundInput, { signal }: CallOptions = {}) {
  return request(refundRecordSchema, () => api.post(`staff/payments/${paymentId}/refund`, { json: refund, signal }));
}

/** "On my way": the guests see someone is coming. */
export function acknowledgeRequest(id: number, { signal }: CallOptions = {}) {
  return request(serviceRequestSchema, () => api.post(`staff/requests/${id}/ack`, { signal }));
}

/** Every open service request (a waiter call, a bill asked for), oldest first. */
export function getServiceRequests({ signal }: CallOptions = {}) {
  return request(serviceRequestsSchema, () => api.get('staff/requests', { signal }));
}

export function markRequestDone(id: number, { signal }: CallOptions = {}) {
  return request(serviceRequestSchema, () => api.post(`staff/requests/${id}/done`, { signal }));
}

/** Replaces the restaurant's profile (manager); every open screen hears of it through a `restaurant` event. */
export function saveRestaurant(profile: Restaurant, { signal }: CallOptions = {}) {
  return request(restaurantSchema, () => api.put('staff/restaurant', { json: profile, signal }));
}
