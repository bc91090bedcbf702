// The request body's size limit, without opening the body when its length is declared.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, except that a body whose Content-Length is declared (and not chunked) is judged by that header
 * alone, as bodyLimit itself does, but without first asking whether there is a body: that question turns the node
 * adapter's light request into a full Request with a web stream for its body, on every POST. Node's parser reads
 * exactly the declared length as the body, so the header is the body's size. GET and HEAD have no body to limit.
 */
export function declaredBodyLimit(
  maxSize: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length === undefined || c.req.header('Transfer-Encoding') !== undefined) return counting(c, next);
    return Number.parseInt(length, 10) > maxSize ? Promise.resolve(onError(c)) : next();
  };
}
