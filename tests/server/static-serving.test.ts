// The provider serves the built app: cache headers, SPA fallback, security headers, compression, and no build yet.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderApp } from '../../server/app';
import { createOrderKeys } from '../../server/orders/order-access';
import { DEFAULT_RESTAURANT, writeRestaurant } from '../../server/restaurant/restaurant-store';
import type { RunningProvider } from '../../server/start';
import { readRuntimeConfig } from '../../src/api/config';
import { makeTempDir, startTestProvider } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><title>Amber Table</title></head><body><div id="root"></div></body></html>';
const BIG_SCRIPT = `console.log(${JSON.stringify('menu '.repeat(2000))});\n`;
const BIG_STYLES = `.menu { color: #1c1917; }\n`.repeat(200);
// The shape Workbox writes its precache manifest in (vite-plugin-pwa's generateSW, minified).
const SERVICE_WORKER =
  'define(["./workbox-1"],(function(e){e.precacheAndRoute([{url:"assets/index-Ab12Cd34.js",revision:null},' +
  '{url:"favicon.svg",revision:"f00d"},{url:"index.html",revision:"6c8e71daac68f2a559c1caf1fd4f24ea"}],{})}));';
const MANIFEST = JSON.stringify({ name: 'Built Name', short_name: 'Built Name', lang: 'en', start_url: '/' });

/** The page as a browser reads it, and the runtime config the app would read from it. */
function servedPage(html: string) {
  const { document } = new JSDOM(html).window;
  return { document, config: readRuntimeConfig(document) };
}

function unbuiltApp(provider: RunningProvider, staticDir: string, token = 'demo-token') {
  return createProviderApp({
    db: provider.db,
    token,
    orderKeys: createOrderKeys('a-test-secret-of-enough-length'),
    staticDir,
  });
}

