// The contract's nine calls under /api/v1, behind the bearer token, the body limit, and the order and table keys.
import { addReportRoutes } from '../reports/report-routes';
import { Hono, type Context } from 'hono';
import { badRequest, methodNotAllowed, notFound, payloadTooLarge } from '../api/provider-error';
import { addKitchenRoutes } from '../kitchen/kitchen-routes';
import { readOrderEstimate } from '../kitchen/order-estimate';
import { addPrinterRoutes } from '../printing/printer-routes';
import {
  checkBearer,
  checkJsonContentType,
  MAX_BODY_BYTES,
  parseAddMenu,
  parseIdempotencyKey,
  parseJsonBody,
  parseMenuQuery,
  parseNewOrder,
  parseOrdersQuery,
  parseRemoveMenuQuery,
  parseSubCategoryQuery,
  secretHeader,
} from '../api/request-parsing';
import { listCategories, listMenu, listSubCategories, listTables, readSummary } from '../catalog/catalog-store';
import type { SummaryCache } from '../catalog/summary-cache';
import { menuLanguage } from '../catalog/menu-language';
import type { Summary } from '../../contract/guest';
import type { Database } from '../db/database';
import { checkCanListOrders, checkOrderAccess, type OrderAccess, type OrderKeys } from '../orders/order-access';
import type { LiveHub } from '../live/live-hub';
import { addLiveRoutes } from '../live/live-routes';
import { addLine, getOrder, listRecentOrders, placeOrder, removeLine } from '../orders/order-store';
import type { TableOrderLimit } from '../orders/table-rules';
import { API_METHODS } from './api-methods';
import { declaredBodyLimit } from './body-limit';
import { createStaffRoutes, type StaffSecurity } from '../staff/staff-routes';
import { LARGE_BODIES } from '../menu/menu-routes';
import { addRestaurantRoutes } from '../restaurant/restaurant-routes';
import { randomBytes } from 'node:crypto';
import { createDeviceCookies } from '../staff/device-cookies';
import { createPasswords } from '../staff/passwords';
import { createDatabaseThrottle } from '../staff/throttle-store';
import type { OrderChangeLimits } from '../orders/order-changes';
import { addTableRoutes } from '../tables/table-routes';
import { addBillRoutes } from '../bill/bill-routes';
import { demoPayments, type PaymentsPort } from '../payments/payment-port';
import { addPaymentRoutes, addStripeWebhook } from '../payments/payment-routes';
import type { StripePayments } from '../payments/stripe-payments';
import { staffSessionOf } from '../staff/staff-session';
import { metrics } from '../ops/metrics';
import { errorAnswer, toProviderError } from './error-answers';
import type { ClientInfoOptions } from './client-info';

