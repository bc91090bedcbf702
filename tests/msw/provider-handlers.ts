// The fake provider for front-end tests: MSW handlers over an in-memory restaurant, held to the contract's schemas.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createFakeMenu, type FakeMenu } from './menu-admin-handlers';
import type * as z from 'zod/mini';
import {
  categoriesSchema,
  errorBodySchema,
  menuItemsSchema,
  subCategoriesSchema,
  summarySchema,
  tablesSchema,
  LIMITS,
  type OrderStatus,
} from '../../contract/guest';
import { orderSchema, type Order } from '../../contract/orders';
import {
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  ProviderError,
  type ErrorStatus,
} from '../../server/api/provider-error';
import {
  additionFingerprint,
  checkBearer,
  checkJsonContentType,
  MAX_BODY_BYTES,
  orderFingerprint,
  parseAddMenu,
  parseIdempotencyKey,
  parseJsonBody,
  parseMenuQuery,
  parseNewOrder,
  parseOrdersQuery,
  parseRemoveMenuQuery,
  parseSubCategoryQuery,
  secretHeader,
} from '../../server/api/request-parsing';
import { API_METHODS } from '../../server/http/api-methods';
import {
  checkCanListOrders,
  checkOrderAccess,
  createOrderKeys,
  type OrderAccess,
} from '../../server/orders/order-access';
import {
  checkTableKey,
  ordersPerMinuteFor,
  tableOrderLimitReached,
  type TableOrderLimit,
} from '../../server/orders/table-rules';
import {
  additionKeyReused,
  cannotAddTo,
  cannotRemoveFrom,
  checkAddedItem,
  checkNewOrder,
  keyReused,
  lastLine,
  lineNotFound,
  orderNotFound,
  tooManyLines,
  type MenuEntry,
} from '../../server/orders/order-checks';
import { newOrderId } from '../../server/orders/order-id';
import { countChange, type ChangeCount, type OrderChangeLimits } from '../../server/orders/order-changes';
import { averageWaitMinutes, OPEN_STATUSES } from '../../server/orders/order-rules';
import { guestNeedsSeating, seatingKeyNotFound } from '../../server/tables/table-errors';
import { isFood } from '../../src/domain/bill';
import { fromCents } from '../../src/domain/money';
import { canAddLines, canRemoveLines, nextStatus } from '../../src/domain/order-status';
import { checkChoices, type ChosenChoice } from '../../server/orders/option-rules';
import { unitPriceCents } from '../../src/domain/price';
import { demoRestaurant, type DemoRestaurant } from '../../server/seed/demo-restaurant';
import { createStaffHandlers, FAKE_STAFF, type FakeStaff, type FakeStaffOptions } from './staff-handlers';
import { createKitchenHandlers, type FakeKitchen } from './kitchen-handlers';
import { DEFAULT_STATION, kitchenOrderSchema, kitchenOrdersSchema, type KitchenOrder } from '../../contract/kitchen';
import { finishesLines } from '../../src/domain/kitchen';
import { createRestaurantHandlers, type FakeRestaurant } from './restaurant-handlers';
import { createTableHandlers, type FakeTables } from './table-handlers';
import { createBillHandlers, type FakeBill } from './bill-handlers';
import { createReportHandlers } from './report-handlers';
import type { Restaurant } from '../../contract/restaurant';
import { withRuntimeConfig } from '../../server/http/runtime-config';

export interface FakeProviderOptions {
  /** Where the app under test sends requests; jsdom's default page origin. */
  origin?: string;
  token?: string;
  data?: DemoRestaurant;
  now?: () => Date;
  /** The order-key secret; any 22+ characters. */
  secret?: string;
  /** As PROVIDER_TABLE_KEYS; default optional. */
  tableKeys?: 'optional' | 'required';
  /** New orders per table per minute, or a limit per table; default none, as startProvider. */
  tableOrdersPerMinute?: TableOrderLimit;
  /** Staff accounts (default FAKE_STAFF) and the emulated cookie jar for component tests. */
  staff?: FakeStaffOptions;
  /** The restaurant's profile, over the provider's defaults (contract v1.2). */
  restaurant?: Partial<Restaurant>;
  /** Guests' changes to one order, per minute and in all; default none, as startProvider. */
  orderChanges?: OrderChangeLimits;
}

