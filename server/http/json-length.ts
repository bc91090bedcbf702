// Every JSON answer carries its length, so that compression leaves the small ones as they are.
import type { MiddlewareHandler } from 'hono';

type Respond = (data: unknown, arg?: unknown, headers?: Record<string, string>) => Response;

/**
 * Hono's compress middleware compresses any answer whose Content-Length does not put it under its threshold (1 KB),
 * and `c.json` sets none. So to a browser, which always accepts gzip, every JSON answer went out gzipped through a
 * web stream and chunked, even `summary`'s 82 bytes, at three times the provider's CPU for that answer. `c.json` is
 * made here as Hono makes it (the same text, the same Content-Type unless one is given), with the length added:
 * compress then sends the small answers as they are and still compresses the large ones (a menu, a day's figures).
 */
export const jsonLength: MiddlewareHandler = async (c, next) => {
  const json = c.json as unknown as Respond;
  const body = c.body as unknown as Respond;
  const withLength: Respond = (object, arg, headers) => {
    const text = JSON.stringify(object);
    if (typeof text !== 'string') return json(object, arg, headers);
    return body(text, arg, {
      'Content-Type': 'application/json',
      ...headers,
      'Content-Length': String(Buffer.byteLength(text)),
    });
  };
  c.json = withLength as unknown as typeof c.json;
  await next();
};
