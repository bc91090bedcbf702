// The contract's nine calls under /api/v1, behind the bearer token and the body limit.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { notFound, payloadTooLarge } from '../api/provider-error';
import {
  checkBearer,
  MAX_BODY_BYTES,
  parseAddMenu,
  parseIdempotencyKey,
  parseJsonBody,
  parseMenuQuery,
  parseNewOrder,
  parseOrdersQuery,
  parseRemoveMenuQuery,
  parseSubCategoryQuery,
} from '../api/request-parsing';
import { listCategories, listMenu, listSubCategories, listTables, readSummary } from '../catalog/catalog-store';
import type { Database } from '../db/database';
import { addLine, getOrder, listRecentOrders, placeOrder, removeLine } from '../orders/order-store';
import { createStaffRoutes } from '../staff/staff-routes';
import { errorAnswer } from './error-answers';

export interface ApiDeps {
  db: Database;
  token: string;
  now?: () => Date;
}

const searchParams = (url: string) => new URL(url).searchParams;

export function createApiRoutes({ db, token, now = () => new Date() }: ApiDeps): Hono {
  const api = new Hono();

  api.use('*', async (c, next) => {
    checkBearer(c.req.header('Authorization'), token);
    await next();
  });
  // Checked after the token, so a stranger cannot make the provider read 64 KiB for nothing.
  api.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorAnswer(c, payloadTooLarge(MAX_BODY_BYTES)) }));

  api.get('/category', async (c) => c.json(await listCategories(db)));

  api.get('/sub-category', async (c) => {
    const { categoryId } = parseSubCategoryQuery(searchParams(c.req.url));
    return c.json(await listSubCategories(db, categoryId));
  });

  api.get('/menu', async (c) => {
    const filter = parseMenuQuery(searchParams(c.req.url));
    const items = await listMenu(db, filter);
    if (filter.kind === 'item' && items.length === 0) throw notFound(`Menu item ${filter.id} does not exist`);
    return c.json(items);
  });

  api.get('/tables', async (c) => c.json(await listTables(db)));

  api.get('/summary', async (c) => c.json(await readSummary(db, now())));

  api.get('/orders', async (c) => {
    const { orderID } = parseOrdersQuery(searchParams(c.req.url));
    return c.json(orderID === undefined ? await listRecentOrders(db) : [await getOrder(db, orderID)]);
  });

  api.post('/orders', async (c) => {
    const key = parseIdempotencyKey(c.req.header('Idempotency-Key'));
    const input = parseNewOrder(parseJsonBody(await c.req.text()));
    const { order, created } = await placeOrder(db, input, key);
    c.header('Location', `/api/v1/orders?orderID=${order.orderID}`);
    return c.json(order, created ? 201 : 200);
  });

  api.post('/menu', async (c) => {
    const input = parseAddMenu(parseJsonBody(await c.req.text()));
    return c.json(await addLine(db, input), 201);
  });

  api.delete('/menu', async (c) => {
    const { orderID, lineId } = parseRemoveMenuQuery(searchParams(c.req.url));
    return c.json(await removeLine(db, orderID, lineId));
  });

  api.route('/staff', createStaffRoutes({ db, now }));

  api.all('*', (c) => {
    throw notFound(`There is no ${c.req.method} ${new URL(c.req.url).pathname} in this API`);
  });

  return api;
}
