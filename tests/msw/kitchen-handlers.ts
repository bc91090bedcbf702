// The fake provider's kitchen (contract v1.2): bumps, recall, allergies acknowledged, station settings, printers (tickets "print" at once), the guest's wait.
import { http, type HttpHandler } from 'msw';
import { type OrderStatus } from '../../contract/guest';
import { orderEstimateSchema } from '../../contract/orders';
import {
  DEFAULT_STATION,
  kitchenOrderSchema,
  lineDoneSchema,
  newPrinterSchema,
  printerPatchSchema,
  printerSchema,
  printersSchema,
  recallSchema,
  stationSettingsInputSchema,
  stationSettingsSchema,
  stationsSchema,
  STATION_DEFAULTS,
  STATION_PATTERN,
  type KitchenOrder,
  type Printer,
  type PrintJob,
  type StationSettings,
} from '../../contract/kitchen';
import { badRequest, invalid, notFound } from '../../server/api/provider-error';
import { parseJsonBody, parseOrdersQuery } from '../../server/api/request-parsing';
import { cannotRecall, lineAtOtherStation, noAllergies, nothingAtStation } from '../../server/kitchen/kitchen-errors';
import { lineNotFound } from '../../server/orders/order-checks';
import { printerNotFound } from '../../server/printing/printer-store';
import { parseWith, pathId, pathOrderId } from '../../server/staff/staff-parsing';
import { orderWait, RECALL_MINUTES, statusAfterLinesDone, type QueueTicket } from '../../src/domain/kitchen';
import type { StoredLine, StoredOrder } from './provider-handlers';
import type { FakeStaff, StaffRoute } from './staff-handlers';

export interface FakeKitchenContext {
  base: string;
  now: () => Date;
  orders: () => StoredOrder[];
  find(orderID: string): StoredOrder;
  toOrder(stored: StoredOrder): KitchenOrder;
  menuPrep(menuId: number): number;
  /** Stations the menu names. */
  stationsInMenu(): string[];
  /** Throws the contract's 404 unless the request may read this order (its key, or staff). */
  checkOrderAccess(request: Request, orderID: string): void;
  staff: FakeStaff;
  route: StaffRoute;
}

interface StoredPrinter {
  id: number;
  name: string;
  station: string;
  host: string;
  port: number;
  width: 58 | 80;
  backup: number | null;
}

export interface FakeKitchen {
  handlers: HttpHandler[];
  /** Records the tickets an order or an addition prints; the fake's printers take every ticket at once. */
  printed(order: StoredOrder, lines: readonly StoredLine[], kind: 'order' | 'addition'): void;
  jobs: PrintJob[];
  reset(): void;
}

const noAnswer = { parse: (value: unknown) => value };

