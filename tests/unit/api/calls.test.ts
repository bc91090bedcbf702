// The provider calls as the provider sees them (method, path, query, headers, body) and every failure the spec names, classified.
import type * as Config from '../../../src/api/config';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getCategory, getMenu, getSubCategory, getSummary, getTables } from '../../../src/api/calls';
import { addMenu, addOrders, getOrders, removeMenu } from '../../../src/api/order-calls';
import { ApiError } from '../../../src/api/errors';
import { describeApiError } from '../../../src/ui/feedback/error-text';
import { setupMsw } from '../../support/msw-server';

// A short timeout keeps the timeout case fast; everything else about the client is the real one.
vi.mock('../../../src/api/config', async (importOriginal) => ({
  ...(await importOriginal<typeof Config>()),
  REQUEST_TIMEOUT_MS: 200,
}));

const BASE = 'http://localhost:3000/api/v1';
const server = setupMsw();

const order = {
  orderID: 'K7F3QX2M',
  table_id: 3,
  status: 'received',
  items: [{ line_id: 1, menu_id: 7, name: 'Margherita', price: 12.5, quantity: 2, note: '' }],
  note: '',
  total: 25,
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
};

interface Seen {
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  accept: string | null;
  idempotencyKey: string | null;
  body: unknown;
}

