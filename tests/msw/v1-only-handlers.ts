// The fake provider as one of contract v1 alone, for tests of the app's fallbacks: put in front of the fake with
// `server.use(...v1OnlyHandlers(provider))`, as scripts/v1-only-provider.ts stands in front of the reference provider.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { V1_FIELDS as V1 } from '../../contract/v1-fields';
import type { FakeProvider } from './provider-handlers';

/** The shapes the fake's answers are cut to (contract/v1-fields.ts). */
const V1_FIELDS = {
  category: V1.Category,
  subCategory: V1.SubCategory,
  menuItem: V1.MenuItem,
  table: V1.Table,
  summary: V1.Summary,
  order: V1.Order,
  orderLine: V1.OrderLine,
};

type Shape = keyof typeof V1_FIELDS;

/** The nine calls, by method and path, with the shape of their answers. */
const V1_CALLS: Record<string, Shape> = {
  'GET category': 'category',
  'GET sub-category': 'subCategory',
  'GET menu': 'menuItem',
  'GET tables': 'table',
  'GET summary': 'summary',
  'GET orders': 'order',
  'POST orders': 'order',
  'POST menu': 'order',
  'DELETE menu': 'order',
};

// Marks the request this set makes to the fake behind it, which it lets through.
const INNER = 'x-v1-only-inner';

function keep(shape: Shape, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((one) => keep(shape, one));
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const field of V1_FIELDS[shape]) {
    if (!(field in value)) continue;
    const inner = (value as Record<string, unknown>)[field];
    kept[field] = shape === 'order' && field === 'items' ? keep('orderLine', inner) : inner;
  }
  return kept;
}

/**
 * Every call outside v1 answers 404; v1's answers lose every later field (no `order_key`, `options`, `allergens`…).
 * A v1 provider opens an order by its id alone, so the fake behind is sent the order's key by this set, never by the app.
 */
export function v1OnlyHandlers(provider: FakeProvider): HttpHandler[] {
  const api = `${provider.origin}/api/v1/`;
  return [
    http.all(`${api}*`, async ({ request }) => {
      if (request.headers.has(INNER)) return undefined;
      const url = new URL(request.url);
      const call = `${request.method} ${url.pathname.slice(url.pathname.indexOf('/api/v1/') + 8).replace(/\/$/, '')}`;
      const shape = V1_CALLS[call];
      if (shape === undefined) {
        return HttpResponse.json(
          { error: { code: 'not_found', message: `There is no ${call}: this provider implements contract v1 only` } },
          { status: 404 },
        );
      }
      const body = request.method === 'POST' ? await request.text() : undefined;
      const orderID =
        url.searchParams.get('orderID') ??
        (call === 'POST menu' && body ? ((JSON.parse(body) as { orderID?: string }).orderID ?? null) : null);
      const headers = new Headers(request.headers);
      for (const name of ['x-order-key', 'x-table-key', 'x-seating-key']) headers.delete(name);
      headers.set(INNER, '1');
      if (orderID !== null && provider.order(orderID)) headers.set('X-Order-Key', provider.orderKey(orderID));
      const answer = await fetch(request.url, { method: request.method, headers, body });
      const json = (await answer.json()) as Record<string, unknown> | Record<string, unknown>[];
      return HttpResponse.json(answer.ok ? (keep(shape, json) as typeof json) : json, { status: answer.status });
    }),
  ];
}
