// Where the provider lives and how the app identifies itself to it (build-time configuration).

/** The contract's versioned base path; the provider's paths are relative to it. */
export const API_BASE_PATH = '/api/v1/';

/** The provider's origin: VITE_API_ORIGIN when set at build time, otherwise the app's own origin. */
export function apiBaseUrl(origin: string = import.meta.env.VITE_API_ORIGIN || globalThis.location.origin): string {
  return new URL(API_BASE_PATH, origin).href;
}

export const API_TOKEN: string = import.meta.env.VITE_API_TOKEN || 'demo-token';

/** Answers slower than this count as the spec's timeout error. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Removed from sessionStorage whenever the provider answers 503 (spec §8). */
export const SESSION_API_KEY = 'api_key';