/** Answers every call with `answer` and records what the provider would have seen. */
function recordRequests(answer: JsonBodyType, status = 200) {
  const seen: Seen[] = [];
  server.use(
    http.all(`${BASE}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      seen.push({
        method: request.method,
        path: url.pathname,
        query: url.search,
        authorization: request.headers.get('authorization'),
        accept: request.headers.get('accept'),
        idempotencyKey: request.headers.get('idempotency-key'),
        body: text ? JSON.parse(text) : undefined,
      });
      return HttpResponse.json(answer, { status });
    }),
  );
  return seen;
}

describe('the nine calls', () => {
  const category = { id: 1, name: 'Starters', description: null, image: '/images/starters.svg', sort: 1 };
  const subCategory = { id: 4, category_id: 1, name: 'Soups', image: null, sort: 1 };
  const menuItem = {
    id: 7,
    cat_id: 1,
    sub_cat_id: 4,
    name: 'Margherita',
    description: 'Tomato, mozzarella, basil',
    price: '$12.50',
    image: null,
    available: true,
    tags: ['vegetarian'],
    prep_minutes: 12,
  };

  it.each([
    ['getCategory', () => getCategory(), [category], 'GET', '/api/v1/category', ''],
    ['getSubCategory', () => getSubCategory(), [subCategory], 'GET', '/api/v1/sub-category', ''],
    [
      'getSubCategory by category',
      () => getSubCategory({ category_id: 1 }),
      [subCategory],
      'GET',
      '/api/v1/sub-category',
      '?category_id=1',
    ],
    ['getMenu', () => getMenu(), [menuItem], 'GET', '/api/v1/menu', ''],
    ['getMenu by category', () => getMenu({ cat_id: 1 }), [menuItem], 'GET', '/api/v1/menu', '?cat_id=1'],
    ['getMenu by sub-category', () => getMenu({ sub_cat_id: 4 }), [menuItem], 'GET', '/api/v1/menu', '?sub_cat_id=4'],
    ['getMenu by item', () => getMenu({ menu_id: 7 }), [menuItem], 'GET', '/api/v1/menu', '?menu_id=7'],
    [
      'getTables',
      () => getTables(),
      [{ id: 3, name: 'Table 3', seats: 4, status: 'free' }],
      'GET',
      '/api/v1/tables',
      '',
    ],
    [
      'getSummary',
      () => getSummary(),
      { open_orders: 4, average_wait_minutes: 12, tables_free: 5, tables_total: 12 },
      'GET',
      '/api/v1/summary',
      '',
    ],
    ['getOrders', () => getOrders(), [order], 'GET', '/api/v1/orders', ''],
    [
      'getOrders by id',
      () => getOrders({ orderID: 'K7F3QX2M' }),
      [order],
      'GET',
      '/api/v1/orders',
      '?orderID=K7F3QX2M',
    ],
    [
      'removeMenu',
      () => removeMenu({ orderID: 'K7F3QX2M', line_id: 1 }),
      order,
      'DELETE',
      '/api/v1/menu',
      '?orderID=K7F3QX2M&line_id=1',
    ],
  ] as const)('%s', async (_name, call, answer, method, path, query) => {
    const seen = recordRequests(answer as JsonBodyType);
    await expect(call()).resolves.toEqual(answer);
    expect(seen).toEqual([
      expect.objectContaining({
        method,
        path,
        query,
        authorization: 'Bearer demo-token',
        accept: 'application/json',
        body: undefined,
      }),
    ]);
  });

  it('addOrders posts the order with its idempotency key', async () => {
    const seen = recordRequests(order, 201);
    const newOrder = { table_id: 3, items: [{ menu_id: 7, quantity: 2, note: 'extra crispy' }], note: 'birthday' };
    await expect(addOrders(newOrder, { idempotencyKey: 'attempt-1234' })).resolves.toEqual(order);
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/orders',
        query: '',
        authorization: 'Bearer demo-token',
        accept: 'application/json',
        idempotencyKey: 'attempt-1234',
        body: newOrder,
      }),
    ]);
  });

  it('addMenu posts the new line', async () => {
    const seen = recordRequests(order, 201);
    const line = { orderID: 'K7F3QX2M', menu_id: 9, quantity: 1 };
    await expect(addMenu(line)).resolves.toEqual(order);
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/menu', query: '', body: line })]);
  });

  it('keeps a string price as the provider sent it, and drops images the contract does not allow', async () => {
    recordRequests([
      { ...category, image: 'http://tracker.example/pixel.gif' },
      { ...category, id: 2, image: 'https://cdn.example/soup.jpg' },
      { ...category, id: 3, image: 'javascript:alert(1)' },
    ]);
    const categories = await getCategory();
    expect(categories.map((c) => c.image)).toEqual([null, 'https://cdn.example/soup.jpg', null]);
  });
});

describe('the error rules', () => {
  const expectApiError = async (call: Promise<unknown>, expected: Partial<ApiError>) => {
    const error = await call.then(
      () => {
        throw new Error('the call should have failed');
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(expected);
    return error as ApiError;
  };

  it('a 503 removes the session api_key', async () => {
    sessionStorage.setItem('api_key', 'secret');
    server.use(
      http.get(`${BASE}/tables`, () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'Down for maintenance' } }, { status: 503 }),
      ),
    );
    const error = await expectApiError(getTables(), { kind: 'http', status: 503, message: 'Down for maintenance' });
    expect(sessionStorage.getItem('api_key')).toBeNull();
    expect(describeApiError(error)).toMatch(/temporarily unavailable/);
  });

  it('a 500 leaves the session api_key alone', async () => {
    sessionStorage.setItem('api_key', 'secret');
    server.use(
      http.get(`${BASE}/tables`, () =>
        HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      ),
    );
    await expectApiError(getTables(), { kind: 'http', status: 500 });
    expect(sessionStorage.getItem('api_key')).toBe('secret');
  });

  it('a refused request carries the provider’s code, message and fields', async () => {
    server.use(
      http.post(`${BASE}/orders`, () =>
        HttpResponse.json(
          { error: { code: 'invalid', message: 'Tiramisu is sold out', fields: { 'items.0.menu_id': 'sold out' } } },
          { status: 422 },
        ),
      ),
    );
    const error = await expectApiError(
      addOrders({ table_id: 1, items: [{ menu_id: 40, quantity: 1 }] }, { idempotencyKey: 'attempt-5678' }),
      {
        kind: 'http',
        status: 422,
        code: 'invalid',
        message: 'Tiramisu is sold out',
        fields: { 'items.0.menu_id': 'sold out' },
      },
    );
    expect(describeApiError(error)).toBe('Tiramisu is sold out');
    expect(error.isTransient).toBe(false);
  });

  it('an error answer without the contract’s body still gives its status', async () => {
    server.use(http.get(`${BASE}/summary`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    const error = await expectApiError(getSummary(), { kind: 'http', status: 502 });
    expect(error.isTransient).toBe(true);
  });

  it('a network failure is a fetch error', async () => {
    server.use(http.get(`${BASE}/category`, () => HttpResponse.error()));
    const error = await expectApiError(getCategory(), { kind: 'fetch' });
    expect(error.isTransient).toBe(true);
    expect(describeApiError(error)).toMatch(/can’t reach the restaurant/);
  });

  it('an answer slower than the timeout is a timeout error', async () => {
    server.use(
      http.get(`${BASE}/category`, async () => {
        await delay(1000);
        return HttpResponse.json([]);
      }),
    );
    await expectApiError(getCategory(), { kind: 'timeout' });
  });

  it('an answer that is not JSON is a parsing error', async () => {
    server.use(
      http.get(
        `${BASE}/category`,
        () => new HttpResponse('<html>oops</html>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    await expectApiError(getCategory(), { kind: 'parsing' });
  });

  it('an answer that breaks the contract is a parsing error', async () => {
    server.use(http.get(`${BASE}/summary`, () => HttpResponse.json({ open_orders: 'many' })));
    const error = await expectApiError(getSummary(), { kind: 'parsing' });
    expect(error.isTransient).toBe(false);
  });

  it('an aborted call is not turned into an error of the catalogue', async () => {
    server.use(
      http.get(`${BASE}/category`, async () => {
        await delay(1000);
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const call = getCategory({ signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});
