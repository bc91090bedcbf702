// Serves the provider's images and the built app, with index.html for every other page path (SPA fallback); the page
// carries the provider's runtime config, the web manifest the restaurant's name.
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../contract/runtime-config';
import { withRevisedIndex, withRuntimeConfig } from './runtime-config';

export interface StaticOptions {
  /** The built app (`vite build` output); it may not exist yet. */
  staticDir: string;
  imagesDir: string;
  /** What the served page is told: the provider's token and API origin. */
  runtimeConfig: RuntimeConfig;
  /** The restaurant's name and own language, for the web manifest; undefined keeps the build's. */
  restaurant?: () => Promise<{ name: string; language: string | undefined }>;
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

export function addStaticRoutes(app: Hono, options: StaticOptions): void {
  const { staticDir, imagesDir } = options;
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
      // The build's Brotli copies (scripts/vite-brotli.ts), to browsers that accept them; gzip on the fly otherwise.
      precompressed: true,
      onFound: (path, found) => {
        found.header('Cache-Control', cachePolicy(found.req.path, path));
      },
    });
    return appFiles(c, next);
  };

  // Files whose bytes the provider writes in (none of them under /assets/).
  const built = builtFiles(staticDir);
  const page = (c: Context) => servePage(c, built, options.runtimeConfig);
  app.get('/', page);
  app.get('/index.html', page);
  app.get('/sw.js', async (c, next) => {
    const serviceWorker = await built.read('sw.js');
    if (serviceWorker === undefined) return next();
    c.header('Cache-Control', REVALIDATE);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(withRevisedIndex(serviceWorker, options.runtimeConfig));
  });
  app.get('/manifest.webmanifest', async (c, next) => {
    const manifest = await built.read('manifest.webmanifest');
    if (manifest === undefined) return next();
    c.header('Cache-Control', REVALIDATE);
    c.header('Content-Type', 'application/manifest+json');
    return c.body(await withRestaurantName(manifest, options.restaurant));
  });

  app.use('/assets/*', serveAppFile);
  // A missing hashed asset must not be answered with index.html: the browser would try to run HTML as script.
  app.get('/assets/*', (c) => c.text('Not found', 404));

  app.use('*', serveAppFile);
  app.get('*', async (c) => (wantsPage(c) ? page(c) : c.text('Not found', 404)));
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

/** Reads the build's files, each read again only when it changed on disk (a new build under a running provider). */
function builtFiles(staticDir: string) {
  const cache = new Map<string, { mtimeMs: number; size: number; text: string }>();
  return {
    async read(name: string): Promise<string | undefined> {
      const path = join(staticDir, name);
      try {
        const { mtimeMs, size } = await stat(path);
        const known = cache.get(name);
        if (known && known.mtimeMs === mtimeMs && known.size === size) return known.text;
        const text = await readFile(path, 'utf8');
        cache.set(name, { mtimeMs, size, text });
        return text;
      } catch {
        cache.delete(name);
        return undefined;
      }
    },
  };
}

async function servePage(c: Context, built: ReturnType<typeof builtFiles>, config: RuntimeConfig): Promise<Response> {
  const html = await built.read('index.html');
  if (html === undefined) {
    c.header('Retry-After', '10');
    return c.text(NOT_BUILT, 503);
  }
  c.header('Cache-Control', REVALIDATE);
  // The app's router decides what an unknown path shows (its own not-found page), so the status is 200.
  return c.html(withRuntimeConfig(html, config));
}

/** The build's manifest under the restaurant's name, so an installed app is called what the restaurant is called. */
async function withRestaurantName(manifest: string, restaurant: StaticOptions['restaurant']): Promise<string> {
  if (!restaurant) return manifest;
  try {
    const { name, language } = await restaurant();
    const parsed = JSON.parse(manifest) as Record<string, unknown>;
    return JSON.stringify({ ...parsed, name, short_name: name, ...(language ? { lang: language } : {}) });
  } catch {
    // A database that is away, or a manifest that is not JSON: the build's own is still a good answer.
    return manifest;
  }
}
