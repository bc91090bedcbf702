// The fake provider's table sessions (contract v1.1): seatings, the table's bill, service requests and clearing.
import { http, type HttpHandler } from 'msw';
import {
  serviceRequestSchema,
  serviceRequestsSchema,
  tableBillSchema,
  type Order,
  type ServiceRequest,
} from '../../contract/guest';
import { staffTableSchema } from '../../contract/staff';
import { fromCents, toCents } from '../../src/domain/money';
import { parseJsonBody, parseServiceRequest, secretHeader } from '../../server/api/request-parsing';
import { checkTableKey } from '../../server/orders/table-rules';
import { pathId } from '../../server/staff/staff-parsing';
import { tableNotFound } from '../../server/staff/staff-errors';
import { requestNotFound, tableKeyNotFound } from '../../server/tables/table-errors';
import type { FakeStaff, StaffAnswer } from './staff-handlers';

interface Seating {
  id: number;
  tableId: number;
  startedAt: Date;
  endedAt: Date | null;
}

export interface FakeTablesContext {
  base: string;
  now: () => Date;
  tableIds: () => number[];
  tableKeys: Map<number, string>;
  tableKey(tableId: number): string;
  /** The fake's orders with their seating and guest, oldest first. */
  orders: () => { orderID: string; seatingId?: number | undefined; guest?: string | null | undefined }[];
  toOrder(orderID: string): Order;
  staff: FakeStaff;
  route: (
    handle: (request: Request, url: URL, body: string, params: Record<string, string>) => StaffAnswer,
  ) => (info: {
    request: Request;
    params: Record<string, string | readonly string[] | undefined>;
  }) => Promise<Response>;
}

export interface FakeTables {
  handlers: HttpHandler[];
  /** The table's open seating's id, started now if there is none; checks a sent key again, as the provider does. */
  joinSeating(tableId: number, tableKey: string | undefined): number;
  /** Every request ever made, open or done. */
  requests: ServiceRequest[];
  reset(): void;
}

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function createTableHandlers(ctx: FakeTablesContext): FakeTables {
  let seatings: Seating[] = [];
  let requests: ServiceRequest[] = [];
  let nextRequestId = 1;
  const openSeating = (tableId: number) => seatings.find((s) => s.tableId === tableId && s.endedAt === null);

  /** The table whose current key this is, or the contract's 404. */
  function tableByKey(key: string | undefined): number {
    const id = key === undefined ? undefined : ctx.tableIds().find((tableId) => ctx.tableKey(tableId) === key);
    if (id === undefined) throw tableKeyNotFound();
    return id;
  }

  const tableKeyOf = (request: Request) => secretHeader(request.headers.get('X-Table-Key'));
  const url = (path: string) => `${ctx.base}${path}`;
  const { route } = ctx;

  const handlers: HttpHandler[] = [
    http.get(
      url('/table/orders'),
      route((request) => {
        const tableId = tableByKey(tableKeyOf(request));
        const seating = openSeating(tableId);
        const orders = seating
          ? ctx
              .orders()
              .filter((order) => order.seatingId === seating.id)
              .map((order) => ({ ...ctx.toOrder(order.orderID), guest: order.guest ?? null }))
          : [];
        const totalCents = orders
          .filter((order) => order.status !== 'cancelled')
          .reduce((sum, order) => sum + toCents(order.total), 0);
        const body = {
          table_id: tableId,
          seating_started_at: seating ? seating.startedAt.toISOString() : null,
          orders,
          total: fromCents(totalCents),
          open_requests: requests.filter((r) => r.table_id === tableId && !r.done_at),
        };
        return { body, schema: tableBillSchema };
      }),
    ),
    http.post(
      url('/table/requests'),
      route((request, _url, body) => {
        const { kind, note } = parseServiceRequest(parseJsonBody(body));
        const tableId = tableByKey(tableKeyOf(request));
        const open = requests.find((r) => r.table_id === tableId && r.kind === kind && !r.done_at);
        if (open) return { status: 200, body: open, schema: serviceRequestSchema };
        const created: ServiceRequest = {
          id: nextRequestId++,
          table_id: tableId,
          kind,
          note: note ?? '',
          created_at: ctx.now().toISOString(),
          done_at: null,
        };
        requests.push(created);
        return { status: 201, body: created, schema: serviceRequestSchema };
      }),
    ),
    http.get(
      url('/staff/requests'),
      route((request) => {
        ctx.staff.requireSession(request);
        return { body: requests.filter((r) => !r.done_at), schema: serviceRequestsSchema };
      }),
    ),
    http.post(
      url('/staff/requests/:id/done'),
      route((request, _url, _body, params) => {
        ctx.staff.requireSession(request);
        const id = pathId(params.id ?? '', 'service request');
        const found = requests.find((r) => r.id === id);
        if (!found) throw requestNotFound(id);
        found.done_at ??= ctx.now().toISOString();
        return { body: found, schema: serviceRequestSchema };
      }),
    ),
    http.post(
      url('/staff/tables/:id/clear'),
      route((request, _url, _body, params) => {
        const me = ctx.staff.requireSession(request);
        const id = pathId(params.id ?? '', 'table');
        if (!ctx.tableIds().includes(id)) throw tableNotFound(id);
        ctx.tableKeys.set(id, randomKey());
        const at = ctx.now();
        const seating = openSeating(id);
        if (seating) seating.endedAt = at;
        for (const r of requests) if (r.table_id === id && !r.done_at) r.done_at = at.toISOString();
        const table = ctx.staff.staffTable(id);
        // Keys are for managers: a cook's answer leaves the new one out.
        const { key: _key, ...withoutKey } = table ?? { key: undefined };
        return { body: me.role === 'manager' ? table : withoutKey, schema: staffTableSchema };
      }),
    ),
  ];

  return {
    handlers,
    get requests() {
      return requests;
    },
    joinSeating(tableId, tableKey) {
      checkTableKey(ctx.tableKey(tableId), tableKey, 'optional');
      let seating = openSeating(tableId);
      if (!seating) {
        seating = { id: seatings.length + 1, tableId, startedAt: ctx.now(), endedAt: null };
        seatings.push(seating);
      }
      return seating.id;
    },
    reset() {
      seatings = [];
      requests = [];
      nextRequestId = 1;
    },
  };
}