export interface StoredLine {
  line_id: number;
  menu_id: number;
  name: string;
  priceCents: number;
  quantity: number;
  note: string;
  /** As ordered, at the price of the day; `priceCents` already includes them. */
  choices: ChosenChoice[];
  /** Where it is made, when it was ordered, when its station bumped it, what it declares (contract v1.2). */
  station: string;
  addedAt: Date;
  doneAt: Date | null;
  allergens: string[] | null;
}

/** A line the guest removed, kept until its station has bumped it. */
export interface StoredRemovedLine extends StoredLine {
  removedAt: Date;
}

/** An order as the fake keeps it; tests may change `status` directly to set up a scene. */
export interface StoredOrder {
  orderID: string;
  table_id: number;
  status: OrderStatus;
  note: string;
  lines: StoredLine[];
  createdAt: Date;
  updatedAt: Date;
  cancelReason?: string | null;
  /** The table's seating it joined, and who at the table placed it (table sessions). */
  seatingId?: number;
  guest?: string | null;
  /** Placed with the table's key: keyed and keyless orders have a per-table allowance each. */
  keyed?: boolean;
  /** Guests' changes (lines added or removed): in all, and in the minute that began at `changesWindowAt`. */
  changes?: ChangeCount;
  /** What the guest told the kitchen (contract v1.2). */
  allergies?: string[];
  /** Who on the staff acknowledged the allergies, and when (the provider answers only when). */
  allergiesAcknowledged?: { by: string; at: Date };
  removed?: StoredRemovedLine[];
  /** When it reached its status (recall looks back 15 minutes from it). */
  statusChangedAt?: Date;
}

export interface FakeProviderState {
  /** Oldest first, like an insert log; `GET orders` answers newest first. */
  orders: StoredOrder[];
  idempotency: Map<string, { orderID: string; fingerprint: string }>;
  /** POST menu's Idempotency-Keys: the order changed and what was asked. */
  additions: Map<string, { orderID: string; fingerprint: string }>;
  nextLineId: number;
}

export interface FakeProvider {
  origin: string;
  handlers: HttpHandler[];
  state: FakeProviderState;
  /** Forgets every order. */
  reset(): void;
  /** Moves an order one step on (received → preparing → ready → served), as the real kitchen would. */
  advance(orderID: string): Order;
  /** The order in its contract shape, or undefined. */
  order(orderID: string): Order | undefined;
  /** The order's key, as POST orders answered it. */
  orderKey(orderID: string): string;
  /** The table's key, as its QR code carries it. */
  tableKey(tableId: number): string;
  /** The staff side: accounts, the emulated browser's session. */
  staff: FakeStaff;
  /** Tables that last: the tables editor, seatings and their keys, service requests. */
  tables: FakeTables;
  /** The menu and its back office. */
  menu: FakeMenu;
  /** The bill: shares, the demo payment step, the till and refunds. */
  bill: FakeBill;
  /** The restaurant's profile (contract v1.2). */
  restaurant: FakeRestaurant;
  /** Stations, bumps, recall, printers and the guest's wait (contract v1.2). */
  kitchen: FakeKitchen;
  /**
   * Moves orders (their lines reach their station then, and are bumped `doneAfterMinutes` later, else not yet) and a
   * seating's payments and refunds to other times, so a test can ask for a past day's figures.
   */
  setTimes(moves: {
    orders?: { orderID: string; at: string; doneAfterMinutes?: number }[];
    seatings?: { seatingId: number; at: string }[];
  }): void;
}

const RECENT_ORDERS_LIMIT = 100;

/** An answer in the contract's error shape, for `server.use(...)` overrides in component tests. */
export function providerErrorResponse(status: ErrorStatus, message: string, fields?: Record<string, string>) {
  return errorResponse(new ProviderError(status, message, fields));
}

