// Security headers for every answer: the built app is audited with Lighthouse, and the API is public.
import type { MiddlewareHandler } from 'hono';

// style-src allows inline styles because the loader animation and React's style props set them; scripts are 'self'
// and index.html's one inline script (its hash: a test fails when the two differ). Images may be any https: URL,
// since the contract lets a provider point at a CDN.
export const INLINE_SCRIPT_HASHES = ["'sha256-IhFJ0+RPNxm0VM9Xmt5lwZMu03Nal/4EsTPPL89tePg='"];
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  };
}
