// The fake provider's tables (contract v1.1 "Table sessions", v1.2 "Tables that last"): the tables editor, seatings
// and their keys, service requests, the floor and clearing, in memory.
import { http, type HttpHandler } from 'msw';
import { seatingSchema } from '../../contract/bill';
import { type Table } from '../../contract/guest';
import type { Restaurant } from '../../contract/restaurant';
import {
  serviceRequestSchema,
  serviceRequestsSchema,
  tableBillSchema,
  type Order,
  type ServiceRequest,
} from '../../contract/orders';
import type { StaffSession } from '../../contract/staff';
import {
  floorSchema,
  staffTableSchema,
  staffTablesSchema,
  type FloorTable,
  type StaffTable,
  tableNameKey,
} from '../../contract/tables';
import { fromCents, toCents } from '../../src/domain/money';
import { notEditable } from '../../server/api/provider-error';
import { parseJsonBody, parseServiceRequest, secretHeader } from '../../server/api/request-parsing';
import { balanceDue, moneyWriter, reasonNeeded } from '../../server/bill/bill-errors';
import { parseClear, parseNewTable, parseTablePatch } from '../../server/bill/bill-parsing';
import { pathId } from '../../server/staff/staff-parsing';
import { tableNotFound } from '../../server/staff/staff-errors';
import {
  requestNotFound,
  seatingEnded,
  seatingKeyNotFound,
  tableKeyNotFound,
  tableNameTaken,
} from '../../server/tables/table-errors';
import { deriveTableStatus, v1TableStatus } from '../../server/tables/table-status';
import type { FakeStaff, StaffRoute } from './staff-handlers';

export interface FakeSeating {
  id: number;
  tableId: number;
  startedAt: Date;
  endedAt: Date | null;
}

export interface FakeTable {
  id: number;
  name: string;
  seats: number;
  area: string | null;
  reserved: boolean;
  removed: boolean;
}

export interface FakeTablesContext {
  base: string;
  now: () => Date;
  initialTables: readonly Table[];
  /** The fake's orders with their seating and guest, oldest first. */
  orders: () => {
    orderID: string;
    table_id: number;
    status: Order['status'];
    seatingId?: number | undefined;
    guest?: string | null | undefined;
  }[];
  toOrder(orderID: string): Order;
  staff: FakeStaff;
  /** What the seating owes (cents), from the fake's bill. */
  balanceOf(seatingId: number): number;
  /** The seating's bill figures in the floor's terms. */
  moneyOf(seatingId: number): { total: number; paid: number; balance: number };
  /** The restaurant's profile: its currency and locale write the amounts in refusals. */
  restaurant(): Restaurant;
  /** Open shares of an ended seating expire. */
  onSeatingEnded(seatingId: number): void;
  route: StaffRoute;
}

