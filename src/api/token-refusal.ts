// When the provider refuses the app's token: this copy of the page (the service worker's, or one open since before the
// provider was restarted with another PROVIDER_TOKEN) may carry an old one, so the page's runtime config is read again
// from the provider and taken up if it changed (the app then asks again what failed: app-providers.tsx).
import type { RuntimeConfig } from '../../contract/runtime-config';

/** The page's runtime config, as config.ts keeps it (handed over by the client, so this chunk shares none of it). */
export interface RuntimeConfigAccess {
  token: string;
  read: (page: ParentNode) => RuntimeConfig | null;
  adopt: (config: RuntimeConfig) => void;
}

/** Tokens already refused: each is replaced at most once, so a provider that refuses its own never loops. */
const refused = new Set<string>();
let running: Promise<boolean> | null = null;

/** The provider's current runtime config, read from the page as it serves it now (never the service worker's copy). */
async function fetchRuntimeConfig(read: RuntimeConfigAccess['read']): Promise<RuntimeConfig | null> {
  // A query the service worker has not precached goes to the network; no-store keeps the HTTP cache out of it too.
  const url = new URL(`/?runtime-config=${Date.now()}`, globalThis.location.origin);
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'text/html' } });
  if (!response.ok) return null;
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  return read(page);
}

/** Resolves true when a new token was taken up. */
export function recoverRefusedToken({ token, read, adopt }: RuntimeConfigAccess): Promise<boolean> {
  if (refused.has(token)) return running ?? Promise.resolve(false);
  refused.add(token);
  running = fetchRuntimeConfig(read)
    .then((config) => {
      if (!config || config.api_token === token) return false;
      adopt(config);
      // The service worker's copy of the page is replaced too: the provider gives it a new revision (static-routes.ts).
      void globalThis.navigator?.serviceWorker?.getRegistration().then((registration) => registration?.update());
      return true;
    })
    .catch(() => false)
    .finally(() => {
      running = null;
    });
  return running;
}
