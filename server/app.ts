// The provider as a Hono app: API, images and the built app. Pure: it listens nowhere (see start.ts).
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { notFound } from './api/provider-error';
import { createApiRoutes, type ApiDeps } from './http/api-routes';
import { errorAnswer, toProviderError } from './http/error-answers';
import { headersInPlace } from './http/headers-in-place';
import { jsonAnswers } from './http/json-answers';
import { liveStreamsOnNode } from './live/live-routes';
import { addOpsRoutes, type MetricsAccess } from './http/ops-routes';
import { requestLog, REQUEST_ID_HEADER } from './http/request-log';
import { openApiDocumentText } from './http/openapi-document';
import { securityHeaders } from './http/security-headers';
import { addStaticRoutes } from './http/static-routes';
import { addPhotoFiles } from './menu/menu-routes';
import { processLogger } from './ops/log';
import { requestFields } from './ops/request-context';
import type { Readiness } from './ops/readiness';
import { readRestaurant } from './restaurant/restaurant-store';

export const IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));

/** What the API's routes need (ApiDeps), and what the shell around them needs: static files, CORS, ops routes. */
export interface ProviderAppDeps extends ApiDeps {
  /** The built app; default `dist`. */
  staticDir?: string;
  imagesDir?: string;
  /** Origins allowed to call the API from a browser on another origin. */
  corsOrigins?: readonly string[];
  /**
   * True while shutting down: requests still arriving on open connections are answered, each with `Connection:
   * close`, so the client's next request opens a connection to a process that is staying.
   */
  isDraining?: () => boolean;
  /** One line per request; default the process's log. */
  logger?: Logger;
  /** GET /readyz's answer; without it, ready whenever the process answers. */
  readiness?: () => Promise<Readiness>;
  /** Who may read GET /metrics; default this machine only. */
  metrics?: MetricsAccess;
  /** GET /metrics's text; default this process's figures. */
  readMetrics?: () => Promise<string>;
}

export function createProviderApp(deps: ProviderAppDeps): Hono {
  const app = new Hono();

  app.use('/api/*', liveStreamsOnNode);
  app.use('*', headersInPlace);
  app.use('*', requestLog(deps.logger ?? processLogger()));
  app.use('*', async (c, next) => {
    await next();
    if (deps.isDraining?.()) c.header('Connection', 'close');
  });
  // Stripe's script and frames are allowed only where Stripe takes the payments.
  app.use('*', securityHeaders({ stripe: deps.stripe !== undefined }));
  app.use('*', compress());
  app.use('*', jsonAnswers);

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
          'X-Seating-Key',
          'Last-Event-ID',
        ],
        exposeHeaders: ['Location', 'Retry-After', REQUEST_ID_HEADER],
        maxAge: 600,
      }),
    );
  }

  app.use('/api/*', async (c, next) => {
    await next();
    // Orders change under the guest's eyes; the app keeps its own cache (TanStack Query).
    c.header('Cache-Control', 'no-store');
  });

  // Public, before the token check: the document holds no secret, and the token it would ask for ships in the app.
  app.get('/api/v1/openapi.json', (c) =>
    c.body(openApiDocumentText(), 200, { 'Content-Type': 'application/json; charset=UTF-8' }),
  );
  app.route('/api/v1', createApiRoutes(deps));
  app.all('/api/*', (c) => {
    throw notFound(`There is no ${c.req.method} ${c.req.path}: this provider answers under /api/v1/`);
  });

  addPhotoFiles(app, deps.db);
  addOpsRoutes(app, {
    readiness: deps.readiness ?? (async () => ({ ready: true })),
    metrics: deps.metrics,
    readMetrics: deps.readMetrics,
  });
  addStaticRoutes(app, {
    staticDir: deps.staticDir ?? 'dist',
    imagesDir: deps.imagesDir ?? IMAGES_DIR,
    // The app this provider serves talks to it, here, with its token: whatever the build was given.
    runtimeConfig: { api_token: deps.token, api_origin: null },
    restaurant: async () => {
      const { name, languages } = await readRestaurant(deps.db);
      return { name, language: languages[0] };
    },
  });

  app.onError((error, c) => {
    // The guest went away (closed the tab, lost the network): nobody is left to answer, and it is no fault of ours.
    if (c.req.raw.signal.aborted) return c.body(null, 499 as never);
    return errorAnswer(c, toProviderError(error, requestFields(c)));
  });
  return app;
}
