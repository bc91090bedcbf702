// The provider as a Hono app: API, images and the built app. Pure: it listens nowhere (see start.ts).
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { fileURLToPath } from 'node:url';
import { notFound, unavailable } from './api/provider-error';
import type { Summary } from '../contract/guest';
import type { SummaryCache } from './catalog/summary-cache';
import type { Database } from './db/database';
import type { LiveHub } from './live/live-hub';
import { createApiRoutes } from './http/api-routes';
import { errorAnswer, toProviderError } from './http/error-answers';
import { securityHeaders } from './http/security-headers';
import { addStaticRoutes } from './http/static-routes';
import { addPhotoFiles } from './menu/menu-routes';
import type { OrderKeys } from './orders/order-access';
import type { TableOrderLimit } from './orders/table-rules';

export const IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));

export interface ProviderAppDeps {
  db: Database;
  token: string;
  /** Makes and checks order keys; see server/orders/order-access.ts. */
  orderKeys: OrderKeys;
  tableKeys?: 'optional' | 'required';
  tableOrdersPerMinute?: TableOrderLimit;
  /** The built app; default `dist`. */
  staticDir?: string;
  imagesDir?: string;
  /** Origins allowed to call the API from a browser on another origin. */
  corsOrigins?: readonly string[];
  /** False while shutting down: the API then answers 503 so clients retry elsewhere or later. */
  isAcceptingRequests?: () => boolean;
  now?: () => Date;
  /** Live events; without it GET events answers 404, as a v1 provider does. */
  live?: LiveHub;
  /** GET summary's answers, kept for a moment (start.ts); without it each call reads the database. */
  summary?: SummaryCache<Summary>;
}

export function createProviderApp(deps: ProviderAppDeps): Hono {
  const app = new Hono();

  app.use('*', securityHeaders());
  app.use('*', compress());

  if (deps.corsOrigins && deps.corsOrigins.length > 0) {
    app.use(
      '/api/*',
      cors({
        origin: [...deps.corsOrigins],
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: [
          'Authorization',
          'Content-Type',
          'Accept',
          'Idempotency-Key',
          'X-Order-Key',
          'X-Table-Key',
          'Last-Event-ID',
        ],
        exposeHeaders: ['Location', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }

  app.use('/api/*', async (c, next) => {
    if (deps.isAcceptingRequests && !deps.isAcceptingRequests()) {
      c.header('Connection', 'close');
      throw unavailable();
    }
    await next();
    // Orders change under the guest's eyes; the app keeps its own cache (TanStack Query).
    c.header('Cache-Control', 'no-store');
  });

  app.route('/api/v1', createApiRoutes(deps));
  app.all('/api/*', (c) => {
    throw notFound(`There is no ${c.req.method} ${c.req.path}: this provider answers under /api/v1/`);
  });

  addPhotoFiles(app, deps.db);
  addStaticRoutes(app, { staticDir: deps.staticDir ?? 'dist', imagesDir: deps.imagesDir ?? IMAGES_DIR });

  app.onError((error, c) => {
    // The guest went away (closed the tab, lost the network): nobody is left to answer, and it is no fault of ours.
    if (c.req.raw.signal.aborted) return c.body(null, 499 as never);
    return errorAnswer(c, toProviderError(error));
  });
  return app;
}
