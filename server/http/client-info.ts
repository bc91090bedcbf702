// Who is asking, as far as the provider can tell: the client's address (for per-client limits) and whether the request
// came over https (for the Secure cookie attribute), trusting a reverse proxy's headers only when told to.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIPv6 } from 'node:net';

export interface ClientInfoOptions {
  /**
   * PROVIDER_TRUST_PROXY: the provider is reached only through one reverse proxy (TLS in front), which sets
   * X-Forwarded-For and X-Forwarded-Proto. Off by default: anyone can send those headers.
   */
  trustProxy?: boolean;
}

/** One host usually holds a whole IPv6 /64, so its addresses count as one client. */
export function clientKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry (the one it added). */
export function clientAddress(c: Context, { trustProxy = false }: ClientInfoOptions = {}): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return clientKey(forwarded);
  }
  return clientKey(socketAddress(c));
}

/** True when the client's request came over https: the URL's scheme, or behind a trusted proxy X-Forwarded-Proto. */
export function isHttps(c: Context, { trustProxy = false }: ClientInfoOptions = {}): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}
