// Probes and figures for whoever runs the provider: GET /healthz, /readyz and /metrics, outside the API and its token.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { forbidden, notFound, ProviderError } from '../api/provider-error';
import { METRICS_CONTENT_TYPE, registry } from '../ops/metrics';
import type { Readiness } from '../ops/readiness';

/** Who may read GET /metrics (PROVIDER_METRICS): nobody, this machine only, or whoever sends the token. */
export type MetricsAccess = { mode: 'off' } | { mode: 'loopback' } | { mode: 'token'; token: string };

export interface OpsRouteDeps {
  readiness: () => Promise<Readiness>;
  metrics?: MetricsAccess;
  /** The figures in Prometheus' text format; default this process's registry (serve.ts gathers every worker's). */
  readMetrics?: () => Promise<string>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

// A proxy on this machine connects from 127.0.0.1 for everyone it serves: a forwarded request is not a local one.
const FORWARDED = ['Forwarded', 'X-Forwarded-For', 'X-Real-IP'];

function isLoopback(c: Context): boolean {
  if (FORWARDED.some((name) => c.req.header(name) !== undefined)) return false;
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

function hasToken(c: Context, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function checkMetricsAccess(c: Context, access: MetricsAccess): void {
  if (access.mode === 'off') throw notFound('Metrics are off on this provider (PROVIDER_METRICS=off)');
  if (access.mode === 'loopback' && !isLoopback(c)) {
    throw forbidden('Metrics are read from this machine only (PROVIDER_METRICS=loopback)');
  }
  if (access.mode === 'token' && !hasToken(c, access.token)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new ProviderError(401, 'Send the metrics token: Authorization: Bearer <PROVIDER_METRICS_TOKEN>');
  }
}

export function addOpsRoutes(app: Hono, deps: OpsRouteDeps): void {
  const { readiness, metrics = { mode: 'loopback' }, readMetrics = () => registry.metrics() } = deps;
  app.use('/healthz', noStore);
  app.use('/readyz', noStore);
  app.use('/metrics', noStore);

  // Alive: answers without touching the database, so a database outage never gets a live process restarted.
  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    const state = await readiness();
    return state.ready
      ? c.json({ status: 'ready' })
      : c.json({ status: 'unavailable', reason: state.reason }, 503, { 'Retry-After': '5' });
  });

  app.get('/metrics', async (c) => {
    checkMetricsAccess(c, metrics);
    return c.body(await readMetrics(), 200, { 'Content-Type': METRICS_CONTENT_TYPE });
  });
}

async function noStore(c: Context, next: () => Promise<void>): Promise<void> {
  await next();
  c.header('Cache-Control', 'no-store');
}