export function createKitchenHandlers(ctx: FakeKitchenContext): FakeKitchen {
  let settings = new Map<string, StationSettings>();
  let printers: StoredPrinter[] = [];
  const jobs: PrintJob[] = [];
  let nextPrinterId = 1;
  let nextJobId = 1;
  const { route } = ctx;
  const url = (path: string) => `${ctx.base}${path}`;
  const body = (text: string): unknown => (text.trim() === '' ? {} : parseJsonBody(text));

  const isRecent = (at: Date | undefined) =>
    at !== undefined && ctx.now().getTime() - at.getTime() < RECALL_MINUTES * 60_000;

  function bump(orderID: string, station: string, lineId?: number): KitchenOrder {
    const stored = ctx.find(orderID);
    const removed = stored.removed ?? [];
    if (lineId !== undefined) {
      const line = [...stored.lines, ...removed].find((candidate) => candidate.line_id === lineId);
      if (!line) throw lineNotFound(orderID, lineId);
      if (line.station !== station) throw lineAtOtherStation(lineId, line.station);
    }
    const at = ctx.now();
    const mine = [...stored.lines, ...removed].filter(
      (line) => line.station === station && (lineId === undefined || line.line_id === lineId),
    );
    if ([...stored.lines, ...removed].every((line) => line.station !== station)) {
      throw nothingAtStation(orderID, station);
    }
    const bumped = mine.filter((line) => line.doneAt === null);
    if (bumped.length === 0) return ctx.toOrder(stored);
    for (const line of bumped) line.doneAt = at;
    const next = statusAfterLinesDone(
      stored.status,
      stored.lines.every((line) => line.doneAt !== null),
    );
    if (next !== stored.status) {
      stored.status = next;
      stored.statusChangedAt = at;
    }
    stored.updatedAt = at;
    return ctx.toOrder(stored);
  }

  function recall(orderID: string, station?: string): KitchenOrder {
    const stored = ctx.find(orderID);
    const finished = stored.status === 'ready' || stored.status === 'served';
    const inProgress = stored.status === 'received' || stored.status === 'preparing';
    const recent = isRecent(stored.statusChangedAt ?? stored.updatedAt);
    if (!(finished && recent) && !(inProgress && station !== undefined)) throw cannotRecall(orderID, stored.status);
    const reopened = stored.lines.filter(
      (line) =>
        line.doneAt !== null &&
        (station === undefined || line.station === station) &&
        (finished || isRecent(line.doneAt)),
    );
    if (reopened.length === 0) throw cannotRecall(orderID, stored.status);
    for (const line of reopened) line.doneAt = null;
    const at = ctx.now();
    if (stored.status !== 'preparing') stored.statusChangedAt = at;
    stored.status = 'preparing' satisfies OrderStatus;
    stored.updatedAt = at;
    return ctx.toOrder(stored);
  }

  const stationSettings = (station: string): StationSettings =>
    settings.get(station) ?? { station, ...STATION_DEFAULTS };

  function stations(): StationSettings[] {
    const named = new Set([DEFAULT_STATION, ...settings.keys(), ...ctx.stationsInMenu()]);
    for (const printer of printers) named.add(printer.station);
    for (const order of ctx.orders()) {
      for (const line of order.lines) if (line.doneAt === null) named.add(line.station);
    }
    return [...named]
      .sort((a, b) => (a === DEFAULT_STATION ? -1 : b === DEFAULT_STATION ? 1 : a < b ? -1 : a > b ? 1 : 0))
      .map(stationSettings);
  }

  function toPrinter(printer: StoredPrinter): Printer {
    const mine = jobs.filter((job) => job.station === printer.station);
    return {
      ...printer,
      state: 'ready',
      last_ok_at: mine.find((job) => job.printer === printer.id)?.sent_at ?? null,
      last_error: null,
      jobs_waiting: 0,
      jobs: mine.slice(-10).reverse(),
    };
  }

  const findPrinter = (id: number) => printers.find((printer) => printer.id === id) ?? raise(printerNotFound(id));

  function checkBackup(backup: number | null | undefined, self?: number) {
    if (backup === null || backup === undefined) return;
    if (backup === self) throw invalid('A printer cannot be its own backup', { backup: 'another printer' });
    if (!printers.some((printer) => printer.id === backup)) {
      throw invalid(`There is no printer ${backup} to be the backup`, { backup: 'no such printer' });
    }
  }

  const manager = (request: Request, what: string) => ctx.staff.requireSession(request, 'manager', what);

  function estimate(orderID: string) {
    const stored = ctx.find(orderID);
    const open = (status: OrderStatus) => status === 'received' || status === 'preparing';
    const tickets: QueueTicket[] = [];
    ctx.orders().forEach((order, sequence) => {
      if (!open(order.status)) return;
      const prep = new Map<string, number>();
      for (const line of order.lines) {
        if (line.doneAt !== null) continue;
        prep.set(line.station, Math.max(prep.get(line.station) ?? 0, ctx.menuPrep(line.menu_id)));
      }
      for (const [station, prepMinutes] of prep) {
        tickets.push({ orderID: order.orderID, station, placedAt: order.createdAt.getTime(), sequence, prepMinutes });
      }
    });
    const wait = orderWait(
      open(stored.status) ? tickets : [],
      orderID,
      (station) => stationSettings(station).parallel,
      ctx.now().getTime(),
    );
    return { orderID, status: stored.status, ...wait };
  }

  const handlers: HttpHandler[] = [
    http.post(
      url('/staff/orders/:orderID/lines/:line_id/done'),
      route((request, _url, text, params) => {
        ctx.staff.requireSession(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const lineId = pathId(params.line_id ?? '', 'line');
        const { station } = parseWith(lineDoneSchema, body(text), 'bump');
        return { body: bump(orderID, station, lineId), schema: kitchenOrderSchema };
      }),
    ),
    http.post(
      url('/staff/orders/:orderID/done'),
      route((request, _url, text, params) => {
        ctx.staff.requireSession(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const { station } = parseWith(lineDoneSchema, body(text), 'bump');
        return { body: bump(orderID, station), schema: kitchenOrderSchema };
      }),
    ),
    http.post(
      url('/staff/orders/:orderID/recall'),
      route((request, _url, text, params) => {
        ctx.staff.requireSession(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const { station } = parseWith(recallSchema, body(text), 'recall');
        return { body: recall(orderID, station), schema: kitchenOrderSchema };
      }),
    ),
    http.post(
      url('/staff/orders/:orderID/allergies/acknowledge'),
      route((request, _url, _text, params) => {
        const { name } = ctx.staff.requireSession(request);
        const orderID = pathOrderId(params.orderID ?? '');
        const stored = ctx.find(orderID);
        if ((stored.allergies ?? []).length === 0) throw noAllergies(orderID);
        stored.allergiesAcknowledged ??= { by: name, at: ctx.now() };
        return { body: ctx.toOrder(stored), schema: kitchenOrderSchema };
      }),
    ),
    http.get(
      url('/staff/stations'),
      route((request) => {
        ctx.staff.requireSession(request);
        return { body: stations(), schema: stationsSchema };
      }),
    ),
    http.put(
      url('/staff/stations/:station'),
      route((request, _url, text, params) => {
        manager(request, 'set a station’s timers');
        const station = params.station ?? '';
        if (!STATION_PATTERN.test(station)) throw notFound(`There is no station ${station.slice(0, 40)}`);
        const input = parseWith(stationSettingsInputSchema, parseJsonBody(text), 'station');
        const saved: StationSettings = {
          station,
          warn_minutes: input.warn_minutes,
          late_minutes: input.late_minutes,
          parallel: input.parallel ?? stationSettings(station).parallel,
        };
        settings.set(station, saved);
        return { body: saved, schema: stationSettingsSchema };
      }),
    ),
    http.get(
      url('/staff/printers'),
      route((request) => {
        manager(request, 'see the printers');
        return { body: printers.map(toPrinter), schema: printersSchema };
      }),
    ),
    http.post(
      url('/staff/printers'),
      route((request, _url, text) => {
        manager(request, 'add printers');
        const input = parseWith(newPrinterSchema, parseJsonBody(text), 'printer');
        checkBackup(input.backup);
        const printer: StoredPrinter = {
          ...input,
          id: nextPrinterId++,
          port: input.port ?? 9100,
          backup: input.backup ?? null,
        };
        printers.push(printer);
        return { status: 201, body: toPrinter(printer), schema: printerSchema };
      }),
    ),
    http.patch(
      url('/staff/printers/:id'),
      route((request, _url, text, params) => {
        manager(request, 'change printers');
        const printer = findPrinter(pathId(params.id ?? '', 'printer'));
        const patch = parseWith(printerPatchSchema, parseJsonBody(text), 'change');
        checkBackup(patch.backup, printer.id);
        Object.assign(printer, Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)));
        return { body: toPrinter(printer), schema: printerSchema };
      }),
    ),
    http.delete(
      url('/staff/printers/:id'),
      route((request, _url, _text, params) => {
        manager(request, 'remove printers');
        const printer = findPrinter(pathId(params.id ?? '', 'printer'));
        printers = printers.filter((candidate) => candidate !== printer);
        for (const other of printers) if (other.backup === printer.id) other.backup = null;
        return { status: 204, body: null, schema: noAnswer };
      }),
    ),
    http.get(
      url('/orders/estimate'),
      route((request, requestUrl) => {
        const { orderID } = parseOrdersQuery(requestUrl.searchParams);
        if (orderID === undefined) throw badRequest('orderID is required', { orderID: 'required' });
        ctx.checkOrderAccess(request, orderID);
        return { body: estimate(orderID), schema: orderEstimateSchema };
      }),
    ),
  ];

  return {
    handlers,
    jobs,
    printed(order, lines, kind) {
      const at = ctx.now().toISOString();
      for (const station of new Set(lines.map((line) => line.station))) {
        const printer = printers.find((candidate) => candidate.station === station);
        if (!printer) continue;
        jobs.push({
          id: nextJobId++,
          order_id: order.orderID,
          table_id: order.table_id,
          station,
          kind,
          status: 'sent',
          attempts: 0,
          printer: printer.id,
          last_error: null,
          created_at: at,
          next_attempt_at: null,
          sent_at: at,
        });
      }
    },
    reset() {
      settings = new Map();
      printers = [];
      jobs.length = 0;
      nextPrinterId = 1;
      nextJobId = 1;
    },
  };
}

function raise(error: Error): never {
  throw error;
}
