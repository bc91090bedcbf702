// `npm run provider:v1`: a provider of contract v1 alone, made by standing in front of the reference provider, to see
// the guest app as a restaurant with a v1 provider of its own would (docs/contract.md, "Versions").
//
// Start the reference provider first (`npx vite build`, then `PORT=4311 npx tsx server/main.ts`), then this:
//
//   PORT=4312 UPSTREAM=http://127.0.0.1:4311 npm run provider:v1
//
// and open http://localhost:4312. What it does to look like v1:
// - Every API call outside v1's nine answers 404 `not_found`, as a provider that never had it would: the live events,
//   the restaurant's profile, the table's orders, seatings and bill, the estimate, the console's calls, openapi.json.
//   The known paths asked with another method answer 405.
// - The v1 answers keep only v1's fields (V1_FIELDS below): no `order_key`, `options`, `allergens`, hours,
//   `cancel_reason`, `allergies`, line `choices` or `added_at`. `Content-Language` is dropped.
// - What v1 does not know is taken out of requests before they reach the reference provider (later headers such as
//   `X-Table-Key`, `X-Seating-Key` and `Accept-Language`, and later body fields such as `choices`, `guest` and
//   `allergies`), and each is logged: an app that falls back sends none of them.
// - A dish that must have a choice on the reference provider (a pizza's size) is ordered with the cheapest ones, since
//   a v1 dish has no options and a v1 order names none.
// - A v1 provider opens an order by its id alone, the reference provider only with its key: this proxy keeps the
//   `order_key` of every order placed through it (in memory) and adds it on that order's calls, and answers
//   `GET orders` without `orderID` with those orders. An order placed before it started answers 404.
// The app itself (index.html, its scripts, the service worker) and `/images/…` pass through untouched.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { V1_FIELDS } from '../contract/v1-fields';

const port = Number(process.env.PORT ?? 4312);
const upstream = (process.env.UPSTREAM ?? 'http://127.0.0.1:4311').replace(/\/$/, '');
const API = '/api/v1/';

type Shape = keyof typeof V1_FIELDS;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The nine calls: method and path, and the shape of each answer (a list of it, or one). */
const V1_CALLS: Record<string, { shape: Shape; list: boolean }> = {
  'GET category': { shape: 'Category', list: true },
  'GET sub-category': { shape: 'SubCategory', list: true },
  'GET menu': { shape: 'MenuItem', list: true },
  'GET tables': { shape: 'Table', list: true },
  'GET summary': { shape: 'Summary', list: false },
  'GET orders': { shape: 'Order', list: true },
  'POST orders': { shape: 'Order', list: false },
  'POST menu': { shape: 'Order', list: false },
  'DELETE menu': { shape: 'Order', list: false },
};

/** The request headers v1 has; every other one (keys, languages, a later Idempotency-Key) is left out. */
const V1_REQUEST_HEADERS = new Set(['authorization', 'accept', 'content-type', 'content-length']);

const orderKeys = new Map<string, string>();

function keep(shape: Shape, value: Json, dropped: Set<string>): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const fields: readonly string[] = V1_FIELDS[shape];
  const kept: Record<string, Json> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (!fields.includes(field)) {
      dropped.add(`${shape}.${field}`);
      continue;
    }
    if (shape === 'Order' && field === 'items' && Array.isArray(inner)) {
      kept[field] = inner.map((line) => keep('OrderLine', line, dropped));
    } else if (shape === 'NewOrder' && field === 'items' && Array.isArray(inner)) {
      kept[field] = inner.map((line) => keep('NewOrderLine', line, dropped));
    } else {
      kept[field] = inner;
    }
  }
  return kept;
}

interface UpstreamDish {
  id: number;
  options?: { min: number; choices: { id: number; price: number; available: boolean }[] }[];
}

/**
 * A v1 dish has no options, so a v1 order names none; the reference provider still wants a pick from each group a dish
 * must have one of (a pizza's size). The cheapest available choices are sent for them, the dish as a v1 menu shows it.
 */
async function withRequiredChoices(body: Json, headers: Record<string, string>): Promise<Json> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const lines = Array.isArray(body.items) ? body.items : [body];
  const answer = await fetch(`${upstream}${API}menu`, { headers: { authorization: headers.authorization ?? '' } });
  if (!answer.ok) return body;
  const dishes = new Map(((await answer.json()) as UpstreamDish[]).map((dish) => [dish.id, dish]));
  for (const line of lines) {
    if (line === null || typeof line !== 'object' || Array.isArray(line)) continue;
    const dish = typeof line.menu_id === 'number' ? dishes.get(line.menu_id) : undefined;
    const choices = (dish?.options ?? []).flatMap((group) =>
      group.choices
        .filter((choice) => choice.available)
        .sort((a, b) => a.price - b.price)
        .slice(0, group.min)
        .map((choice) => choice.id),
    );
    if (choices.length > 0) line.choices = choices;
  }
  return body;
}

