// The provider serves the built app: cache headers, SPA fallback, security headers, compression, and no build yet.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderApp } from '../../server/app';
import { createOrderKeys } from '../../server/orders/order-access';
import type { RunningProvider } from '../../server/start';
import { makeTempDir, startTestProvider } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><title>Amber Table</title></head><body><div id="root"></div></body></html>';
const BIG_SCRIPT = `console.log(${JSON.stringify('menu '.repeat(2000))});\n`;

describe('static serving', () => {
  let dist: Awaited<ReturnType<typeof makeTempDir>>;
  let provider: RunningProvider;

  beforeAll(async () => {
    dist = await makeTempDir('provider-dist');
    await mkdir(join(dist.path, 'assets'));
    await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
    await writeFile(join(dist.path, 'assets', 'index-Ab12Cd34.js'), BIG_SCRIPT);
    await writeFile(join(dist.path, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist.path, 'assets', 'index-Ab12Cd34.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    provider = await startTestProvider({ staticDir: dist.path });
  });
  afterAll(async () => {
    await provider.close();
    await dist.remove();
  });

  it('answers index.html at / without long-lived caching', async () => {
    const response = await fetch(`${provider.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it.each(['/cart', '/cart?orderID=ABC', '/some/unknown/page', '/menu.html'])(
    'falls back to index.html for %s',
    async (path) => {
      const response = await fetch(`${provider.url}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

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

  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/v1/category']) {
      const response = await fetch(`${provider.url}${path}`, { headers: { Authorization: 'Bearer demo-token' } });
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("img-src 'self' https:");
      expect(csp).toContain("frame-ancestors 'none'");
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
    const unbuilt = createProviderApp({
      db: provider.db,
      token: 'demo-token',
      orderKeys: createOrderKeys('a-test-secret-of-enough-length'),
      staticDir: join(dist.path, 'no-such-dist'),
    });
    const page = await unbuilt.request('/cart');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    const api = await unbuilt.request('/api/v1/category', { headers: { Authorization: 'Bearer demo-token' } });
    expect(api.status).toBe(200);
  });
});