export interface ApiDeps {
  db: Database;
  token: string;
  /** Makes and checks order keys; see server/orders/order-access.ts. */
  orderKeys: OrderKeys;
  /** `required`: POST orders needs the table's X-Table-Key; `optional` (default): checked when sent. */
  tableKeys?: 'optional' | 'required';
  /** New orders per table per minute; 0 or Infinity: no limit. */
  tableOrdersPerMinute?: TableOrderLimit;
  now?: () => Date;
  /** Live events (GET events, staff/events); without it those paths are 404, as on a v1 provider. */
  live?: LiveHub;
  /** GET summary's answers, reused for a moment; without it each call reads the database. */
  summary?: SummaryCache<Summary>;
  /** Told when print jobs were written with an order or an addition, so they go out at once. */
  printing?: { wake(): void };
  /** How guests' shares are paid: the demo provider unless Stripe is configured (then `stripe` too); null: at the counter only. */
  payments?: PaymentsPort | null;
  /** Stripe, when it is configured: its webhook, and the security headers that let its script and frames in. */
  stripe?: StripePayments;
  /** Sign-in's throttle, password hasher and known-device cookies (start.ts makes them); absent: the defaults. */
  staffSecurity?: StaffSecurity;
  /** Guests' changes to one order, per minute and in all; absent or 0: no limit. */
  orderChanges?: OrderChangeLimits;
  /** The most an order may weigh as JSON (default MAX_ORDER_BYTES); tests lower it. */
  maxOrderBytes?: number;
  /** Whether to believe a reverse proxy's X-Forwarded-For and X-Forwarded-Proto (PROVIDER_TRUST_PROXY). */
  clientInfo?: ClientInfoOptions;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const searchParams = (url: string) => new URL(url).searchParams;

async function jsonBody(c: Context): Promise<unknown> {
  checkJsonContentType(c.req.header('Content-Type'));
  return parseJsonBody(await c.req.text());
}

/** Orders placed, replayed (a key sent again) and refused, by the error code answered, for GET /metrics. */
async function countOrder<T extends { created: boolean }>(place: () => Promise<T>): Promise<T> {
  try {
    const placed = await place();
    (placed.created ? metrics.ordersPlaced : metrics.ordersReplayed).inc();
    return placed;
  } catch (error) {
    metrics.ordersRefused.inc({ reason: toProviderError(error, false).code });
    throw error;
  }
}

export function createApiRoutes(deps: ApiDeps): Hono {
  const { db, token, orderKeys, live, summary, printing, now = () => new Date() } = deps;
  const api = new Hono();

  // Guests prove an order is theirs with its key; a signed-in member of staff may read and change any order.
  const accessOf = async (c: Context): Promise<OrderAccess> => {
    const orderKey = secretHeader(c.req.header('X-Order-Key'));
    if (orderKey !== undefined) return { orderKey };
    return (await staffSessionOf(db, c, now())) ? { staff: true } : {};
  };
  const staffOf = (c: Context) => staffSessionOf(db, c, now());

  // Stripe cannot send the app's bearer token: its webhook is proved by its signature, and comes first.
  addStripeWebhook(api, { db, now, stripe: deps.stripe });

  api.use('*', async (c, next) => {
    checkBearer(c.req.header('Authorization'), token);
    await next();
  });
  // Any change made through this process shows in its next summary: the cache is dropped once the change is committed
  // (every write is one transaction, ended before its answer). Other processes' changes reach it through the live hub.
  if (summary) {
    api.use('*', async (c, next) => {
      try {
        await next();
      } finally {
        if (!READ_METHODS.has(c.req.method)) summary.invalidate();
      }
    });
  }
  // Checked after the token, so a stranger cannot make the provider read 64 KiB for nothing. A whole menu or a photo
  // may be larger, on its own route only, and is still bounded.
  const usualLimit = declaredBodyLimit(MAX_BODY_BYTES, (c) => errorAnswer(c, payloadTooLarge(MAX_BODY_BYTES)));
  const largeLimits = LARGE_BODIES.map((route) => ({
    ...route,
    limit: declaredBodyLimit(route.maxBytes, (c) =>
      errorAnswer(c, route.tooLarge?.() ?? payloadTooLarge(route.maxBytes)),
    ),
  }));
  api.use('*', (c, next) => {
    const large = largeLimits.find((route) => route.method === c.req.method && route.path.test(c.req.path));
    return (large?.limit ?? usualLimit)(c, next);
  });

  // Contract "Languages": the menu's names in the guest's language where the restaurant has them, saying which.
  const answerLanguage = async (c: Context) => {
    const language = await menuLanguage(db, c.req.header('Accept-Language'));
    c.header('Content-Language', language);
    c.header('Vary', 'Accept-Language');
    return language;
  };

  api.get('/category', async (c) => c.json(await listCategories(db, await answerLanguage(c))));

  api.get('/sub-category', async (c) => {
    const { categoryId } = parseSubCategoryQuery(searchParams(c.req.url));
    return c.json(await listSubCategories(db, categoryId, await answerLanguage(c)));
  });

  api.get('/menu', async (c) => {
    const filter = parseMenuQuery(searchParams(c.req.url));
    const items = await listMenu(db, filter, await answerLanguage(c), now());
    if (filter.kind === 'item' && items.length === 0) throw notFound(`Menu item ${filter.id} does not exist`);
    return c.json(items);
  });

  api.get('/tables', async (c) => c.json(await listTables(db)));

  api.get('/summary', async (c) => c.json(await (summary ? summary.read() : readSummary(db, now()))));

  api.get('/orders', async (c) => {
    const { orderID } = parseOrdersQuery(searchParams(c.req.url));
    const access = await accessOf(c);
    if (orderID === undefined) {
      checkCanListOrders(access);
      return c.json(await listRecentOrders(db));
    }
    checkOrderAccess(orderKeys, access, orderID);
    return c.json([await getOrder(db, orderID)]);
  });

  api.post('/orders', async (c) => {
    const { order, created } = await countOrder(async () => {
      const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
      const input = parseNewOrder(await jsonBody(c));
      const tableKey = secretHeader(c.req.header('X-Table-Key'));
      const seatingKey = secretHeader(c.req.header('X-Seating-Key'));
      return placeOrder(db, input, {
        ...(key === undefined ? {} : { idempotencyKey: key }),
        ...(tableKey === undefined ? {} : { tableKey }),
        ...(seatingKey === undefined ? {} : { seatingKey }),
        tableKeys: deps.tableKeys ?? 'optional',
        ordersPerMinute: deps.tableOrdersPerMinute ?? 0,
        ...(deps.maxOrderBytes === undefined ? {} : { maxOrderBytes: deps.maxOrderBytes }),
      });
    });
    if (created) {
      live?.readSoon();
      printing?.wake();
    }
    c.header('Location', `/api/v1/orders?orderID=${order.orderID}`);
    return c.json({ ...order, order_key: orderKeys.keyFor(order.orderID) }, created ? 201 : 200);
  });

  api.post('/menu', async (c) => {
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    const input = parseAddMenu(await jsonBody(c));
    checkOrderAccess(orderKeys, await accessOf(c), input.orderID);
    const { order, created } = await addLine(db, input, key, {
      limits: deps.orderChanges,
      now: now(),
      ...(deps.maxOrderBytes === undefined ? {} : { maxOrderBytes: deps.maxOrderBytes }),
    });
    if (created) printing?.wake();
    return c.json(order, created ? 201 : 200);
  });

  api.delete('/menu', async (c) => {
    const { orderID, lineId } = parseRemoveMenuQuery(searchParams(c.req.url));
    checkOrderAccess(orderKeys, await accessOf(c), orderID);
    return c.json(await removeLine(db, orderID, lineId, { limits: deps.orderChanges, now: now() }));
  });

  // The guest's own wait, from the tickets ahead of the order at its stations: its key, or a staff session.
  api.get('/orders/estimate', async (c) => {
    const { orderID } = parseOrdersQuery(searchParams(c.req.url));
    if (orderID === undefined) throw badRequest('orderID is required', { orderID: 'required' });
    checkOrderAccess(orderKeys, await accessOf(c), orderID);
    return c.json(await readOrderEstimate(db, orderID, now()));
  });

  addRestaurantRoutes(api, { db, now });
  addKitchenRoutes(api, { db, now });
  addPrinterRoutes(api, { db, now });
  addTableRoutes(api, { db, now });
  const payments = deps.payments === undefined ? demoPayments : deps.payments;
  addBillRoutes(api, { db, now, payments });
  addPaymentRoutes(api, { db, now, demo: payments?.provider === 'demo' });
  addReportRoutes(api, { db, now });
  if (live) addLiveRoutes(api, { db, live, orderKeys, staffOf, clientInfo: deps.clientInfo });
  const staffSecurity = deps.staffSecurity ?? {
    throttle: createDatabaseThrottle(db),
    passwords: createPasswords(),
    devices: createDeviceCookies(randomBytes(32).toString('base64url')),
  };
  api.route('/staff', createStaffRoutes({ db, now, ...staffSecurity, clientInfo: deps.clientInfo }));

  api.all('*', (c) => {
    const path = new URL(c.req.url).pathname;
    const allowed = API_METHODS[path.replace(/^\/api\/v1/, '').replace(/\/$/, '')];
    if (allowed && !allowed.includes(c.req.method)) throw methodNotAllowed(c.req.method, path, allowed);
    throw notFound(`There is no ${c.req.method} ${path} in this API`);
  });

  return api;
}
