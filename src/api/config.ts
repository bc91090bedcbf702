// Where the provider lives and how the app identifies itself to it: what the provider serving the page wrote into it
// (runtime), else what the build was given (VITE_API_ORIGIN, VITE_API_TOKEN) for an app hosted elsewhere.
import { RUNTIME_CONFIG_META, type RuntimeConfig } from '../../contract/runtime-config';

/** The contract's versioned base path; the provider's paths are relative to it. */
export const API_BASE_PATH = '/api/v1/';

/** The page's runtime config, or null for a page the provider did not serve (a CDN, Vite's dev server, a test). */
export function readRuntimeConfig(root: ParentNode | undefined = globalThis.document): RuntimeConfig | null {
  const content = root?.querySelector(`meta[name="${RUNTIME_CONFIG_META}"]`)?.getAttribute('content');
  try {
    const config = content ? (JSON.parse(content) as Partial<RuntimeConfig> | null) : null;
    return typeof config?.api_token === 'string' && config.api_token
      ? { api_token: config.api_token, api_origin: config.api_origin || null }
      : null;
  } catch {
    return null;
  }
}

let runtime = readRuntimeConfig();
const adopted = new Set<() => void>();

/** A newer runtime config, read from the provider after it refused the token the page was served with. */
export function adoptRuntimeConfig(config: RuntimeConfig): void {
  runtime = config;
  for (const listener of adopted) listener();
}

/** Called after a newer runtime config was taken up (the app asks again what failed); returns the unsubscriber. */
export function onRuntimeConfigAdopted(listener: () => void): () => void {
  adopted.add(listener);
  return () => adopted.delete(listener);
}

/** The provider's origin: the runtime config's, else VITE_API_ORIGIN, else the app's own origin. */
export function apiOrigin(): string {
  if (runtime) return runtime.api_origin || globalThis.location.origin;
  return import.meta.env.VITE_API_ORIGIN || globalThis.location.origin;
}

export function apiBaseUrl(origin: string = apiOrigin()): string {
  return new URL(API_BASE_PATH, origin).href;
}

/** The bearer token every call carries: the runtime config's, else VITE_API_TOKEN, else the demo's. */
export function apiToken(): string {
  return runtime?.api_token || import.meta.env.VITE_API_TOKEN || 'demo-token';
}

/** Answers slower than this count as the spec's timeout error. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Removed from sessionStorage whenever the provider answers 503 (spec §8). */
export const SESSION_API_KEY = 'api_key';
