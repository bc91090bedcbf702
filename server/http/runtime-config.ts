// The app's settings told at runtime: written into index.html as it is served (a <meta>, so the CSP's one inline
// script keeps its hash), and into the service worker's precache revision of index.html, so that installed apps fetch
// the page again when the provider's token changes.
import { createHash } from 'node:crypto';
import { RUNTIME_CONFIG_META, type RuntimeConfig } from '../../contract/runtime-config';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const EXISTING_META = new RegExp(`<meta\\s+name="${RUNTIME_CONFIG_META}"[^>]*>\\s*`, 'gi');

/** The page with the provider's config in its head (any config the build carried is replaced). */
export function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  const meta = `<meta name="${RUNTIME_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}" />`;
  const page = html.replace(EXISTING_META, '');
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, `${meta}\n  </head>`);
  return `${meta}\n${page}`;
}

// Workbox's precache manifest in the generated sw.js: `{url:"index.html",revision:"…"}` (either key first).
const INDEX_ENTRY = [
  /(\{\s*"?url"?\s*:\s*"\/?index\.html"\s*,\s*"?revision"?\s*:\s*")([^"]+)(")/,
  /(\{\s*"?revision"?\s*:\s*")([^"]+)("\s*,\s*"?url"?\s*:\s*"\/?index\.html")/,
];

/**
 * The service worker with index.html's precache revision made from the build's and the config: a new token is then a
 * new version of the page to every installed app (the browser compares sw.js byte for byte at its update checks).
 */
export function withRevisedIndex(serviceWorker: string, config: RuntimeConfig): string {
  for (const entry of INDEX_ENTRY) {
    if (!entry.test(serviceWorker)) continue;
    return serviceWorker.replace(entry, (_match, before: string, revision: string, after: string) => {
      const revised = createHash('sha256')
        .update(`${revision}\n${JSON.stringify(config)}`)
        .digest('hex')
        .slice(0, 32);
      return `${before}${revised}${after}`;
    });
  }
  return serviceWorker;
}
