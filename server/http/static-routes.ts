// Serves the provider's images and the built app, with index.html for every other page path (SPA fallback).
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StaticOptions {
  /** The built app (`vite build` output); it may not exist yet. */
  staticDir: string;
  imagesDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// no-cache still lets the browser keep a copy, but it must ask first: a new build is picked up at once.
const REVALIDATE = 'no-cache';

const NOT_BUILT =
  'The app has not been built yet. Run `npm run build` (or `npm start`, which builds and starts), then reload. The API under /api/v1/ works already.';

// Only pictures under /images/: that folder also holds the script that draws them, which is not for the public.
const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif|gif)$/i;
// Source maps (built for error tracking) and sources stay on the server.
const PRIVATE_FILE = /\.(map|tsx?|mts|cts)$/i;

export function addStaticRoutes(app: Hono, { staticDir, imagesDir }: StaticOptions): void {
  app.use('/images/*', async (c, next) => {
    if (!IMAGE_FILE.test(c.req.path)) return c.text('Image not found', 404);
    return next();
  });
  app.use('*', async (c, next) => {
    if (PRIVATE_FILE.test(c.req.path)) return c.text('Not found', 404);
    return next();
  });
  app.use(
    '/images/*',
    serveStatic({
      root: imagesDir,
      rewriteRequestPath: (path) => path.replace(/^\/images/, ''),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
      },
    }),
  );
  app.all('/images/*', (c) => c.text('Image not found', 404));

  // Created on first use: the build folder may appear after the provider started.
  let appFiles: MiddlewareHandler | undefined;
  const serveAppFile: MiddlewareHandler = async (c, next) => {
    if (!existsSync(staticDir)) return next();
    appFiles ??= serveStatic({
      root: staticDir,
      onFound: (path, found) => {
        found.header('Cache-Control', cachePolicy(found.req.path, path));
      },
    });
    return appFiles(c, next);
  };

  app.use('/assets/*', serveAppFile);
  // A missing hashed asset must not be answered with index.html: the browser would try to run HTML as script.
  app.get('/assets/*', (c) => c.text('Not found', 404));

  app.use('*', serveAppFile);
  app.get('*', async (c) => spaFallback(c, staticDir));
  app.all('*', (c) => c.text('Not found', 404));
}

function cachePolicy(requestPath: string, filePath: string): string {
  // Vite puts content-hashed files under assets/: their name changes whenever their bytes do.
  if (requestPath.startsWith('/assets/')) return IMMUTABLE;
  // The service worker decides which version of the app a device runs: a new one must be seen at the next check.
  if (requestPath === '/sw.js') return REVALIDATE;
  return filePath.endsWith('.html') ? REVALIDATE : 'public, max-age=3600';
}

function wantsPage(c: Context): boolean {
  const lastSegment = c.req.path.split('/').pop() ?? '';
  // A path without an extension is a page of the app; a file-like path only when a browser navigates to it.
  return !lastSegment.includes('.') || (c.req.header('Accept') ?? '').includes('text/html');
}

async function spaFallback(c: Context, staticDir: string): Promise<Response> {
  if (!wantsPage(c)) return c.text('Not found', 404);
  let html: string;
  try {
    html = await readFile(join(staticDir, 'index.html'), 'utf8');
  } catch {
    c.header('Retry-After', '10');
    return c.text(NOT_BUILT, 503);
  }
  c.header('Cache-Control', REVALIDATE);
  // The app's router decides what an unknown path shows (its own not-found page), so the status is 200.
  return c.html(html);
}
