// One log line and one latency sample per request, under the route's pattern, with the request id answered in a header.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from 'pino';
import { metrics } from '../ops/metrics';
import { acceptedRequestId, newRequestId, type RequestContext } from '../ops/request-context';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Probes and scrapes come every few seconds: a line each would bury the requests people look for.
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
const SIGN_IN_ROUTE = '/api/v1/staff/session';

/** The pattern of the route that answered (`/api/v1/staff/orders/:orderID/status`), never the path with its ids. */
export function routeOf(c: Context): string {
  return matchedRoutes(c)[c.req.routeIndex]?.path ?? 'unmatched';
}

function levelOf(status: number): 'info' | 'warn' | 'error' {
  if (status === 503) return 'warn';
  return status >= 500 && status !== 499 ? 'error' : 'info';
}

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const context: RequestContext = { id: acceptedRequestId(c.req.header(REQUEST_ID_HEADER)) ?? newRequestId() };
    c.set('request', context);
    await next();
    c.header(REQUEST_ID_HEADER, context.id);

    const ms = performance.now() - started;
    const route = routeOf(c);
    const { method } = c.req;
    const { status } = c.res;
    metrics.requestDuration.observe({ route, method, status: String(status) }, ms / 1000);
    if (route === SIGN_IN_ROUTE && method === 'POST' && (status === 401 || status === 429)) {
      metrics.signInFailures.inc({ reason: status === 401 ? 'bad_credentials' : 'throttled' });
    }
    // Only these fields: never a header, the query string or a body, where keys, cookies and passwords travel.
    const line = {
      request_id: context.id,
      method,
      route,
      status,
      duration_ms: Math.round(ms * 10) / 10,
      ...(context.staff === undefined ? {} : { staff: context.staff }),
    };
    const message = `${method} ${route} ${status} ${line.duration_ms} ms${context.staff === undefined ? '' : ` (${context.staff})`}`;
    if (QUIET_ROUTES.has(route)) logger.debug(line, message);
    else logger[levelOf(status)](line, message);
  };
}
