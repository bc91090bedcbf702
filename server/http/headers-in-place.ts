// Headers added to an answer already made are set on it, not on a rebuilt copy.
import type { MiddlewareHandler } from 'hono';

/**
 * Once a route has answered, Hono's `c.header()` rebuilds the answer around its body as a stream before setting the
 * header (only once the body has been read does it set it in place). The request id, `Cache-Control` and compress's
 * `Vary` are all added that way, so every API answer cost three Responses and a web stream, and went out chunked
 * instead of with its length. Every answer here is made by the provider with headers that can be changed (the
 * security headers are already set in place on each), so the header is set on the answer itself.
 */
export const headersInPlace: MiddlewareHandler = async (c, next) => {
  const setHeader = c.header;
  c.header = (name, value, options) => {
    if (!c.finalized) return setHeader(name, value, options);
    const headers = c.res.headers;
    if (value === undefined) headers.delete(name);
    else if (options?.append) headers.append(name, value);
    else headers.set(name, value);
  };
  await next();
};