describe('static serving', () => {
  let dist: Awaited<ReturnType<typeof makeTempDir>>;
  let provider: RunningProvider;

  beforeAll(async () => {
    dist = await makeTempDir('provider-dist');
    await mkdir(join(dist.path, 'assets'));
    await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
    await writeFile(join(dist.path, 'assets', 'index-Ab12Cd34.js'), BIG_SCRIPT);
    // The build writes a Brotli copy beside each script and style sheet (scripts/vite-brotli.ts).
    await writeFile(join(dist.path, 'assets', 'index-Ef56Gh78.css'), BIG_STYLES);
    await writeFile(join(dist.path, 'assets', 'index-Ef56Gh78.css.br'), brotliCompressSync(BIG_STYLES));
    await writeFile(join(dist.path, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist.path, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    await writeFile(join(dist.path, 'sw.js'), SERVICE_WORKER);
    await writeFile(join(dist.path, 'manifest.webmanifest'), MANIFEST);
    provider = await startTestProvider({ staticDir: dist.path });
  });
  afterAll(async () => {
    await provider.close();
    await dist.remove();
  });

  it('answers index.html at / without long-lived caching, telling the app its token and API origin', async () => {
    const response = await fetch(`${provider.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const { document, config } = servedPage(await response.text());
    expect(config).toEqual({ api_token: 'demo-token', api_origin: null });
    expect(document.title).toBe('Amber Table');
    expect(document.getElementById('root')).not.toBeNull();
  });

  it.each(['/index.html', '/cart', '/cart?orderID=ABC', '/some/unknown/page', '/menu.html'])(
    'falls back to the same page for %s',
    async (path) => {
      const response = await fetch(`${provider.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(await (await fetch(`${provider.url}/`)).text());
    },
  );

  it('tells the app the provider’s own token, whatever the build was given, and escapes it', async () => {
    const token = 'a "token" <with> & marks';
    const app = unbuiltApp(provider, dist.path, token);
    const page = await app.request('/');
    const html = await page.text();
    expect(servedPage(html).config).toEqual({ api_token: token, api_origin: null });
    expect(html).not.toContain('<with>');
    // The CSP is the same and the page has no script it did not have: the config is data, never an inline script.
    expect(page.headers.get('Content-Security-Policy')).toBe(
      (await fetch(`${provider.url}/`)).headers.get('Content-Security-Policy'),
    );
    expect(servedPage(html).document.querySelectorAll('script')).toHaveLength(0);
    // A page that carried a config of its own (built for another host) is told this provider's instead.
    const twice = unbuiltApp(provider, dist.path, 'second');
    expect(servedPage(await (await twice.request('/')).text()).config?.api_token).toBe('second');
  });

  it('gives index.html a precache revision of its own in sw.js for each token, leaving the other entries', async () => {
    const served = async (token: string) => {
      const response = await unbuiltApp(provider, dist.path, token).request('/sw.js');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(response.headers.get('Content-Type')).toContain('javascript');
      return response.text();
    };
    const revision = (sw: string) => /url:"index\.html",revision:"([0-9a-f]+)"/.exec(sw)?.[1];
    const [demo, again, other] = [await served('demo-token'), await served('demo-token'), await served('other')];
    expect(revision(demo)).toBeDefined();
    expect(revision(demo)).not.toBe('6c8e71daac68f2a559c1caf1fd4f24ea');
    expect(again).toBe(demo);
    expect(revision(other)).not.toBe(revision(demo));
    expect(other.replace(/url:"index\.html",revision:"[0-9a-f]+"/, '')).toBe(
      SERVICE_WORKER.replace(/url:"index\.html",revision:"[0-9a-f]+"/, ''),
    );
  });

  it('serves the web manifest under the restaurant’s name', async () => {
    const manifest = async () => (await fetch(`${provider.url}/manifest.webmanifest`)).json();
    expect(await manifest()).toMatchObject({ name: 'Amber Table', short_name: 'Amber Table', start_url: '/' });
    await provider.db.transaction((tx) =>
      writeRestaurant(tx, { ...DEFAULT_RESTAURANT, name: 'Casa Lucía', languages: ['es', 'en'] }),
    );
    expect(await manifest()).toMatchObject({ name: 'Casa Lucía', short_name: 'Casa Lucía', lang: 'es' });
  });

  it('caches hashed assets for a year, immutable, and gzips them', async () => {
    const response = await fetch(`${provider.url}/assets/index-Ab12Cd34.js`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Type')).toContain('javascript');
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(await response.text()).toBe(BIG_SCRIPT); // fetch decompresses
  });

  it('sends the build’s Brotli copy to a browser that accepts it, gzip to one that does not', async () => {
    const styles = (encoding: string) =>
      fetch(`${provider.url}/assets/index-Ef56Gh78.css`, { headers: { 'Accept-Encoding': encoding } });
    const brotli = await styles('gzip, deflate, br');
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Content-Type')).toContain('text/css');
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(BIG_STYLES); // fetch decompresses
    const gzip = await styles('gzip');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(BIG_STYLES);
  });

  it('sends a built script or style sheet nosniff without the page’s policies, which govern only the page', async () => {
    for (const path of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
      const response = await fetch(`${provider.url}${path}`);
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(response.headers.get('Content-Security-Policy'), path).toBeNull();
      expect(response.headers.get('X-Frame-Options'), path).toBeNull();
    }
  });

  it('answers 404, not index.html, for a missing asset or file', async () => {
    expect((await fetch(`${provider.url}/assets/index-missing.js`)).status).toBe(404);
    expect((await fetch(`${provider.url}/robots.txt`)).status).toBe(404);
  });

  it('never serves source maps nor TypeScript sources, of the build or of the images folder', async () => {
    for (const path of [
      '/assets/index-Ab12Cd34.js.map',
      '/images/draw-dishes.ts',
      '/images/dishes/../draw-dishes.ts',
    ]) {
      const response = await fetch(`${provider.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('sources');
    }
    const image = await fetch(`${provider.url}/images/dishes/pizza-1.svg`);
    expect(image.status).toBe(200);
  });

  it('serves other files of the build', async () => {
    const response = await fetch(`${provider.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('image/svg+xml');
  });

  it('answers unknown /api paths with the JSON 404, not the app', async () => {
    const response = await fetch(`${provider.url}/api/v2/menu`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('sends security headers on pages, API answers and the service worker', async () => {
    for (const path of ['/', '/sw.js', '/favicon.svg']) {
      const response = await fetch(`${provider.url}${path}`, { headers: { Authorization: 'Bearer demo-token' } });
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' https:");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    // An API answer is never a document: nothing may load in it or frame it, and the page's policies stay off it.
    for (const path of ['/api/v1/category', '/api/v1/no-such-call']) {
      const response = await fetch(`${provider.url}${path}`, { headers: { Authorization: 'Bearer demo-token' } });
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(response.headers.get('Content-Security-Policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('Permissions-Policy'), path).toBeNull();
    }
  });

  it("allows index.html's inline scripts by their hashes, and no other inline script", async () => {
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const response = await fetch(`${provider.url}/`);
    const scriptSources = (response.headers.get('Content-Security-Policy') ?? '')
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))
      ?.split(' ')
      .slice(1);
    const hashes = inline.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(scriptSources).toEqual(["'self'", ...hashes]);
  });

  it('explains how to build on page paths while the API keeps working, before the app is built', async () => {
    // Same database, another app instance pointed at a build folder that does not exist.
    const unbuilt = unbuiltApp(provider, join(dist.path, 'no-such-dist'));
    const page = await unbuilt.request('/cart');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    const api = await unbuilt.request('/api/v1/category', { headers: { Authorization: 'Bearer demo-token' } });
    expect(api.status).toBe(200);
  });
});
