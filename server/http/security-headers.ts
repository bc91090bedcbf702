// Security headers for every answer: the built app is audited with Lighthouse, and the API is public.
import type { MiddlewareHandler } from 'hono';

// style-src allows inline styles because the loader animation and React's style props set them; scripts are 'self'
// and index.html's one inline script (its hash: a test fails when the two differ). Images may be any https: URL,
// since the contract lets a provider point at a CDN.
export const INLINE_SCRIPT_HASHES = ["'sha256-IhFJ0+RPNxm0VM9Xmt5lwZMu03Nal/4EsTPPL89tePg='"];
// Stripe's Payment Element: its script, its frames (card fields, 3-D Secure), and the Payment Request API inside them
// (https://docs.stripe.com/security/guide#content-security-policy). Allowed only when Stripe takes the payments.
const STRIPE_SCRIPTS = 'https://js.stripe.com';
const STRIPE_FRAMES = 'https://js.stripe.com https://hooks.stripe.com';

function contentSecurityPolicy(stripe: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${INLINE_SCRIPT_HASHES.join(' ')}${stripe ? ` ${STRIPE_SCRIPTS}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    ...(stripe ? [`frame-src ${STRIPE_FRAMES}`] : []),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// The build's hashed scripts and style sheets: the page's policies (CSP, framing, opener, permissions, referrer) are
// the document's and govern what it loads, not these files, and at 0.6 kB an answer they were a tenth of the first
// screen's bytes on a slow phone network. nosniff stays: it is what makes a browser refuse a script of the wrong type.
const BUILT_SUBRESOURCE = /^\/assets\/[^/]+\.(?:js|css)$/;

// The API's answers (JSON, the live stream) are never documents: a policy that lets nothing load or frame them, should
// one be opened in a tab, instead of the page's (0.5 kB an answer, on the first screen's reads on a slow network).
// Opener and permissions policies govern documents only.
const API_ANSWER = /^\/api\//;
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function securityHeaders({ stripe = false }: { stripe?: boolean } = {}): MiddlewareHandler {
  const policy = contentSecurityPolicy(stripe);
  const permissions = `camera=(), microphone=(), geolocation=(), payment=(${stripe ? '"https://js.stripe.com"' : ''})`;
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (BUILT_SUBRESOURCE.test(c.req.path)) return;
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    if (API_ANSWER.test(c.req.path)) {
      headers.set('Content-Security-Policy', API_POLICY);
      return;
    }
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', permissions);
    headers.set('Content-Security-Policy', policy);
  };
}