function send(response: ServerResponse, status: number, body: Json, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

const refusal = (code: string, message: string): Json => ({ error: { code, message } });

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function log(line: string): void {
  console.log(`[v1-only] ${line}`);
}

/** Passes the app, its assets and images through as they are. */
async function passThrough(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await readBody(request));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && name !== 'host' && name !== 'connection') headers.set(name, String(value));
  }
  const answer = await fetch(`${upstream}${request.url}`, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
  });
  const answerHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    // fetch has already decoded the body, so its encoding and length no longer hold.
    if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') {
      answerHeaders[name] = value;
    }
  });
  response.writeHead(answer.status, answerHeaders);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

async function answerV1(request: IncomingMessage, response: ServerResponse, url: URL, call: string): Promise<void> {
  const { shape, list } = V1_CALLS[call]!;
  const dropped = new Set<string>();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (V1_REQUEST_HEADERS.has(name) || (call === 'POST orders' && name === 'idempotency-key')) {
      headers[name] = String(value);
    } else if (name.startsWith('x-')) {
      // Keys v1 does not have; Accept-Language and a later Idempotency-Key are left out quietly, as v1 ignores them.
      dropped.add(`header ${name}`);
    }
  }

  let body: string | undefined;
  let orderID = url.searchParams.get('orderID') ?? undefined;
  if (request.method === 'POST') {
    const raw = (await readBody(request)).toString('utf8');
    try {
      const parsed = JSON.parse(raw) as Json;
      const v1 = keep(call === 'POST orders' ? 'NewOrder' : 'AddMenu', parsed, dropped);
      if (call === 'POST menu' && v1 !== null && typeof v1 === 'object' && !Array.isArray(v1)) {
        orderID = typeof v1.orderID === 'string' ? v1.orderID : undefined;
      }
      body = JSON.stringify(await withRequiredChoices(v1, headers));
    } catch {
      body = raw; // Not JSON: the reference provider's 400 is v1's too.
    }
    delete headers['content-length'];
  }
  if (dropped.size > 0) log(`${call}: the app sent what v1 does not have: ${[...dropped].join(', ')}`);

  // A v1 provider lists every order to a guest; this one knows the orders placed through it.
  if (call === 'GET orders' && orderID === undefined) {
    const orders: Json[] = [];
    for (const [id, key] of [...orderKeys].reverse()) {
      const answer = await fetch(`${upstream}${API}orders?orderID=${encodeURIComponent(id)}`, {
        headers: { ...headers, 'x-order-key': key },
      });
      if (answer.ok) orders.push(...((await answer.json()) as Json[]).map((order) => keep('Order', order, dropped)));
    }
    send(response, 200, orders);
    return;
  }

  const key = orderID === undefined ? undefined : orderKeys.get(orderID);
  if (key !== undefined) headers['x-order-key'] = key;
  const answer = await fetch(`${upstream}${url.pathname}${url.search}`, { method: request.method, headers, body });
  const text = await answer.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(text);
    return;
  }
  if (!answer.ok) {
    send(response, answer.status, json, retryAfter(answer));
    return;
  }
  if (call === 'POST orders' && json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const { orderID: placed, order_key: placedKey } = json;
    if (typeof placed === 'string' && typeof placedKey === 'string') orderKeys.set(placed, placedKey);
  }
  const stripped = new Set<string>();
  const v1 = list && Array.isArray(json) ? json.map((one) => keep(shape, one, stripped)) : keep(shape, json, stripped);
  if (stripped.size > 0) log(`${call}: left out of the answer: ${[...stripped].join(', ')}`);
  send(response, answer.status, v1, retryAfter(answer));
}

const retryAfter = (answer: Response): Record<string, string> => {
  const value = answer.headers.get('retry-after');
  return value === null ? {} : { 'Retry-After': value };
};

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://v1-only.invalid');
  const handle = async () => {
    if (!url.pathname.startsWith(API)) return passThrough(request, response);
    const path = url.pathname.slice(API.length).replace(/\/$/, '');
    const call = `${request.method ?? 'GET'} ${path}`;
    if (V1_CALLS[call] !== undefined) return answerV1(request, response, url, call);
    const methods = Object.keys(V1_CALLS)
      .filter((known) => known.endsWith(` ${path}`))
      .map((known) => known.split(' ')[0]!);
    if (methods.length > 0) {
      send(response, 405, refusal('method_not_allowed', `${path} answers ${methods.join(', ')}`), {
        Allow: methods.join(', '),
      });
      return;
    }
    log(`404 for ${call} (not in v1)`);
    send(response, 404, refusal('not_found', `There is no ${call}: this provider implements contract v1 only`));
  };
  handle().catch((error: unknown) => {
    log(`${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
    if (!response.headersSent) send(response, 503, refusal('unavailable', 'The reference provider did not answer'));
    else response.end();
  });
});

server.listen(port, () => {
  log(`a provider of contract v1 only on http://localhost:${port}, in front of ${upstream}`);
});

function stop(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