function errorResponse(error: ProviderError): HttpResponse<z.input<typeof errorBodySchema>> {
  const headers: Record<string, string> = { ...error.headers };
  if (error.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="provider"';
  return HttpResponse.json(errorBodySchema.parse(error.toBody()), { status: error.status, headers });
}

interface Answer {
  status?: number;
  body: unknown;
  schema: { parse(value: unknown): unknown };
  /** A list sends the header once per value (two Set-Cookie at sign-in). */
  headers?: Record<string, string | string[]>;
  /** A body that is not JSON (a CSV), sent as is with the Content-Type its headers give; `body` is then unused. */
  text?: string;
}

/** The answer's headers, a list value sent once per item. */
function headersOf(...records: (Record<string, string | string[]> | undefined)[]): Headers {
  const headers = new Headers();
  for (const record of records) {
    for (const [name, value] of Object.entries(record ?? {})) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
  }
  return headers;
}

export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
  const origin = (options.origin ?? 'http://localhost:3000').replace(/\/$/, '');
  const token = options.token ?? 'demo-token';
  const data = options.data ?? demoRestaurant;
  const now = options.now ?? (() => new Date());
  const base = `${origin}/api/v1`;

  const languageHeaders = (language: string) => ({ 'Content-Language': language, Vary: 'Accept-Language' });
  // Hours are written in the restaurant's time zone, which its profile (made below) may change at any time.
  const timeZone = () => restaurant.profile().time_zone;
  // The menu and its back office; the staff handlers made below answer for who is signed in.
  const menu = createFakeMenu({
    origin,
    base,
    token,
    data,
    now,
    timeZone,
    requireSession: (request, role, what) => staff.requireSession(request, role, what),
  });
  const menuEntry = (id: number): MenuEntry | undefined => menu.entry(id);
  const menuEntries = (ids: readonly number[]) => {
    const entries = new Map<number, MenuEntry>();
    for (const id of ids) {
      const entry = menuEntry(id);
      if (entry) entries.set(id, entry);
    }
    return entries;
  };

  const state: FakeProviderState = { orders: [], idempotency: new Map(), additions: new Map(), nextLineId: 1 };
  const orderKeys = createOrderKeys(options.secret ?? 'the-fake-provider-order-key-secret');
  const limitFor = (tableId: number) => ordersPerMinuteFor(options.tableOrdersPerMinute ?? 0, tableId);
  const accessOf = (request: Request): OrderAccess => {
    const orderKey = secretHeader(request.headers.get('X-Order-Key'));
    if (orderKey !== undefined) return { orderKey };
    // Staff sessions may read and change any order, as on the real provider.
    return staff.isStaff(request) ? { staff: true } : {};
  };
  const withKey = (order: Order): Order => ({ ...order, order_key: orderKeys.keyFor(order.orderID) });

  const find = (orderID: string) => state.orders.find((order) => order.orderID === orderID);
  const changeLimits = options.orderChanges ?? { perMinute: 0, total: 0 };
  const countFakeChange = (stored: StoredOrder) => {
    stored.changes = countChange(
      stored.orderID,
      changeLimits,
      stored.changes ?? { total: 0, windowAt: null, inWindow: 0 },
      now(),
    );
  };
  const mustFind = (orderID: string) => find(orderID) ?? raise(orderNotFound(orderID));

  const answeredChoices = (choices: readonly ChosenChoice[]) =>
    choices.map((choice) => ({ id: choice.id, name: choice.name, price: fromCents(choice.priceCents) }));

  function toOrder(stored: StoredOrder): KitchenOrder {
    const totalCents = stored.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const removed = (stored.removed ?? []).filter((line) => line.doneAt === null);
    return {
      orderID: stored.orderID,
      table_id: stored.table_id,
      status: stored.status,
      items: stored.lines.map((line) => ({
        line_id: line.line_id,
        menu_id: line.menu_id,
        name: line.name,
        price: fromCents(line.priceCents),
        quantity: line.quantity,
        note: line.note,
        choices: answeredChoices(line.choices),
        added_at: line.addedAt.toISOString(),
        station: line.station,
        done_at: line.doneAt?.toISOString() ?? null,
        allergens: line.allergens,
      })),
      note: stored.note,
      total: fromCents(totalCents),
      created_at: stored.createdAt.toISOString(),
      updated_at: stored.updatedAt.toISOString(),
      cancel_reason: stored.cancelReason ?? null,
      allergies: stored.allergies ?? [],
      guest: stored.guest ?? null,
      ...(stored.allergiesAcknowledged
        ? { allergies_acknowledged_at: stored.allergiesAcknowledged.at.toISOString() }
        : {}),
      ...(removed.length === 0
        ? {}
        : {
            removed_items: removed.map((line) => ({
              line_id: line.line_id,
              menu_id: line.menu_id,
              name: line.name,
              quantity: line.quantity,
              note: line.note,
              choices: answeredChoices(line.choices),
              station: line.station,
              removed_at: line.removedAt.toISOString(),
            })),
          }),
    };
  }

  /** A dish's station: its own, else its category's, else the default (the provider copies it the same way). */
  const dishOf = (menuId: number) => menu.snapshot.items.find((one) => one.id === menuId);
  const stationOfDish = (menuId: number) => {
    const item = dishOf(menuId);
    const category = item && menu.snapshot.categories.find((one) => one.id === item.cat_id);
    return (
      item?.station ??
      data.stations?.dishes?.[menuId] ??
      category?.station ??
      (item ? data.stations?.categories?.[item.cat_id] : undefined) ??
      DEFAULT_STATION
    );
  };

  /** The dish's declared allergens and its chosen choices', once each, sorted; null when the dish declares none. */
  const lineAllergens = (menuId: number, choiceIds: readonly number[]): string[] | null => {
    const item = dishOf(menuId);
    if (!item || item.allergens === null || item.allergens === undefined) return null;
    const chosen = (item.options ?? []).flatMap((group) => group.choices).filter((c) => choiceIds.includes(c.id));
    return [...new Set([...item.allergens, ...chosen.flatMap((choice) => choice.allergens ?? [])])].sort();
  };

  // The choices were checked already; this only copies them in menu order, as the provider does.
  const newLine = (
    menu: MenuEntry,
    line: { quantity: number; note?: string | undefined; choices?: number[] | undefined },
    addedAt: Date,
  ): StoredLine => {
    const choices = checkChoices(menu.name, menu.options ?? [], line.choices ?? [], '', {}, []);
    return {
      line_id: state.nextLineId++,
      menu_id: menu.id,
      name: menu.name,
      priceCents: unitPriceCents(menu.priceCents, choices),
      quantity: line.quantity,
      note: line.note ?? '',
      choices,
      station: stationOfDish(menu.id),
      addedAt,
      doneAt: null,
      allergens: lineAllergens(
        menu.id,
        choices.map((choice) => choice.id),
      ),
    };
  };

  /** A move of the whole order: from ready on, every line is done. */
  function setStatus(stored: StoredOrder, status: OrderStatus) {
    const at = now();
    stored.status = status;
    stored.statusChangedAt = at;
    stored.updatedAt = at;
    if (finishesLines(status)) for (const line of stored.lines) line.doneAt ??= at;
  }

  const tables = () => tableSessions.v1Tables();

  /** Auth, body limit and error shape around one call; every answer is parsed with its schema first. */
  function route(handle: (request: Request, url: URL, body: string, params: Record<string, string>) => Answer) {
    return async ({
      request,
      params = {},
    }: {
      request: Request;
      params?: Record<string, string | readonly string[] | undefined>;
    }) => {
      try {
        checkBearer(request.headers.get('Authorization'), token);
        const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
        if (body !== '') checkJsonContentType(request.headers.get('Content-Type'));
        if (new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
        const named = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value ?? '')]));
        const answer = handle(request, new URL(request.url), body, named);
        if (answer.text !== undefined) {
          return new Response(answer.text, {
            status: answer.status ?? 200,
            headers: headersOf({ 'Cache-Control': 'no-store' }, answer.headers),
          });
        }
        // MSW keeps cookies set through its HttpResponse (as a browser would); a plain Response keeps none.
        if (answer.headers?.['Set-Cookie'] !== undefined && !options.staff?.browserCookies) {
          return new Response(answer.status === 204 ? null : JSON.stringify(answer.schema.parse(answer.body)), {
            status: answer.status ?? 200,
            headers: headersOf(
              answer.status === 204 ? {} : { 'Content-Type': 'application/json' },
              { 'Cache-Control': 'no-store' },
              answer.headers,
            ),
          });
        }
        if (answer.status === 204) return new HttpResponse(null, { status: 204, headers: headersOf(answer.headers) });
        return HttpResponse.json(answer.schema.parse(answer.body) as never, {
          status: answer.status ?? 200,
          headers: headersOf({ 'Cache-Control': 'no-store' }, answer.headers),
        });
      } catch (error) {
        if (error instanceof ProviderError) return errorResponse(error);
        throw error;
      }
    };
  }

  const staff = createStaffHandlers(
    {
      base,
      now,
      orders: () => state.orders,
      toOrder: (orderID) => toOrder(mustFind(orderID)),
      setStatus(orderID, status, cancelReason) {
        const stored = mustFind(orderID);
        setStatus(stored, status);
        if (cancelReason !== undefined) stored.cancelReason = cancelReason;
      },
      route,
    },
    { accounts: FAKE_STAFF, ...options.staff },
  );

  const tableSessions: FakeTables = createTableHandlers({
    base,
    now,
    initialTables: data.tables,
    orders: () => state.orders,
    toOrder: (orderID) => toOrder(mustFind(orderID)),
    staff,
    balanceOf: (seatingId) => bill.balanceOf(seatingId),
    moneyOf: (seatingId) => bill.moneyOf(seatingId),
    restaurant: () => restaurant.profile(),
    onSeatingEnded: (seatingId) => bill.onSeatingEnded(seatingId),
    route,
  });

  const restaurant = createRestaurantHandlers({ base, staff, route }, options.restaurant);

  const kitchen = createKitchenHandlers({
    base,
    now,
    orders: () => state.orders,
    find: mustFind,
    toOrder,
    menuPrep: (menuId) => dishOf(menuId)?.prep_minutes ?? 0,
    stationsInMenu: () => [
      ...Object.values(data.stations?.categories ?? {}),
      ...Object.values(data.stations?.dishes ?? {}),
    ],
    checkOrderAccess: (request, orderID) => checkOrderAccess(orderKeys, accessOf(request), orderID),
    staff,
    route,
  });

  const bill: FakeBill = createBillHandlers({
    base,
    now,
    staff,
    tables: () => tableSessions,
    restaurant: () => restaurant.profile(),
    lines: (seatingId) =>
      state.orders
        .filter((order) => order.seatingId === seatingId)
        .flatMap((order) =>
          order.lines.map((line) => ({
            lineId: line.line_id,
            orderId: order.orderID,
            guest: order.guest ?? null,
            name: line.name,
            menuId: line.menu_id,
            quantity: line.quantity,
            unitCents: line.priceCents,
            // Drinks are poured at the bar: everything else is food.
            food: isFood(line.station),
            counted: order.status !== 'cancelled',
          })),
        ),
    route,
  });

  const reports = createReportHandlers({
    base,
    now,
    staff,
    restaurant: () => restaurant.profile(),
    orders: () => state.orders,
    payments: () => bill.payments(),
    refunds: () => bill.refunds(),
    tableName: (tableId) => tableSessions.nameOf(tableId),
    route,
  });

  const handlers: HttpHandler[] = [
    ...kitchen.handlers,
    ...menu.handlers,
    ...staff.handlers,
    ...tableSessions.handlers,
    ...bill.handlers,
    ...restaurant.handlers,
    ...reports,
    http.get(
      `${base}/category`,
      route((request) => {
        const language = menu.languageOf(request.headers.get('Accept-Language'));
        return { body: menu.categories(language), schema: categoriesSchema, headers: languageHeaders(language) };
      }),
    ),

    http.get(
      `${base}/sub-category`,
      route((request, url) => {
        const { categoryId } = parseSubCategoryQuery(url.searchParams);
        const language = menu.languageOf(request.headers.get('Accept-Language'));
        const body = menu.subCategories(categoryId, language);
        return { body, schema: subCategoriesSchema, headers: languageHeaders(language) };
      }),
    ),

    http.get(
      `${base}/menu`,
      route((request, url) => {
        const filter = parseMenuQuery(url.searchParams);
        const language = menu.languageOf(request.headers.get('Accept-Language'));
        const items = menu.items(filter, language);
        if (filter.kind === 'item' && items.length === 0) throw notFound(`Menu item ${filter.id} does not exist`);
        return { body: items, schema: menuItemsSchema, headers: languageHeaders(language) };
      }),
    ),

    http.get(
      `${base}/tables`,
      route(() => ({ body: tables(), schema: tablesSchema })),
    ),

    http.get(
      `${base}/summary`,
      route(() => {
        const open = state.orders.filter((order) => OPEN_STATUSES.includes(order.status));
        const current = tables();
        const body = {
          open_orders: open.length,
          average_wait_minutes: averageWaitMinutes(
            open.map((order) => ({
              createdAt: order.createdAt,
              prepMinutes: Math.max(
                0,
                ...order.lines.map(
                  (line) => menu.snapshot.items.find((item) => item.id === line.menu_id)?.prep_minutes ?? 0,
                ),
              ),
            })),
            now(),
          ),
          tables_free: current.filter((table) => table.status === 'free').length,
          tables_total: current.length,
        };
        return { body, schema: summarySchema };
      }),
    ),

    http.get(
      `${base}/orders`,
      route((_request, url) => {
        const { orderID } = parseOrdersQuery(url.searchParams);
        const access = accessOf(_request);
        if (orderID === undefined) {
          checkCanListOrders(access);
          return { body: state.orders.slice(-RECENT_ORDERS_LIMIT).reverse().map(toOrder), schema: kitchenOrdersSchema };
        }
        checkOrderAccess(orderKeys, access, orderID);
        return { body: [toOrder(mustFind(orderID))], schema: kitchenOrdersSchema };
      }),
    ),

    http.post(
      `${base}/orders`,
      route((request, _url, body) => {
        const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
        const input = parseNewOrder(parseJsonBody(body));
        const fingerprint = orderFingerprint(input);
        const known = tableSessions.isKnown(input.table_id);
        // A name on the table's bill needs the seating's key; a seating key stands for the printed one.
        const seatingKey = secretHeader(request.headers.get('X-Seating-Key'));
        if (input.guest !== undefined && seatingKey === undefined) throw guestNeedsSeating();
        const seating = seatingKey === undefined ? undefined : tableSessions.seatingByKey(seatingKey);
        if (seating && seating.tableId !== input.table_id) throw seatingKeyNotFound();
        if (!seating) {
          checkTableKey(
            known ? tableSessions.tableKey(input.table_id) : null,
            secretHeader(request.headers.get('X-Table-Key')),
            options.tableKeys ?? 'optional',
          );
        }
        if (key !== undefined) {
          const earlier = state.idempotency.get(key);
          if (earlier && earlier.fingerprint !== fingerprint) throw keyReused();
          if (earlier) return { body: withKey(toOrder(mustFind(earlier.orderID))), schema: kitchenOrderSchema };
        }
        const entries = menuEntries(input.items.map((line) => line.menu_id));
        checkNewOrder(input, entries, known, { now: now(), timeZone: timeZone() });
        const limit = limitFor(input.table_id);
        const keyed = secretHeader(request.headers.get('X-Table-Key')) !== undefined;
        if (Number.isFinite(limit) && limit > 0) {
          const windowStart = now().getTime() - 60_000;
          const recent = state.orders.filter(
            (o) => o.table_id === input.table_id && o.createdAt.getTime() > windowStart && (o.keyed ?? false) === keyed,
          );
          if (recent.length >= limit) {
            const oldest = Math.min(...recent.map((o) => o.createdAt.getTime()));
            throw tableOrderLimitReached(input.table_id, limit, Math.ceil((oldest - windowStart) / 1000));
          }
        }

        const seatingId = seating?.id ?? tableSessions.joinSeating(input.table_id);
        let orderID = newOrderId();
        while (find(orderID)) orderID = newOrderId();
        const at = now();
        const stored: StoredOrder = {
          orderID,
          table_id: input.table_id,
          status: 'received',
          note: input.note ?? '',
          lines: input.items.map((line) => newLine(menu.entry(line.menu_id) as MenuEntry, line, at)),
          createdAt: at,
          updatedAt: at,
          statusChangedAt: at,
          seatingId,
          guest: input.guest ?? null,
          keyed,
          allergies: input.allergies ?? [],
          removed: [],
        };
        state.orders.push(stored);
        kitchen.printed(stored, stored.lines, 'order');
        if (key !== undefined) state.idempotency.set(key, { orderID, fingerprint });
        return {
          status: 201,
          body: withKey(toOrder(stored)),
          schema: kitchenOrderSchema,
          headers: { Location: `/api/v1/orders?orderID=${orderID}` },
        };
      }),
    ),

    http.post(
      `${base}/menu`,
      route((request, _url, body) => {
        const key = parseIdempotencyKey(request.headers.get('Idempotency-Key'));
        const input = parseAddMenu(parseJsonBody(body));
        checkOrderAccess(orderKeys, accessOf(request), input.orderID);
        const stored = mustFind(input.orderID);
        const fingerprint = additionFingerprint(input);
        if (key !== undefined) {
          const earlier = state.additions.get(key);
          if (earlier && earlier.fingerprint !== fingerprint) throw additionKeyReused();
          if (earlier) return { status: 200, body: toOrder(stored), schema: kitchenOrderSchema };
        }
        if (!canAddLines(stored.status)) throw cannotAddTo(stored.orderID, stored.status);
        const entry = menuEntry(input.menu_id);
        checkAddedItem(input, entry, { now: now(), timeZone: timeZone() });
        if (stored.lines.length >= LIMITS.linesPerOrder) throw tooManyLines(stored.orderID, LIMITS.linesPerOrder);
        countFakeChange(stored);
        const added = newLine(entry, input, now());
        stored.lines.push(added);
        stored.updatedAt = added.addedAt;
        kitchen.printed(stored, [added], 'addition');
        if (key !== undefined) state.additions.set(key, { orderID: stored.orderID, fingerprint });
        return { status: 201, body: toOrder(stored), schema: kitchenOrderSchema };
      }),
    ),

    http.delete(
      `${base}/menu`,
      route((request, url) => {
        const { orderID, lineId } = parseRemoveMenuQuery(url.searchParams);
        checkOrderAccess(orderKeys, accessOf(request), orderID);
        const stored = mustFind(orderID);
        if (!stored.lines.some((line) => line.line_id === lineId)) throw lineNotFound(stored.orderID, lineId);
        if (!canRemoveLines(stored.status)) throw cannotRemoveFrom(stored.orderID, stored.status);
        if (stored.lines.length === 1) throw lastLine();
        countFakeChange(stored);
        const gone = stored.lines.find((line) => line.line_id === lineId) as StoredLine;
        // Its station may have started it: struck through on their screen until they bump it.
        (stored.removed ??= []).push({ ...gone, removedAt: now() });
        stored.lines = stored.lines.filter((line) => line.line_id !== lineId);
        stored.updatedAt = now();
        return { body: toOrder(stored), schema: kitchenOrderSchema };
      }),
    ),

    http.all(
      `${base}/*`,
      route((request, url) => {
        const allowed = API_METHODS[url.pathname.replace(/^\/api\/v1/, '').replace(/\/$/, '')];
        if (allowed && !allowed.includes(request.method)) throw methodNotAllowed(request.method, url.pathname, allowed);
        throw notFound(`There is no ${request.method} ${url.pathname} in this API`);
      }),
    ),
    // The page, as the provider serves it: with its token written in (what the app reads after a refused token).
    http.get(`${origin}/`, () =>
      HttpResponse.html(
        withRuntimeConfig('<!doctype html><html><head></head><body></body></html>', {
          api_token: token,
          api_origin: null,
        }),
      ),
    ),
    http.all(`${origin}/api/*`, ({ request }) =>
      errorResponse(
        notFound(
          `There is no ${request.method} ${new URL(request.url).pathname}: this provider answers under /api/v1/`,
        ),
      ),
    ),
  ];

  return {
    origin,
    handlers,
    restaurant,
    kitchen,
    state,
    reset() {
      state.orders = [];
      state.idempotency.clear();
      state.additions.clear();
      state.nextLineId = 1;
      tableSessions.reset();
      bill.reset();
      restaurant.reset();
      kitchen.reset();
    },
    advance(orderID) {
      const stored = mustFind(orderID);
      const next = nextStatus(stored.status);
      if (next) setStatus(stored, next);
      return orderSchema.parse(toOrder(stored));
    },
    order(orderID) {
      const stored = find(orderID);
      return stored && toOrder(stored);
    },
    orderKey: (orderID) => orderKeys.keyFor(orderID),
    tableKey: (tableId) => tableSessions.tableKey(tableId),
    setTimes({ orders = [], seatings = [] }) {
      for (const { orderID, at, doneAfterMinutes } of orders) {
        const stored = mustFind(orderID);
        const when = new Date(at);
        stored.createdAt = when;
        stored.statusChangedAt = when;
        for (const line of stored.lines) {
          line.addedAt = when;
          line.doneAt = doneAfterMinutes === undefined ? null : new Date(when.getTime() + doneAfterMinutes * 60_000);
        }
      }
      for (const { seatingId, at } of seatings) bill.moveMoney(seatingId, new Date(at));
    },
    staff,
    tables: tableSessions,
    menu,
    bill,
  };
}

function raise(error: Error): never {
  throw error;
}