export interface FakeTables {
  handlers: HttpHandler[];
  /** Tables guests see (not removed), with their v1 status. */
  v1Tables(): Table[];
  isKnown(tableId: number): boolean;
  /** The table's printed key, as its QR code carries it (fixed per table until a manager asks for a new one). */
  tableKey(tableId: number): string;
  /** The table's open seating's id, started now if there is none. */
  joinSeating(tableId: number): number;
  /** The open seating a phone's key opens, or the contract's 404 (`seating_ended` once the table was cleared). */
  seatingByKey(key: string | undefined): FakeSeating;
  seatings(): readonly FakeSeating[];
  /** A table's name, removed tables too (a day's report names the tables its orders were at). */
  nameOf(tableId: number): string | undefined;
  /** Every request ever made, open or done. */
  requests: ServiceRequest[];
  reset(): void;
}

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function createTableHandlers(ctx: FakeTablesContext): FakeTables {
  const initial = () =>
    ctx.initialTables.map((table) => ({
      id: table.id,
      name: table.name,
      seats: table.seats,
      area: null,
      reserved: false,
      removed: false,
    }));
  let tables: FakeTable[] = initial();
  // Fixed per table until a manager asks for a new one, so a test can build a QR link; the real provider's are random.
  const tableKeys = new Map<number, string>();
  let seatings: FakeSeating[] = [];
  const seatingKeys = new Map<string, number>();
  let requests: ServiceRequest[] = [];
  let nextRequestId = 1;

  const tableKey = (tableId: number) => {
    let key = tableKeys.get(tableId);
    if (!key) tableKeys.set(tableId, (key = `fake-table-key-${tableId}-0123456789`));
    return key;
  };
  const live = () => tables.filter((table) => !table.removed);
  const mustFindTable = (id: number) => live().find((table) => table.id === id) ?? raise(tableNotFound(id));
  const checkNameFree = (name: string, self?: number) => {
    const other = live().find((table) => table.id !== self && tableNameKey(table.name) === tableNameKey(name));
    if (other) throw tableNameTaken(other.name);
  };
  const openSeating = (tableId: number) => seatings.find((s) => s.tableId === tableId && s.endedAt === null);
  const openRequestsOf = (tableId: number) => requests.filter((r) => r.table_id === tableId && !r.done_at);

  function statusOf(table: FakeTable) {
    return deriveTableStatus({
      asking: openRequestsOf(table.id).length > 0,
      seated: openSeating(table.id) !== undefined,
      reserved: table.reserved,
    });
  }

  function toStaffTable(table: FakeTable, withKey: boolean): StaffTable {
    return {
      id: table.id,
      name: table.name,
      seats: table.seats,
      area: table.area,
      reserved: table.reserved,
      status: statusOf(table),
      ...(withKey ? { key: tableKey(table.id) } : {}),
      open_orders: ctx
        .orders()
        .filter((order) => order.table_id === table.id && ['received', 'preparing', 'ready'].includes(order.status))
        .length,
    };
  }

  function tableByKey(key: string | undefined): number {
    const found = key === undefined ? undefined : live().find((table) => tableKey(table.id) === key);
    if (!found) throw tableKeyNotFound();
    return found.id;
  }

  function joinSeating(tableId: number): number {
    let seating = openSeating(tableId);
    if (!seating) {
      seating = { id: seatings.length + 1, tableId, startedAt: ctx.now(), endedAt: null };
      seatings.push(seating);
    }
    return seating.id;
  }

  function seatingByKey(key: string | undefined): FakeSeating {
    const id = key === undefined ? undefined : seatingKeys.get(key);
    const seating = seatings.find((candidate) => candidate.id === id);
    if (!seating) throw seatingKeyNotFound();
    if (seating.endedAt !== null) throw seatingEnded();
    return seating;
  }

  const tableKeyOf = (request: Request) => secretHeader(request.headers.get('X-Table-Key'));
  const seatingKeyOf = (request: Request) => secretHeader(request.headers.get('X-Seating-Key'));
  const url = (path: string) => `${ctx.base}${path}`;
  const { route } = ctx;
  const manager = (request: Request, what: string) => ctx.staff.requireSession(request, 'manager', what);

  function clear(tableId: number, who: StaffSession, reason: string | undefined): StaffTable {
    const table = mustFindTable(tableId);
    const seating = openSeating(tableId);
    const balance = seating ? ctx.balanceOf(seating.id) : 0;
    if (balance !== 0) {
      const money = moneyWriter(ctx.restaurant());
      if (who.role !== 'manager') throw balanceDue(balance, money);
      if (reason === undefined) throw reasonNeeded(balance, money);
    }
    const at = ctx.now();
    if (seating) {
      seating.endedAt = at;
      ctx.onSeatingEnded(seating.id);
    }
    for (const r of requests) if (r.table_id === tableId && !r.done_at) r.done_at = at.toISOString();
    return toStaffTable(table, who.role === 'manager');
  }

  function floor(): FloorTable[] {
    return live().map((table) => {
      const seating = openSeating(table.id);
      const orders = seating ? ctx.orders().filter((order) => order.seatingId === seating.id) : [];
      const guests = [...new Set(orders.flatMap((order) => (order.guest ? [order.guest] : [])))];
      return {
        id: table.id,
        name: table.name,
        area: table.area,
        seats: table.seats,
        status: statusOf(table),
        reserved: table.reserved,
        seating: seating
          ? {
              id: seating.id,
              started_at: seating.startedAt.toISOString(),
              guests,
              orders: orders.length,
              open_orders: orders.filter((order) => ['received', 'preparing', 'ready'].includes(order.status)).length,
              ...ctx.moneyOf(seating.id),
            }
          : null,
        requests: openRequestsOf(table.id),
      };
    });
  }

  const handlers: HttpHandler[] = [
    http.post(
      url('/table/seating'),
      route((request) => {
        const tableId = tableByKey(tableKeyOf(request));
        const seatingId = joinSeating(tableId);
        const seating = seatings.find((candidate) => candidate.id === seatingId) as FakeSeating;
        const key = randomKey();
        seatingKeys.set(key, seating.id);
        return {
          body: {
            seating_id: seating.id,
            seating_key: key,
            started_at: seating.startedAt.toISOString(),
            table_id: tableId,
          },
          schema: seatingSchema,
        };
      }),
    ),
    http.get(
      url('/table/orders'),
      route((request) => {
        const seating = seatingByKey(seatingKeyOf(request));
        const orders = ctx
          .orders()
          .filter((order) => order.seatingId === seating.id)
          .map((order) => ({ ...ctx.toOrder(order.orderID), guest: order.guest ?? null }));
        const totalCents = orders
          .filter((order) => order.status !== 'cancelled')
          .reduce((sum, order) => sum + toCents(order.total), 0);
        const body = {
          table_id: seating.tableId,
          seating_started_at: seating.startedAt.toISOString(),
          orders,
          total: fromCents(totalCents),
          open_requests: openRequestsOf(seating.tableId),
        };
        return { body, schema: tableBillSchema };
      }),
    ),
    http.post(
      url('/table/requests'),
      route((request, _url, body) => {
        const { kind, note } = parseServiceRequest(parseJsonBody(body));
        const seatingKey = seatingKeyOf(request);
        const tableKeyGiven = tableKeyOf(request);
        const seating = seatingKey !== undefined || tableKeyGiven === undefined ? seatingByKey(seatingKey) : undefined;
        const tableId = seating?.tableId ?? tableByKey(tableKeyGiven);
        const open = requests.find((r) => r.table_id === tableId && r.kind === kind && !r.done_at);
        if (open) return { status: 200, body: open, schema: serviceRequestSchema };
        const created: ServiceRequest = {
          id: nextRequestId++,
          table_id: tableId,
          kind,
          note: note ?? '',
          created_at: ctx.now().toISOString(),
          done_at: null,
          acknowledged_at: null,
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
      url('/staff/requests/:id/ack'),
      route((request, _url, _body, params) => {
        ctx.staff.requireSession(request);
        const id = pathId(params.id ?? '', 'service request');
        const found = requests.find((r) => r.id === id);
        if (!found) throw requestNotFound(id);
        if (!found.done_at) found.acknowledged_at ??= ctx.now().toISOString();
        return { body: found, schema: serviceRequestSchema };
      }),
    ),
    http.get(
      url('/staff/tables'),
      route((request) => {
        manager(request, 'see the tables and their keys');
        return { body: live().map((table) => toStaffTable(table, true)), schema: staffTablesSchema };
      }),
    ),
    http.post(
      url('/staff/tables'),
      route((request, _url, body) => {
        manager(request, 'add tables');
        const input = parseNewTable(parseJsonBody(body));
        checkNameFree(input.name);
        const table: FakeTable = {
          id: Math.max(0, ...tables.map((candidate) => candidate.id)) + 1,
          name: input.name,
          seats: input.seats ?? 4,
          area: input.area ? input.area : null,
          reserved: input.reserved ?? false,
          removed: false,
        };
        tables.push(table);
        tableKeys.set(table.id, randomKey());
        return { status: 201, body: toStaffTable(table, true), schema: staffTableSchema };
      }),
    ),
    http.patch(
      url('/staff/tables/:id'),
      route((request, _url, body, params) => {
        manager(request, 'change tables');
        const table = mustFindTable(pathId(params.id ?? '', 'table'));
        const patch = parseTablePatch(parseJsonBody(body));
        if (patch.name !== undefined) checkNameFree(patch.name, table.id);
        if (patch.name !== undefined) table.name = patch.name;
        if (patch.seats !== undefined) table.seats = patch.seats;
        if (patch.area !== undefined) table.area = patch.area ? patch.area : null;
        if (patch.reserved !== undefined) table.reserved = patch.reserved;
        return { body: toStaffTable(table, true), schema: staffTableSchema };
      }),
    ),
    http.delete(
      url('/staff/tables/:id'),
      route((request, _url, _body, params) => {
        manager(request, 'remove tables');
        const table = mustFindTable(pathId(params.id ?? '', 'table'));
        if (openSeating(table.id))
          throw notEditable(`Table ${table.id} has guests seated: clear it before removing it`);
        table.removed = true;
        for (const r of requests) if (r.table_id === table.id && !r.done_at) r.done_at = ctx.now().toISOString();
        return { status: 204, body: null, schema: { parse: (value: unknown) => value } };
      }),
    ),
    http.post(
      url('/staff/tables/:id/key'),
      route((request, _url, _body, params) => {
        manager(request, 'give a table a new key');
        const table = mustFindTable(pathId(params.id ?? '', 'table'));
        tableKeys.set(table.id, randomKey());
        return { body: toStaffTable(table, true), schema: staffTableSchema };
      }),
    ),
    http.post(
      url('/staff/tables/:id/clear'),
      route((request, _url, body, params) => {
        const who = ctx.staff.requireSession(request);
        const id = pathId(params.id ?? '', 'table');
        const { reason } = parseClear(body);
        return { body: clear(id, who, reason), schema: staffTableSchema };
      }),
    ),
    http.get(
      url('/staff/floor'),
      route((request) => {
        ctx.staff.requireSession(request);
        return { body: floor(), schema: floorSchema };
      }),
    ),
  ];

  return {
    handlers,
    get requests() {
      return requests;
    },
    v1Tables: () =>
      live().map((table) => ({
        id: table.id,
        name: table.name,
        seats: table.seats,
        status: v1TableStatus(statusOf(table)),
      })),
    isKnown: (tableId) => live().some((table) => table.id === tableId),
    tableKey,
    joinSeating(tableId) {
      return joinSeating(tableId);
    },
    seatingByKey,
    seatings: () => seatings,
    nameOf: (tableId) => tables.find((table) => table.id === tableId)?.name,
    reset() {
      tables = initial();
      tableKeys.clear();
      seatings = [];
      seatingKeys.clear();
      requests = [];
      nextRequestId = 1;
    },
  };
}

function raise(error: Error): never {
  throw error;
}
