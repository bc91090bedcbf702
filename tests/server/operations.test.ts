// What whoever runs the provider relies on: the probes, the figures at GET /metrics, one JSON log line per request
// (with what it must never hold), and a stop that finishes the order in flight and tells live streams to reconnect.
import { Hono } from 'hono';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../contract/orders';
import { createProviderApp } from '../../server/app';
import { DatabaseUnavailableError, type Database } from '../../server/db/database';
import { migrationNames } from '../../server/db/migrate';
import { errorAnswer, toProviderError } from '../../server/http/error-answers';
import { addOpsRoutes, type MetricsAccess } from '../../server/http/ops-routes';
import { createLogger, processLogger, useLogger } from '../../server/ops/log';
import { createReadiness } from '../../server/ops/readiness';
import { createOrderKeys } from '../../server/orders/order-access';
import type { RunningProvider } from '../../server/start';
import { openSse } from '../support/sse-reader';
import { callApi, placeOrder, SAMPLE_ORDER, startTestProvider } from './helpers';

/** A pino logger writing into an array, one parsed JSON line each. */
function memoryLogger() {
  const lines: string[] = [];
  const logger = createLogger({ format: 'json', destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** The value of one series in Prometheus' text format (0 when it is not there yet). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('operations: probes, metrics and the request log', () => {
  let provider: RunningProvider;
  const log = memoryLogger();

  beforeAll(async () => {
    provider = await startTestProvider({ logger: log.logger, demoStaff: true });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('answers the probes without the token: alive, and ready once migrated', async () => {
    const alive = await fetch(`${provider.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers.get('Cache-Control')).toBe('no-store');
    const ready = await fetch(`${provider.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready when a migration this code needs is missing, or while it is stopping', async () => {
    const names = await migrationNames();
    const ahead = createReadiness(provider.db, { migrations: [...names, '999_from_a_newer_release.sql'] });
    expect(await ahead()).toEqual({ ready: false, reason: 'migrations not applied: 999_from_a_newer_release.sql' });
    const stopping = createReadiness(provider.db, { migrations: names, isStopping: () => true });
    expect(await stopping()).toEqual({ ready: false, reason: 'stopping' });
  });

  it('counts orders, refusals, replays, streams and sign-in failures, by route pattern, for this machine only', async () => {
    // The figures are the process's (one provider per process in production); other files' providers in this test
    // process count there too, so what this test did is what changed from before it to after it.
    const before = await (await fetch(`${provider.url}/metrics`)).text();
    const added = (text: string, series: string) => sample(text, series) - sample(before, series);
    const order = await placeOrder(provider.url, SAMPLE_ORDER, 'metrics-key');
    const replay = await callApi(provider.url, 'orders', {
      method: 'POST',
      body: JSON.stringify(SAMPLE_ORDER),
      headers: { 'Idempotency-Key': 'metrics-key' },
    });
    expect(replay.status).toBe(200);
    const refused = await callApi(provider.url, 'orders', { method: 'POST', body: JSON.stringify({ table_id: 3 }) });
    expect(refused.status).toBe(422);
    const wrong = await callApi(provider.url, 'staff/session', {
      method: 'POST',
      body: JSON.stringify({ name: 'manager', password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    await callApi(provider.url, `orders?orderID=${order.orderID}`, { headers: { 'X-Order-Key': order.order_key! } });
    const stream = await openSse(provider.url, { orderID: order.orderID, orderKey: order.order_key });

    try {
      const scrape = await fetch(`${provider.url}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get('Content-Type')).toContain('text/plain');
      const text = await scrape.text();
      expect(added(text, 'amber_orders_placed_total')).toBe(1);
      expect(added(text, 'amber_orders_replayed_total')).toBe(1);
      expect(added(text, 'amber_orders_refused_total{reason="invalid"}')).toBe(1);
      expect(added(text, 'amber_sign_in_failures_total{reason="bad_credentials"}')).toBe(1);
      expect(added(text, 'amber_live_streams_open{audience="guest"}')).toBe(1);
      expect(added(text, 'amber_live_streams_open{audience="staff"}')).toBe(0);
      expect(
        added(text, 'amber_http_request_duration_seconds_count{route="/api/v1/orders",method="POST",status="201"}'),
      ).toBe(1);
      // The pattern, never the path: an order's id would make a series per order.
      expect(text).not.toContain(order.orderID);
      expect(text).toContain('process_cpu_seconds_total');

      // A proxy on this machine forwards other people's requests from 127.0.0.1: those are not local.
      const forwarded = await fetch(`${provider.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
      expect(forwarded.status).toBe(403);
    } finally {
      stream.close();
    }
  });

  it('writes one JSON line per request with its id, route, status, time and staff name, and no secret', async () => {
    const [account] = provider.createdStaff;
    const signIn = await callApi(provider.url, 'staff/session', {
      method: 'POST',
      body: JSON.stringify({ name: account!.name, password: account!.password }),
    });
    expect(signIn.status).toBe(201);
    const cookie = /staff_session=[^;]+/.exec(signIn.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
    const tables = await provider.db.query<{ table_key: string }>('SELECT table_key FROM dining_tables WHERE id = 3');
    const tableKey = tables[0]!.table_key;
    const card = '4242 4242 4242 4242';

    log.lines.length = 0;
    const placing = await callApi(provider.url, 'orders', {
      method: 'POST',
      body: JSON.stringify({ ...SAMPLE_ORDER, note: `card ${card}` }),
      headers: { 'X-Table-Key': tableKey, 'Idempotency-Key': 'log-key-1', 'X-Request-Id': 'lb-1234567890abcdef' },
    });
    expect(placing.status).toBe(201);
    expect(placing.headers.get('X-Request-Id')).toBe('lb-1234567890abcdef');
    const order = orderSchema.parse(await placing.json());
    const read = await callApi(provider.url, `orders?orderID=${order.orderID}`, {
      headers: { 'X-Order-Key': order.order_key!, 'X-Request-Id': 'no <script> here' },
    });
    // An id that is not safe to write into a log is replaced by one of ours.
    expect(read.headers.get('X-Request-Id')).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const moved = await callApi(provider.url, `staff/orders/${order.orderID}/status`, {
      method: 'POST',
      body: JSON.stringify({ from: 'received', to: 'preparing' }),
      headers: { Cookie: cookie },
    });
    expect(moved.status).toBe(200);

    const lines = log.parsed();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: 'info',
      request_id: 'lb-1234567890abcdef',
      method: 'POST',
      route: '/api/v1/orders',
      status: 201,
    });
    expect(lines[1]).toMatchObject({ request_id: read.headers.get('X-Request-Id'), route: '/api/v1/orders' });
    expect(lines[2]).toMatchObject({
      request_id: moved.headers.get('X-Request-Id'),
      method: 'POST',
      route: '/api/v1/staff/orders/:orderID/status',
      status: 200,
      staff: account!.name,
    });
    for (const line of lines) {
      expect(Date.parse(String(line.time))).not.toBeNaN();
      expect(typeof line.duration_ms).toBe('number');
    }
    const text = log.lines.join('');
    for (const secret of [
      account!.password,
      cookie.split('=')[1]!,
      order.order_key!,
      tableKey,
      card,
      'demo-token',
      'log-key-1',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('a line logged while a request is answered', () => {
  it('carries the request id answered in X-Request-Id: an unexpected error’s line beside the request’s', async () => {
    const log = memoryLogger();
    const previous = processLogger();
    useLogger(log.logger);
    const provider = await startTestProvider();
    try {
      // A database that fails as a bug would, in the middle of an order: a 500, and two lines to match up.
      const failing: Database = {
        ...provider.db,
        transaction: async () => {
          throw new TypeError('a bug in the provider');
        },
      };
      const app = createProviderApp({
        db: failing,
        token: 'demo-token',
        orderKeys: createOrderKeys('a-secret-for-this-test-only'),
        logger: log.logger,
      });
      const answer = await app.request('/api/v1/orders', {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
        body: JSON.stringify(SAMPLE_ORDER),
      });
      expect(answer.status).toBe(500);
      const id = answer.headers.get('X-Request-Id');
      expect(id).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const lines = log.parsed();
      expect(lines.find((line) => line.event === 'unexpected_error')).toMatchObject({ request_id: id, level: 'error' });
      expect(lines.find((line) => line.route === '/api/v1/orders')).toMatchObject({ request_id: id, status: 500 });
      // The next request's lines name the next request only.
      const next = await app.request('/api/v1/category', { headers: { Authorization: 'Bearer demo-token' } });
      expect(next.status).toBe(200);
      expect(log.parsed().filter((line) => line.request_id === id)).toHaveLength(2);
    } finally {
      useLogger(previous);
      await provider.close();
    }
  });
});

describe('who may read GET /metrics', () => {
  const opsApp = (metrics: MetricsAccess) => {
    const app = new Hono();
    addOpsRoutes(app, { readiness: async () => ({ ready: true }), metrics });
    app.onError((error, c) => errorAnswer(c, toProviderError(error)));
    return app;
  };
  const app = opsApp({ mode: 'token', token: 'scraper-token-0123456789' });
  const off = opsApp({ mode: 'off' });

  it('answers the token holder only, and nobody when off', async () => {
    const without = await app.request('/metrics');
    expect(without.status).toBe(401);
    expect(without.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect((await app.request('/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    const withToken = await app.request('/metrics', {
      headers: { Authorization: 'Bearer scraper-token-0123456789' },
    });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('# TYPE amber_orders_placed_total counter');
    expect((await off.request('/metrics')).status).toBe(404);
  });
});

describe('stopping (SIGTERM)', () => {
  // A fresh provider of its own, stopped: slow on a loaded machine, so it gets room beyond the file's default.
  it(
    'finishes the order in flight, refuses new connections, and tells live streams to reconnect',
    { timeout: 90_000 },
    async () => {
      // An open connection gets a second to send its request before it is closed: the one below has sent its headers.
      const provider = await startTestProvider({ shutdownIdleMs: 1_000 });
      const stream = await openSse(provider.url);
      const { port } = provider;

      // An order whose body is still arriving when the stop begins: it is in flight.
      const body = JSON.stringify({ ...SAMPLE_ORDER, note: 'in flight' });
      let finishOrder = () => {};
      let headersSent: Promise<unknown> = Promise.resolve();
      const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/v1/orders',
              headers: {
                Authorization: 'Bearer demo-token',
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(body),
              },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }),
              );
            },
          );
          req.on('error', reject);
          headersSent = new Promise((resolve) => req.write(body.slice(0, 10), resolve));
          finishOrder = () => req.end(body.slice(10));
        },
      );
      await headersSent;

      const closing = provider.close();
      // The stream is told to come back (to another process) at once rather than after its usual back-off.
      const hint = await stream.waitFor((event) => event.type === 'reconnect');
      expect(hint.data).toMatchObject({ retry_ms: expect.any(Number) });
      await stream.ended;
      // No new connection is taken.
      await expect(fetch(`${provider.url}/healthz`)).rejects.toThrow();

      finishOrder();
      const placed = await answer;
      expect(placed.status).toBe(201);
      expect(placed.connection).toBe('close');
      expect(orderSchema.parse(JSON.parse(placed.body)).note).toBe('in flight');
      await closing;

      // PGlite closed under a call (the process stopping): unavailable, which is answered 503, never 500.
      await expect(provider.db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      const readiness = createReadiness(provider.db, { migrations: await migrationNames() });
      expect(await readiness()).toEqual({ ready: false, reason: 'database unreachable' });
    },
  );
});
