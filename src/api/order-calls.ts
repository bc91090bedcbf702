// The guest's calls about orders and the table's bill, one typed function each: loaded when an order is placed, added
// to or read, or a table scanned, never on the menu's first screen (its reads are in calls.ts).
import { request } from './client';
import { ApiError } from './errors';
import { PATHS, searchParams, type CallOptions } from './calls';
import { orderKeyFor, seatingKeyFor, tableKeyFor } from '../device/credentials';
import {
  orderSchema,
  ordersSchema,
  serviceRequestSchema,
  tableBillSchema,
  orderEstimateSchema,
  type OrderEstimate,
  type NewServiceRequest,
  type Order,
  type AddMenu,
  type NewOrder,
} from '../../contract/orders';

/** Only headers that have a value: no key known means no header, as a v1 provider expects. */
function headersOf(headers: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Every call about one order sends its key when this device has it; without it the provider answers 404. */
const orderKeyHeader = (orderID: string | undefined) =>
  headersOf({ 'X-Order-Key': orderID === undefined ? undefined : orderKeyFor(orderID) });

export function getOrders(query: { orderID?: string } = {}, { signal }: CallOptions = {}) {
  return request(ordersSchema, PATHS.orders, {
    searchParams: searchParams(query),
    headers: orderKeyHeader(query.orderID),
    signal,
  });
}

/**
 * When the order should be ready, from the kitchen's real queue (contract v1.2); null where the provider answers 404
 * (one without the call, or an order this device holds no key for): the caller keeps the summary's figure.
 */
export async function getOrderEstimate(orderID: string, { signal }: CallOptions = {}): Promise<OrderEstimate | null> {
  try {
    return await request(orderEstimateSchema, PATHS.orderEstimate, {
      searchParams: { orderID },
      headers: orderKeyHeader(orderID),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The same idempotency key must be sent again on a retry of the same order, so a retry never places a second one.
 * The table's key goes along when the guest came by its QR code. An answer that names the order but breaks the
 * contract elsewhere still means the order was placed: see readPlacedOrder.
 */
export async function addOrders(
  order: NewOrder,
  { idempotencyKey, signal }: CallOptions & { idempotencyKey: string },
): Promise<Order> {
  // Its lenient reading of the answer comes with the first order, not on the menu's path.
  const { readPlacedOrder } = await import('./placed-order');
  return readPlacedOrder(order, PATHS.orders, {
    method: 'post',
    json: order,
    headers: headersOf({
      'Idempotency-Key': idempotencyKey,
      'X-Table-Key': tableKeyFor(order.table_id),
      // The seating a scan joined (contract v1.2): the order joins it, and a guest name needs it.
      'X-Seating-Key': seatingKeyFor(order.table_id),
    }),
    signal,
  });
}

/** With an idempotency key, a resent addition is answered again and never adds twice (contract v1.1). */
export function addMenu(line: AddMenu, { signal, idempotencyKey }: CallOptions & { idempotencyKey?: string } = {}) {
  return request(orderSchema, PATHS.menu, {
    method: 'post',
    json: line,
    headers: { ...orderKeyHeader(line.orderID), ...headersOf({ 'Idempotency-Key': idempotencyKey }) },
    signal,
  });
}

export function removeMenu(query: { orderID: string; line_id: number }, { signal }: CallOptions = {}) {
  return request(orderSchema, PATHS.menu, {
    method: 'delete',
    searchParams: searchParams(query),
    headers: orderKeyHeader(query.orderID),
    signal,
  });
}

/**
 * How this phone opens its table's calls: the seating's key a scan joined (contract v1.2), or, with a provider that
 * has no seatings, the table's printed key (v1.1).
 */
export type TableAccess = { seatingKey: string } | { tableKey: string };

const accessHeader = (access: TableAccess): Record<string, string> =>
  'seatingKey' in access ? { 'X-Seating-Key': access.seatingKey } : { 'X-Table-Key': access.tableKey };

/** Every order of the table's seating (contract v1.1 "Table sessions"). */
export function getTableBill(access: TableAccess, { signal }: CallOptions = {}) {
  return request(tableBillSchema, PATHS.tableOrders, { headers: accessHeader(access), signal });
}

/** Calls the waiter or asks for the bill; a repeat while one is open answers the open one. */
export function addServiceRequest(access: TableAccess, body: NewServiceRequest, { signal }: CallOptions = {}) {
  return request(serviceRequestSchema, PATHS.tableRequests, {
    method: 'post',
    json: body,
    headers: accessHeader(access),
    signal,
  });
}
